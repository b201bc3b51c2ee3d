/**
 * Every text of the Symptom Tracker, in one place for the components and
 * their tests. Exact docs/spec.md strings are marked; the rest is ours.
 */

/** docs/spec.md §3 option lists, in order. The labels are the stored values (symptom.go). */
export const physicalSymptoms = [
  'Headache',
  'Fatigue',
  'Nausea',
  'Sleep issues',
  'Appetite changes',
  'Tremors',
  'Muscle aches',
  'Dizziness',
  'Sweating',
  'Other',
] as const

export const mentalSymptoms = [
  'Anxiety',
  'Depression',
  'Irritability',
  'Confusion',
  'Mood swings',
  'Restlessness',
  'Difficulty concentrating',
  'Memory issues',
  'Paranoia',
  'Other',
] as const

export const durations = ['Less than 1 hour', '1-4 hours', 'Half day', 'All day', 'Multiple days'] as const

export type PhysicalSymptom = (typeof physicalSymptoms)[number]
export type MentalSymptom = (typeof mentalSymptoms)[number]
export type Duration = (typeof durations)[number]

/** docs/spec.md §9: severities 1 to 10, default 5; the dot is red above 7 and amber above 4. */
export const SEVERITY_MIN = 1
export const SEVERITY_MAX = 10
export const SEVERITY_DEFAULT = 5
export const SEVERITY_HIGH_ABOVE = 7
export const SEVERITY_MEDIUM_ABOVE = 4
/** docs/spec.md §9: three skeleton rows while the list loads. */
export const LIST_SKELETON_ROWS = 3
/** docs/api.md: notes hold at most 5,000 characters. */
export const NOTES_MAX_LENGTH = 5000
/** The trend covers this many days, today included. */
export const TREND_DAYS = 30

export const symptomText = {
  pageTitle: 'Symptom Tracker · Lifeline',
  // docs/spec.md "Symptom Tracker", exact.
  title: 'Symptom Tracker',
  subtitle: 'Monitor your physical and mental health indicators over time.',
} as const

export const formText = {
  // docs/spec.md, exact.
  title: 'Log New Symptoms',
  description: 'Choose what you noticed and how strong it was. Every field but the duration is optional.',
  physicalSymptom: 'Physical symptom',
  physicalSeverity: 'Physical severity',
  mentalSymptom: 'Mental symptom',
  mentalSeverity: 'Mental severity',
  noSymptom: 'None',
  duration: 'Duration',
  durationPlaceholder: 'How long did it last?',
  notes: 'Notes',
  notesPlaceholder: 'Anything that made it better or worse, what you were doing, what helped…',
  optional: '(optional)',
  required: '(required)',
  rateHint: (kind: 'physical' | 'mental') => `Choose a ${kind} symptom to rate how strong it was.`,
  low: 'Mild',
  high: 'Severe',
  submit: 'Log Symptoms',
  // docs/spec.md §4, exact.
  pending: 'Logging...',
  scaleValue: (value: number) => `${value}/10`,
  scaleValueText: (value: number, word: string) => `${value} out of 10, ${word}`,
} as const

/** A word for a severity, read to screen readers with the number. */
export function severityWord(value: number): string {
  if (value > SEVERITY_HIGH_ABOVE) return 'severe'
  if (value > SEVERITY_MEDIUM_ABOVE) return 'moderate'
  return 'mild'
}

export const listText = {
  // docs/spec.md, exact.
  title: 'Recent Symptom Logs',
  exportData: 'Export Data',
  description: 'Your latest logs, newest first.',
  loading: 'Loading your symptom logs',
  loadFailed: "We couldn't load your symptom logs just now.",
  retry: 'Try again',
  empty: 'No symptoms logged yet.',
  emptyHint: 'When you log how you feel, it shows up here so you can spot patterns over time.',
  // docs/spec.md, exact: the title when neither symptom was chosen.
  untitled: 'Symptom logged',
  physical: 'Physical',
  mental: 'Mental',
  duration: 'Duration',
  notes: 'Notes',
  loggedAt: 'Logged',
  severityLabel: (value: number, level: string) => `Severity ${value} of 10, ${level}`,
  noSeverity: 'No severity recorded',
  levels: { high: 'high', medium: 'moderate', low: 'low' },
  edit: (title: string, when: string) => `Edit ${title} from ${when}`,
  remove: (title: string, when: string) => `Delete ${title} from ${when}`,
  confirmTitle: 'Delete this symptom log?',
  confirmBody: (title: string, when: string) => `${title} from ${when} will be removed for good.`,
  confirmKeep: 'Keep',
  confirmDelete: 'Delete',
  deleting: 'Deleting...',
} as const

export const exportText = {
  label: 'Export Data',
  menuLabel: 'Export format',
  csv: 'CSV (spreadsheet)',
  json: 'JSON',
} as const

export const editText = {
  title: 'Edit Symptom Log',
  description: (when: string) => `Logged ${when}.`,
  save: 'Save Changes',
  saving: 'Saving...',
  cancel: 'Cancel',
} as const

export const trendText = {
  title: 'Severity Trend',
  description: `Daily averages over the last ${TREND_DAYS} days.`,
  physical: 'Physical',
  mental: 'Mental',
  empty: `Nothing logged in the last ${TREND_DAYS} days. Your trend will appear here after your first log.`,
  loadFailed: "We couldn't load your trend just now.",
  retry: 'Try again',
  tableCaption: 'Average severity by day',
  date: 'Date',
  none: '—',
} as const

export const symptomToasts = {
  // docs/spec.md §8, exact.
  logged: { title: 'Symptom logged!', description: 'Your symptom has been recorded successfully.' },
  logFailed: { title: 'Error', description: 'Failed to log symptom. Please try again.' },
  updated: { title: 'Symptom updated', description: 'Your changes have been saved.' },
  updateFailed: { title: 'Error', description: 'Failed to update symptom. Please try again.' },
  deleted: { title: 'Symptom deleted', description: 'The symptom log has been removed.' },
  deleteFailed: { title: 'Error', description: 'Failed to delete symptom. Please try again.' },
} as const
