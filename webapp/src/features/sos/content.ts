/** Every text of the SOS feature, in one place for the components and their tests. */

import { formatClock as clock } from '@/lib/date-format'

import type { SosChannel } from './types'

/** "3:42 PM", or "Tue, Nov 24, 3:42 PM" when it was not today. */
function when(iso: string, now = new Date()): string {
  const at = new Date(iso)
  if (at.toDateString() === now.toDateString()) return clock(iso)
  return `${at.toLocaleDateString('en-US', { weekday: 'short', day: 'numeric', month: 'short' })}, ${clock(iso)}`
}

/** The SOS window (the server's lifeline.SOSWindow): how long the page keeps sharing where you are. */
export const SOS_WINDOW_MINUTES = 60

const channelWords: Record<SosChannel, string> = {
  email: 'email',
  push: 'notifications on their phone',
  webhook: 'their own alert app',
}

function joinAnd(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

export const sosText = {
  button: 'Alert my people now',
  shortButton: 'SOS',
  dialogTitle: 'Alert your people now?',
  confirm: 'Yes, alert them now',
  sending: 'Alerting…',
  cancel: 'Not now',
  loadingAudience: 'Checking who will be told…',
  toldAtOnce: 'They are told at once, even in their quiet hours, with where you are if you share it with them:',
  appOnlyIntro: 'They will see it only when they open Lifeline:',
  hears: (channels: SosChannel[]) =>
    channels.length === 0 ? 'only in the app, when they open Lifeline' : `by ${joinAnd(channels.map((c) => channelWords[c]))}`,
  nobodyOutside:
    'Nobody will hear this outside the app, so they may not know for a while. If you need someone now, call 988 (the Suicide & Crisis Lifeline) or someone you trust:',
  nobody:
    'Nobody in your care circle has the SOS alert yet, so nobody will be told. If you need someone right now, call or text 988 (the Suicide & Crisis Lifeline), or someone you trust:',
  position: `Your browser is asked where you are, and this page keeps sharing it for ${SOS_WINDOW_MINUTES} minutes, or until you say you're safe.`,
  audienceUnknown: "We couldn't check who will be told. Everyone you gave the SOS alert to will be.",
  callNow: 'Call now',
  call988: 'Call 988',
  callContact: (name: string) => `Call ${name}`,
  resultTitle: 'Your people are being told',
  resultTitleAppOnly: 'Your SOS is waiting in the app',
  resultTitleNobody: 'Nobody could be told',
  sharingUntil: (iso: string) => `Where you are is shared until ${clock(iso)} while Lifeline stays open, or until you say you're safe.`,
  notPositioned: "Your browser didn't give your position, so your people don't see where you are.",
  repeatTitle: 'Already sent',
  failedTitle: "We couldn't send it",
  failed: "Your SOS didn't go through. Please try again, or call or text 988 now.",
  close: 'Close',
  crisisTitle: 'Tell your people',
  crisisDescription: 'One tap tells everyone you gave the SOS alert to, at once, even in their quiet hours.',
}

/** The open SOS, wherever it shows: the shell's banner, the dialog, the alert. */
export const safeText = {
  banner: 'Your SOS',
  title: 'Your SOS is open',
  since: (iso: string) => `You asked for help at ${when(iso)}.`,
  sharing: (untilIso: string) => `Sharing where you are until ${clock(untilIso)}, while Lifeline is open.`,
  sharingBlocked: "Your position isn't shared: this browser may not use your location.",
  sharingEnded: (untilIso: string) => `Sharing your position ended at ${when(untilIso)}. Your SOS stays open until you say you're safe.`,
  safe: "I'm safe now",
  sending: 'Telling them…',
  failed: "We couldn't close your SOS. Please try again, or call 988 if you need someone now.",
  closed: { title: "Glad you're safe", description: 'Your SOS is closed, and everyone who was told hears that you are safe now.' },
}

export const actionsText = {
  group: 'What you can do now',
  okay: "I'm okay",
  okaySending: 'Saving…',
  okayAt: (iso: string) => `You said you're okay at ${clock(iso)}`,
  okayFailed: "We couldn't save that. Please try again.",
  safetyPlan: 'Open my safety plan',
}

const minutesWords = (minutes: string) => (minutes === '1' ? '1 minute' : `${minutes || '…'} minutes`)

export const escalationText = {
  title: 'When my people are told',
  description:
    "You always hear first. These choices say when your supporters hear about an alert too, if you gave them that kind of alert. An SOS always reaches them at once.",
  avoidZone: 'When I go into a place I chose to avoid',
  avoidZoneDefault: (minutes: number) => `After ${minutes} minutes if I haven't said I'm okay (the usual)`,
  avoidZoneAfter: "After a wait I choose, if I haven't said I'm okay",
  avoidZoneNever: "Don't tell them",
  minutes: 'Minutes to wait (1–120)',
  missed: 'When I miss check-ins',
  missedDays: 'Tell them after this many days in a row without a check-in (1–7)',
  device: 'When my bracelet is low or offline',
  deviceAtOnce: 'Tell them at once',
  deviceNever: "Don't tell them",
  tiers: "When nobody says they're on it",
  tierWindow: 'Minutes before the next people are told (1–120)',
  tierWindowSays: (minutes: string) => `If nobody says they're on it within ${minutesWords(minutes)}, tell the next people.`,
  claimRemind: 'Minutes before a reminder (5–240)',
  claimRemindSays: (minutes: string) => `Remind whoever is on it after ${minutesWords(minutes)}.`,
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  loading: 'Loading your choices…',
  failed: "We couldn't load your choices.",
  retry: 'Try again',
  saveFailed: "We couldn't save your choices. Please try again.",
}
