/**
 * The measures feature's words. The questionnaires' own wording (items,
 * answers, bands) comes from the server (`GET /api/measures/instruments`),
 * as published; these are the words around them, written for a person on a
 * bad day: person-first, never "failure", "positive screen" or "relapse".
 */
export const measuresText = {
  pageTitle: 'Questionnaires - Lifeline',
  title: 'Questionnaires',
  intro:
    'Short questionnaires that treatment programs use to see how things are going. Your answers are yours: they help you notice change over time and bring your own numbers to a counselor. They are never a diagnosis.',
  loading: 'Loading your questionnaires',
  loadError: "We couldn't load your questionnaires.",
  retry: 'Try again',
  due: 'Due now',
  dueOn: (date: string) => `Next on ${date}`,
  notScheduled: 'Not scheduled',
  never: 'Not taken yet',
  lastTaken: (date: string) => `Last taken ${date}`,
  take: (title: string) => `Take the ${title}`,
  history: 'History',
  historyLabel: (title: string) => `${title} history`,
  back: 'All questionnaires',
  notFound: 'There is no such questionnaire here.',
  scoreOf: (total: number, max: number) => `${total} of ${max}`,
  itemCount: (n: number) => `${n} questions`,
  clinicianLink: 'Share your results with your clinician',
} as const

export const scheduleText = {
  title: 'How often to ask',
  description: 'Choose how often each questionnaire comes up as due. Reminders go to your own channels, never during your quiet hours.',
  off: 'Off',
  every: (days: number) => (days === 7 ? 'Every week' : days === 14 ? 'Every 2 weeks' : days === 28 ? 'Every 4 weeks' : `Every ${days} days`),
  choices: [0, 7, 14, 28, 30, 90] as readonly number[],
  label: (title: string) => `How often to ask for the ${title}`,
  save: 'Save schedule',
  saving: 'Saving…',
  saved: 'Schedule saved.',
  saveFailed: "We couldn't save the schedule. Please try again.",
} as const

export const takeText = {
  pageTitle: (title: string) => `${title} - Lifeline`,
  progress: (n: number, total: number) => `Question ${n} of ${total}`,
  optional: 'You can skip this one.',
  next: 'Next',
  previous: 'Back',
  skip: 'Skip',
  chooseFirst: 'Choose an answer to go on.',
  noteLabel: 'Anything you want to remember about these weeks? (optional)',
  noteHint: 'Only you see this note. It stays with this result.',
  submit: 'See my result',
  submitting: 'Saving…',
  submitFailed: "We couldn't save your answers. They are still here; please try again.",
  /** BAM's item 7 parts are asked only when item 6 was above 0. */
  skippedBecause: 'Skipped: only asked when drugs were used.',
} as const

export const resultText = {
  title: 'Your result',
  score: (total: number, max: number) => `Your score: ${total} of ${max}`,
  notDiagnosis:
    'This is a measure of how the last weeks felt, not a diagnosis. A counselor or doctor can help you make sense of it.',
  bandMeaning: {
    minimal: 'Few or no symptoms right now. Keep doing what helps.',
    mild: 'Some symptoms. Worth keeping an eye on, and worth mentioning to someone you trust.',
    moderate: 'Symptoms that are getting in the way. Consider talking about this with your counselor or doctor.',
    'moderately-severe': 'Symptoms that weigh a lot. Please talk with your counselor or doctor soon; you deserve support with this.',
    severe: 'Symptoms that weigh heavily. Please reach out to your counselor or doctor soon. If you feel unsafe, call or text 988.',
    none: 'No drinking in the past year.',
    below: 'Below the cut-offs the AUDIT-C uses.',
    women: 'At the cut-off the AUDIT-C uses for women. Worth talking over with your counselor or doctor.',
    above: 'At or above the cut-offs the AUDIT-C uses. Worth talking over with your counselor or doctor.',
  } as Record<string, string>,
  subscalesTitle: 'Your three scores',
  subscore: (label: string, score: number, max: number) => `${label}: ${score} of ${max}`,
  higherBetter: 'Higher is better.',
  higherHarder: 'Lower is easier.',
  citation: 'Source',
  viewHistory: 'See my history',
  backToList: 'Back to questionnaires',
} as const

export const crisisText = {
  title: "You don't have to carry this alone",
  description:
    'You said thoughts of being better off dead or of hurting yourself came up. Thank you for telling us. Help is here right now, whatever your score.',
  call: 'Call 988',
  text: 'Text 988',
  lifeline: '988 Suicide & Crisis Lifeline, any time, free',
  safetyPlan: 'Open my safety plan',
  sos: 'Alert my people now',
  continue: 'Continue',
  emergency: 'If you are in danger right now, call 911.',
} as const

export const historyText = {
  title: (title: string) => `${title} over time`,
  chartTitle: 'Trend',
  empty: 'No results yet. Your results will show here after you take this questionnaire.',
  loadError: "We couldn't load your history.",
  listTitle: 'Every result',
  tableCaption: (title: string) => `${title} results, newest first`,
  date: 'Date',
  score: 'Score',
  band: 'Band',
  note: 'Note',
  noNote: 'No note',
  editNote: 'Edit note',
  editNoteLabel: (date: string) => `Edit the note of ${date}`,
  noteDialogTitle: 'Your note',
  saveNote: 'Save note',
  cancel: 'Cancel',
  noteSaved: 'Note saved.',
  noteFailed: "We couldn't save the note. Please try again.",
  remove: 'Delete',
  removeLabel: (date: string) => `Delete the result of ${date}`,
  removeTitle: 'Delete this result?',
  removeDescription: 'It leaves your history and your charts. This cannot be undone.',
  removed: 'Result deleted.',
  removeFailed: "We couldn't delete it. Please try again.",
} as const

export const dueText = {
  title: 'Questionnaires due',
  description: 'A few minutes each. They help you and your counselor see how things are going.',
  take: (title: string) => `Take the ${title}`,
  all: 'All questionnaires',
} as const
