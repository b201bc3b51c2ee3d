import type { AlertScope, LocationScope, SupporterStatus } from './types'

/** How often "People I support" asks again, so a new alert shows up without a reload. */
export const SUPPORTING_REFETCH_MS = 15_000

/** The `during_alert` window's choices, in minutes (the API takes 5 to 1440). */
export const LOCATION_WINDOWS = [15, 30, 60, 120, 240, 480, 1440] as const

/** How long an invitation link works (the server's InviteDays). */
export const INVITE_DAYS = 7

const minutes = (n: number) => (n < 60 ? `${n} minutes` : n === 60 ? '1 hour' : n === 1440 ? '24 hours' : `${n / 60} hours`)

/** Every text of the care circle's screens, in one place for the screens and their tests. */
export const careText = {
  circle: {
    pageTitle: 'Care circle - Lifeline',
    title: 'Care circle',
    description:
      'Let a few people you trust know when things get hard. Nothing is shared until they accept and you tick what they may see.',
    never:
      'Your supporters never see your check-in notes, triggers, what you wrote about using, or your location history. You can change or remove anyone at any time.',
    invite: 'Invite a supporter',
    listTitle: 'Your supporters',
    empty: 'Nobody is in your care circle yet. Invite someone you trust: a sponsor, a counselor, family or a friend.',
    loadError: "We couldn't load your care circle.",
    retry: 'Try again',
  },
  status: {
    pending: 'Invited',
    active: 'Active',
    revoked: 'Removed',
  } satisfies Record<SupporterStatus, string>,
  supporter: {
    invitedOn: (date: string) => `Invited ${date}`,
    expiresOn: (date: string) => `The link works until ${date}.`,
    acceptedOn: (date: string) => `Accepted ${date}`,
    onlyFor: (email: string) => `Only ${email} can accept.`,
    waiting: 'They have not accepted yet. You can already choose what they will see.',
    revoke: 'Remove',
    revokeLabel: (name: string) => `Remove ${name}`,
    revokeTitle: (name: string) => `Remove ${name} from your care circle?`,
    revokeDescription:
      'They will stop seeing anything you share straight away, and messages still waiting for them are dropped. You can invite them again later.',
    revokeConfirm: 'Remove supporter',
    revokePending: 'Removing…',
    cancel: 'Cancel',
    revoked: (name: string) => `${name} is no longer in your care circle.`,
    revokeFailed: "We couldn't remove them. Please try again.",
  },
  grant: {
    legend: (name: string) => `What ${name} can see`,
    offByDefault: 'Everything is off until you tick it.',
    checkInsLegend: 'Your check-ins',
    checkIns: 'Check-ins',
    checkInsHint: 'Whether you checked in today, your streak, and the week’s mood and cravings. Never your notes.',
    checkInDetails: 'Check-in details',
    checkInDetailsHint: 'How many days since you last reported using. Only with check-ins; never what you wrote about it.',
    alertsLegend: 'Alerts that reach them',
    alerts: {
      avoid_zone: 'Avoid zones',
      missed_checkin: 'Missed check-ins',
      device: 'Bracelet offline or battery low',
      sos: 'SOS, when you ask for help',
    } satisfies Record<AlertScope, string>,
    alertHints: {
      avoid_zone: 'Only if you don’t answer “I’m okay” in time and are still there.',
      missed_checkin: 'After two days in a row without a check-in.',
      device: 'When your bracelet goes quiet or its battery runs low.',
      sos: 'At once, when you press “Alert my people now”.',
    } satisfies Record<AlertScope, string>,
    locationLegend: 'Where you are',
    location: {
      never: 'Never',
      during_alert: 'Only during an alert or SOS',
      always: 'Always',
    } satisfies Record<LocationScope, string>,
    locationHint: 'Only your latest position, never your history.',
    window: 'For how long after the alert',
    windowOption: minutes,
    save: 'Save',
    saving: 'Saving…',
    saved: (name: string) => `Saved. ${name} now sees only what you ticked.`,
    saveFailed: "We couldn't save that. Please try again.",
  },
  inviteDialog: {
    title: 'Invite a supporter',
    description: 'You get a link to send them yourself. They sign in or create an account, then accept.',
    label: 'How do you know them?',
    labelHint: 'For example Sam, my sponsor. Only you see this.',
    labelRequired: 'Write a name or a few words so you know who this is.',
    email: 'Their email (optional)',
    emailHint: 'If you fill this in, only the account with this address can accept.',
    submit: 'Create invitation link',
    submitting: 'Creating…',
    cancel: 'Cancel',
    failed: "We couldn't create the invitation. Please try again.",
    doneTitle: 'Send them this link',
    doneDescription: `It works once, for ${INVITE_DAYS} days. Send it by message or email; they choose nothing until you tick what they may see.`,
    link: 'Invitation link',
    copy: 'Copy',
    copyLabel: 'Copy the invitation link',
    copied: 'Copied',
    copyFailed: 'Copying is blocked here: select the link and copy it yourself.',
    onceOnly: 'This link is shown only now. If you lose it, remove the invitation and make a new one.',
    done: 'Done',
  },
  views: {
    title: 'What they looked at',
    description: 'Each time a supporter opens what you share, it is written here.',
    empty: 'Nobody has looked at anything yet.',
    loadError: "We couldn't load what they looked at.",
    what: {
      checkins: 'your check-ins',
      alerts: 'your alerts',
      location: 'your location',
    } as Record<string, string>,
    line: (name: string, what: string) => `${name} looked at ${what}`,
  },
  accept: {
    pageTitle: 'Accept an invitation - Lifeline',
    title: 'Join a care circle',
    description:
      'Someone who trusts you has invited you to their care circle. You will see only what they choose to share, and they can change it at any time.',
    signedOut: 'Sign in or create a Lifeline account to accept. You will come back here afterwards.',
    signIn: 'Sign in',
    register: 'Create account',
    accept: 'Accept invitation',
    accepting: 'Accepting…',
    noToken: 'This page needs the link from your invitation. Open the link you were sent again.',
    accepted: (name: string) => `You now support ${name}.`,
    acceptedHint: 'They choose what you see. You can find them any time under People I support.',
    goSupporting: 'Go to People I support',
    failed: "We couldn't accept the invitation. Please try again.",
    expired: 'This invitation is not valid any more: it was used already or is older than 7 days. Ask them for a new one.',
  },
  supporting: {
    pageTitle: 'People I support - Lifeline',
    title: 'People I support',
    description: 'The people who asked you to be there for them, with exactly what each one shares.',
    empty: 'You are not supporting anyone yet.',
    emptyHow:
      'When someone invites you to their care circle, they send you a link. Open it, accept, and they will show up here with what they choose to share: an alert when things get hard, and sometimes where they are.',
    loadError: "We couldn't load the people you support.",
    retry: 'Try again',
    sharesNothing: 'They have not shared anything with you yet.',
    alertsTitle: 'Needs you now',
    noAlerts: 'No open alerts.',
    checkInsTitle: 'Check-ins',
    checkedInToday: 'Checked in today',
    notCheckedInToday: 'No check-in today yet',
    streak: (n: number) => `${n}-day streak`,
    weekly: (n: number) => `${n} check-ins this week`,
    mood: (n: number) => `Mood ${n.toFixed(1)} / 10`,
    cravings: (n: number) => `Cravings ${n.toFixed(1)} / 10`,
    daysSinceUse: (n: number) => `${n} days since they last reported using`,
    locationTitle: 'Where they are',
    locationAt: (time: string) => `Latest position, ${time}`,
    locationHidden: 'Their location shows here only while an alert is open.',
    details: 'Open',
    detailsLabel: (name: string) => `Open ${name}`,
    back: 'All people I support',
    notFound: 'This person is not in your list any more.',
    shares: 'They share',
    shareNames: { checkIns: 'check-ins', alerts: 'alerts', location: 'location' },
    callHint: 'A short message or call is often enough. If you think they are in danger, call 911.',
  },
  nav: {
    careCircle: 'Care circle',
    supporting: 'People I support',
  },
} as const
