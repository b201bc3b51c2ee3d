/** Query keys of the share feature: the wearer's links, and a link's public view. */
export const shareKeys = {
  all: ['/api', 'share-links'] as const,
  list: () => [...shareKeys.all] as const,
  view: (token: string) => ['/api', 'share', 'view', token] as const,
}
