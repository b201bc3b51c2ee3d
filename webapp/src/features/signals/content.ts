import type { SignalKind } from './types'

/** Every text of the early-warning signals' card and the supporter's view (docs/signals.md). */
export const signalsText = {
  card: {
    title: 'What Lifeline noticed',
    description: 'Patterns in your own recent numbers, next to your usual. Not a diagnosis: just something to look at.',
    empty: 'Nothing unusual in your recent days. Your numbers look like your usual.',
    loadError: "We couldn't look at your recent days just now.",
    retry: 'Try again',
    step: 'One step from your coping plan:',
    generalStep: 'One step you could take:',
    notNow: 'Not now',
    notNowPending: 'Setting aside…',
    notNowFailed: "That didn't work. Please try again.",
    history: 'See my check-ins',
    buildPlan: 'Add steps to my coping plan',
  },
  supporter: {
    title: 'What Lifeline noticed',
    description: (name: string) =>
      `Patterns in ${name}'s own numbers, next to their usual. Not a diagnosis: a reason to reach out gently, if it feels right.`,
    empty: (name: string) => `Nothing unusual in ${name}'s recent days.`,
    kinds: {
      cravings: 'Cravings stronger than usual',
      mood: 'Mood lower than usual',
      checkins: 'A few days without a check-in',
      bam_risk: 'Brief Addiction Monitor risk score went up',
      bam_protective: 'Brief Addiction Monitor protective score went down',
      avoid_zone: 'More time near places they chose to avoid',
    } satisfies Record<SignalKind, string>,
  },
}
