/** Every text of the SOS feature, in one place for the components and their tests. */

function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
}

export const sosText = {
  button: 'Alert my people now',
  shortButton: 'SOS',
  dialogTitle: 'Alert your people now?',
  confirm: 'Yes, alert them now',
  sending: 'Alerting…',
  cancel: 'Not now',
  loadingAudience: 'Checking who will be told…',
  audience: (names: string[]) =>
    names.length === 1
      ? `${names[0]} will be told right away, with where you are if you share it with them.`
      : `${names.length} people will be told right away: ${names.join(', ')}. They see where you are if you share it with them.`,
  nobody:
    'Nobody in your care circle has the SOS alert yet, so nobody will be told. If you need someone right now, call or text 988 (the Suicide & Crisis Lifeline), or someone on your crisis page.',
  audienceUnknown: "We couldn't check who will be told. Everyone you gave the SOS alert to will be.",
  call988: 'Call 988',
  resultTitle: 'Your people are being told',
  repeatTitle: 'Already sent',
  failedTitle: "We couldn't send it",
  failed: "Your SOS didn't go through. Please try again, or call or text 988 now.",
  close: 'Close',
  crisisTitle: 'Tell your people',
  crisisDescription: 'One tap tells everyone you gave the SOS alert to, at once, even in their quiet hours.',
}

export const actionsText = {
  group: 'What you can do now',
  okay: "I'm okay",
  okaySending: 'Saving…',
  okayAt: (iso: string) => `You said you're okay at ${clock(iso)}`,
  okayFailed: "We couldn't save that. Please try again.",
  safetyPlan: 'Open my safety plan',
}

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
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  loading: 'Loading your choices…',
  failed: "We couldn't load your choices.",
  retry: 'Try again',
  saveFailed: "We couldn't save your choices. Please try again.",
}
