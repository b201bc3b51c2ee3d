/** Query and mutation keys of the bracelets feature. The live stream refreshes `list()` (exactly: not the packets under it) on a `device` event. */
export const deviceKeys = {
  all: ['/api', 'devices'] as const,
  list: () => [...deviceKeys.all] as const,
  pair: () => [...deviceKeys.all, 'pair'] as const,
  revoke: () => [...deviceKeys.all, 'revoke'] as const,
  rename: () => [...deviceKeys.all, 'rename'] as const,
  /** A bracelet's latest packets; live `packet` events are merged into it while it is cached. */
  packets: (id: string) => [...deviceKeys.all, id, 'packets'] as const,
}
