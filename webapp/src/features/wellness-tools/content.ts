/** Every text of the wellness tools (breathing, grounding, meditation) and of the two cards that offer them, in one place for the tools and their tests. */
export const breathingText = {
  patternGroup: 'Breathing pattern',
  start: 'Start',
  pause: 'Pause',
  resume: 'Resume',
  reset: 'Reset',
  idleTitle: 'Ready when you are',
  idleHint: 'Sit comfortably and press Start.',
  pausedHint: 'Paused',
  cycle: (n: number) => `Cycle ${n}`,
  cyclesCompleted: (n: number) => `Cycles completed: ${n}`,
  secondsLeft: (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'} left`,
  suggestedDone: (n: number) =>
    `That's ${n} cycles. Notice how you feel. You can stop here, or keep going as long as it helps.`,
  reducedMotion: 'Animation is off because your device asks for reduced motion; follow the words and the count.',
} as const

export type GroundingStep = {
  count: number
  sense: string
  title: string
  prompt: string
  placeholder: string
}

/** 5-4-3-2-1 grounding: five senses, from the most to the least things to notice. */
export const groundingSteps: readonly GroundingStep[] = [
  {
    count: 5,
    sense: 'see',
    title: '5 things you can see',
    prompt: 'Look around you slowly. Name five things you can see, big or small.',
    placeholder: 'e.g. the window, a blue mug, my shoes…',
  },
  {
    count: 4,
    sense: 'touch',
    title: '4 things you can touch',
    prompt: 'Notice four things you can feel: the chair under you, your feet on the floor, the fabric of your sleeve.',
    placeholder: 'e.g. the cool table, my soft jumper…',
  },
  {
    count: 3,
    sense: 'hear',
    title: '3 things you can hear',
    prompt: 'Listen for three sounds, near or far.',
    placeholder: 'e.g. traffic outside, the fridge humming…',
  },
  {
    count: 2,
    sense: 'smell',
    title: '2 things you can smell',
    prompt: 'Find two things you can smell. If nothing comes, think of two smells you like.',
    placeholder: 'e.g. coffee, fresh laundry…',
  },
  {
    count: 1,
    sense: 'taste',
    title: '1 thing you can taste',
    prompt: 'Notice one thing you can taste right now, or take a sip of water and notice that.',
    placeholder: 'e.g. mint toothpaste…',
  },
]

export const groundingText = {
  intro: 'Use your senses to bring yourself back to the here and now. Take your time with each step.',
  step: (n: number, total: number) => `Step ${n} of ${total}`,
  answerHint: 'Writing them down is optional. Nothing here is saved.',
  back: 'Back',
  next: 'Next',
  finish: 'Finish',
  doneTitle: 'Well done.',
  done:
    "You've just brought yourself back to the present moment. Take one slow breath and notice how you feel now. If the feelings are still too strong, reach out to someone: call or text 988 any time.",
  restart: 'Start again',
} as const

export const meditationText = {
  intro:
    'A few quiet minutes to settle, breathe, and notice what you feel, urges included, without having to act on them.',
  lengthGroup: 'Session length',
  minutes: (n: number) => `${n} min`,
  minutesLong: (n: number) => `${n} minutes`,
  chime: 'Soft chime',
  chimeHint: 'A gentle tone at the start, between parts, and at the end.',
  chimeUnsupported: "This browser can't play the chime; the words will guide you.",
  start: 'Start',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  paused: 'Paused',
  part: (n: number, total: number) => `Part ${n} of ${total}`,
  timeLeft: 'Time left',
  progress: 'Session progress',
  progressValue: (elapsedSeconds: number, totalSeconds: number) =>
    `${Math.floor(elapsedSeconds / 60)} of ${Math.round(totalSeconds / 60)} minutes done`,
  doneTitle: 'Session complete',
  done: "Well done for giving yourself this time. Notice how you feel right now, and carry a little of this calm into what's next.",
  again: 'Start another session',
  stoppedEarly: 'Session stopped. Every quiet minute counts; come back whenever you like.',
  reducedMotion: 'Animation is off because your device asks for reduced motion.',
} as const

/** The crisis page's "Immediate Coping Strategies" card. */
export const copingText = {
  title: 'Immediate Coping Strategies',
  description: 'Small steps that help in the next few minutes.',
  breathing: {
    title: '4-7-8 Breathing',
    description: 'Slow your breath and calm your body.',
  },
  grounding: {
    title: '5-4-3-2-1 Grounding',
    description: 'Come back to the present through your senses.',
    dialogDescription: 'Five senses, one step at a time.',
  },
  safetyPlan: {
    title: 'Safety Plan',
    description: 'Your own steps for getting through a crisis.',
  },
  close: 'Close',
  done: 'Done',
} as const

/** Learn & Grow's "Interactive Tools" card. */
export const toolsText = {
  title: 'Interactive Tools',
  description: 'Practise a skill right now, in a few quiet minutes.',
  close: 'Close',
  meditation: {
    title: 'Guided Meditation',
    description: '5-15 minute sessions',
    dialogDescription: 'Choose a length, find a comfortable seat, and follow the words at your own pace.',
  },
  breathing: {
    title: 'Breathing Exercises',
    description: 'quick stress relief',
  },
  copingPlan: {
    title: 'Coping Plan Builder',
    description: 'create your action plan',
  },
} as const
