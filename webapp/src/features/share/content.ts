import type { CopyFieldTexts } from '@/components/copy-field'

import type { ShareHours } from './types'

/** Every string of the share-link screens. */
export const shareText = {
  open: 'Share a link to my location',
  title: 'Share my location with a link',
  description:
    'Make a link that shows where you are right now to anyone who opens it, read-only, until it expires or you turn it off. They see your first name and your latest position — nothing else.',
  howLong: 'How long?',
  hours: { 1: '1 hour', 8: '8 hours', 24: '24 hours' } satisfies Record<ShareHours, string>,
  create: 'Create link',
  creating: 'Creating…',
  created: 'Your link is ready. Copy it now: it is shown only once.',
  linkLabel: 'Share link',
  copyField: {
    copy: 'Copy link',
    copied: 'Copied',
    copyFailed: 'Copy it by hand: select the link and copy.',
  } satisfies CopyFieldTexts,
  activeTitle: 'Active links',
  loading: 'Loading your links…',
  none: 'No active links. Nobody can see your location through a link.',
  loadFailed: 'Your links could not be loaded. Try again in a moment.',
  expires: (when: string) => `Expires ${when}`,
  neverOpened: 'Not opened yet',
  opened: (count: number) => (count === 1 ? 'Opened once' : `Opened ${count} times`),
  openedAt: 'Opened at',
  revoke: 'Turn off',
  revokeTitle: 'Turn this link off?',
  revokeDescription: 'Anyone with the link will stop seeing your location at once. This cannot be undone.',
  cancel: 'Keep it',
  revoking: 'Turning off…',
  revoked: 'The link is off.',
  failed: 'That did not work. Try again in a moment.',
  close: 'Close',
  page: {
    pageTitle: 'Shared location · Lifeline',
    title: (name: string) => (name ? `${name}'s location` : 'Shared location'),
    loading: 'Loading the shared location…',
    noPosition: 'No position yet. This page checks again every 15 seconds.',
    updated: (when: string) => `Last position ${when}`,
    until: (when: string) => `Shared until ${when}`,
    refreshing: 'Updates every 15 seconds.',
    goneTitle: 'No longer shared',
    expired: (when: string) => `This link expired ${when}. Ask for a new link if you still need it.`,
    stopped: 'This location is no longer shared: the link was turned off. Ask for a new link if you still need it.',
    gone: "This link is no longer shared. It may have expired or been turned off. If you were expecting to see someone's location, ask them for a new link.",
    noToken: 'This page needs the whole link. Check that you copied all of it.',
    failed: 'The location could not be loaded. It will try again shortly.',
    readOnly: 'Read-only: shared with you through Lifeline.',
  },
} as const
