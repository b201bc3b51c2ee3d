/**
 * Every text of the check-in screens and the check-in parts of the dashboard,
 * in one place for the components and their tests. Exact docs/spec.md strings are
 * marked; the rest is ours.
 */

/** docs/spec.md §3 trigger options, in order (id: label). */
export const triggerOptions = [
  { id: 'stress', label: 'Stress' },
  { id: 'social', label: 'Social situations' },
  { id: 'boredom', label: 'Boredom' },
  { id: 'emotions', label: 'Difficult emotions' },
  { id: 'physical', label: 'Physical discomfort' },
  { id: 'environment', label: 'Environmental triggers' },
] as const

/** docs/spec.md §3 coping options, in order (id: label). */
export const copingOptions = [
  { id: 'meditation', label: 'Meditation' },
  { id: 'exercise', label: 'Exercise' },
  { id: 'journaling', label: 'Journaling' },
  { id: 'support', label: 'Called support' },
  { id: 'breathing', label: 'Deep breathing' },
  { id: 'distraction', label: 'Healthy distraction' },
  { id: 'other', label: 'Other' },
] as const

export type TriggerId = (typeof triggerOptions)[number]['id']
export type CopingId = (typeof copingOptions)[number]['id']

export const triggerIds = triggerOptions.map((o) => o.id) as [TriggerId, ...TriggerId[]]
export const copingIds = copingOptions.map((o) => o.id) as [CopingId, ...CopingId[]]

const triggerLabels: Record<string, string> = Object.fromEntries(triggerOptions.map((o) => [o.id, o.label]))
const copingLabels: Record<string, string> = Object.fromEntries(copingOptions.map((o) => [o.id, o.label]))

/** The label of a trigger id (an unknown id is shown as it is). */
export function triggerLabel(id: string): string {
  return triggerLabels[id] ?? id
}

export function copingLabel(id: string): string {
  return copingLabels[id] ?? id
}

/** docs/spec.md §9. */
export const MOOD_DEFAULT = 5
export const CRAVING_DEFAULT = 1
export const SCALE_MIN = 1
export const SCALE_MAX = 10
export const MOOD_PREVIEW_LENGTH = 50
export const RECENT_ACTIVITY_COUNT = 3
export const MOOD_CHART_COUNT = 7
/** Descriptions and details hold at most this many characters (docs/api.md). */
export const DESCRIPTION_MAX_LENGTH = 2000

export const checkinText = {
  pageTitle: 'Daily Check-in · Lifeline',
  // docs/spec.md "Daily check-in screen", exact.
  title: 'Daily Check-in',
  subtitle: "Take a moment to reflect on how you're feeling today.",
  completeTitle: 'Check-in Complete!',
  completeMessage: "You've already completed your daily check-in for today. Come back tomorrow!",
  backToDashboard: 'Back to Dashboard',
  submit: 'Complete Check-in',
  pending: 'Saving...',
  cancel: 'Cancel',
  loading: 'Loading your check-in…',
  mood: {
    title: 'How are you feeling today?',
    label: 'Mood',
    low: 'Poor',
    high: 'Excellent',
    description: 'Describe your mood',
    descriptionPlaceholder: "What's on your mind today? Anything that lifted you up or weighed you down?",
  },
  cravings: {
    title: 'Cravings & Triggers',
    label: 'Craving intensity',
    low: 'None',
    high: 'Intense',
    triggers: 'What triggered cravings or difficult moments?',
    triggerDescription: 'Describe your triggers',
    triggerDescriptionPlaceholder: 'Where were you, who were you with, what happened?',
  },
  substance: {
    title: 'Substance Use',
    question: 'Did you use any substances today?',
    yes: 'Yes',
    no: 'No',
    details: 'Details',
    detailsHint: 'Only if you want to share: what, how much, and what was happening. No judgement here.',
    detailsPlaceholder: 'Anything you want to remember about it',
    honesty: 'Thank you for being honest. A slip does not erase your progress — every check-in still counts.',
  },
  coping: {
    title: 'Coping Strategies Used',
    legend: 'Which strategies helped you today?',
  },
  optional: '(optional)',
  scaleValue: (value: number) => `${value}/10`,
  scaleValueText: (value: number, word: string) => `${value} out of 10, ${word}`,
  toasts: {
    // docs/spec.md §4 and §8, exact.
    saved: { title: 'Check-in completed!', description: 'Your daily check-in has been saved successfully.' },
    failed: { title: 'Error', description: 'Failed to save check-in. Please try again.' },
    alreadyDone: {
      title: 'Already checked in',
      description: "You've already completed your daily check-in for today. It's saved — come back tomorrow!",
    },
  },
} as const

/** Words for slider values, read to screen readers with the number. */
export function moodWord(value: number): string {
  if (value <= 2) return 'poor'
  if (value <= 4) return 'low'
  if (value <= 6) return 'okay'
  if (value <= 8) return 'good'
  return 'excellent'
}

export function cravingWord(value: number): string {
  if (value <= 1) return 'none'
  if (value <= 3) return 'mild'
  if (value <= 6) return 'moderate'
  if (value <= 8) return 'strong'
  return 'intense'
}

export const streakText = {
  title: 'Check-in streak',
  days: (n: number) => (n === 1 ? 'day' : 'days'),
  nextMilestone: 'Next milestone',
  milestoneLabel: (label: string, days: number) => `${label} (${days} days)`,
  toGo: (n: number) => `${n} ${n === 1 ? 'day' : 'days'} to go`,
  // docs/spec.md §4, exact.
  legend: "You're a legend!",
  progressLabel: (label: string) => `Progress to ${label}`,
  topTierProgress: 'Top tier reached',
} as const

/** Issue 4b: days since substance use was last reported, worded without shame. */
export const recoveryText = {
  title: 'Recovery days',
  days: (n: number) => (n === 1 ? 'day' : 'days'),
  sinceUse: (n: number) => `${n} ${n === 1 ? 'day' : 'days'} since you last reported using`,
  tracked: (n: number) => `${n} ${n === 1 ? 'day' : 'days'} of recovery tracked`,
  sinceUseLabel: 'since you last reported using',
  trackedLabel: 'of recovery tracked',
  soberLabel: 'since your sober date',
  none: 'Your recovery count begins with your first check-in.',
  usedToday:
    'Thank you for being honest today. One hard day does not undo your progress — your history and your streak are still yours.',
  sinceUseNote: 'Recovery is not a straight line. Every day you keep going counts.',
  trackedToday: 'Counting from your first check-in, today.',
  trackedNote: 'Counting from your first check-in.',
} as const

export const statsText = {
  region: 'Your statistics',
  streak: 'Streak',
  streakValue: (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`,
  weekly: 'Weekly check-ins',
  weeklyValue: (n: number) => `${n}/7`,
  avgMood: 'Average mood',
  avgCravings: 'Average cravings',
  lastSevenDays: 'Last 7 days',
  outOfTen: 'out of 10',
  none: '—',
  noneLabel: 'No data yet',
} as const

export const moodChartText = {
  title: 'Mood Trend',
  description: 'Your latest 7 check-ins, oldest first.',
  low: 'Low',
  high: 'High',
  average: 'Average',
  empty: 'Your mood chart will appear after your first check-in.',
  series: 'Mood',
  tableCaption: 'Mood by check-in date',
  date: 'Date',
} as const

export const calendarText = {
  title: 'Check-in History',
  previous: 'Previous month',
  next: 'Next month',
  checkedIn: 'Checked in',
  today: 'today',
  legendToday: 'Today',
  monthCount: (n: number, month: string) =>
    n === 0 ? `No check-ins in ${month}` : `${n} ${n === 1 ? 'check-in' : 'check-ins'} in ${month}`,
  loading: 'Loading check-ins…',
  failed: "Couldn't load this month.",
  retry: 'Try again',
} as const

export const recentText = {
  title: 'Recent Activities',
  viewAll: 'View All',
  viewAllLabel: 'View all check-ins',
  empty: 'No check-ins yet. Your recent activity will show up here.',
  activity: 'Daily check-in',
  mood: (n: number) => `Mood ${n}/10`,
  cravings: (n: number) => `Cravings ${n}/10`,
  noDescription: 'No mood description',
} as const

export const todayStatusText = {
  // docs/spec.md "Dashboard", exact.
  done: 'Last check-in: Today',
  notDone: 'No check-in today',
} as const

export const historyText = {
  pageTitle: 'Check-in history · Lifeline',
  title: 'Your check-ins',
  description: 'Every check-in you have saved, newest first. Open one to read what you wrote.',
  filter: 'Filter by date',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  clear: 'Clear',
  rangeInvalid: 'The start date must be on or before the end date.',
  export: 'Export CSV',
  exportHint: 'Downloads the check-ins in the chosen range as a spreadsheet file.',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  loading: 'Loading your check-ins…',
  end: "That's all of them.",
  moreFailed: "We couldn't load more check-ins. Please try again.",
  shown: (n: number) => `${n} ${n === 1 ? 'check-in' : 'check-ins'} shown`,
  empty: 'No check-ins yet. Your first one will appear here.',
  emptyRange: 'No check-ins in this date range.',
  startCheckin: 'Do your daily check-in',
  failed: "We couldn't load your check-ins.",
  retry: 'Try again',
  list: 'Check-ins',
  mood: 'Mood',
  cravings: 'Cravings',
  triggers: 'Triggers',
  coping: 'Coping',
  substanceUse: 'Substance use',
  yes: 'Yes',
  no: 'No',
  none: 'None',
  moodDescription: 'Mood',
  triggerDescription: 'Triggers',
  substanceDetails: 'Substance use details',
  notes: 'Notes',
  nothingWritten: 'Nothing written for this day.',
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  dashboard: 'Back to Dashboard',
  edited: 'Edited',
  edit: 'Edit',
  editLabel: (date: string) => `Edit the check-in of ${date}`,
  remove: 'Delete',
  removeLabel: (date: string) => `Delete the check-in of ${date}`,
} as const

/** Correcting or deleting a check-in from the history. */
export const correctText = {
  editTitle: (date: string) => `Edit your check-in of ${date}`,
  editDescription: 'Change anything that is not right. Your streak, Recovery days and what your supporters see follow at once.',
  save: 'Save changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  deleteTitle: (date: string) => `Delete your check-in of ${date}?`,
  deleteDescription:
    'It will be gone from your history, and your streak, Recovery days and statistics will be counted without it. This cannot be undone.',
  deleteConfirm: 'Delete check-in',
  deleting: 'Deleting...',
  keep: 'Keep it',
  toasts: {
    saved: { title: 'Check-in updated', description: 'Your changes are saved.' },
    saveFailed: { title: 'Error', description: "We couldn't save your changes. Please try again." },
    gone: { title: 'Check-in not found', description: 'It may have been deleted on another device.' },
    deleted: (date: string) => ({ title: 'Check-in deleted', description: `Your check-in of ${date} is gone.` }),
    deleteFailed: { title: 'Error', description: "We couldn't delete the check-in. Please try again." },
  },
} as const

/** The sober date on the Recovery days card. */
export const soberDateText = {
  since: (date: string) => `Counting from your sober date, ${date}.`,
  set: 'Set my sober date',
  change: 'Change',
  clear: 'Stop using a sober date',
  label: 'Sober date',
  hint: 'The day you count your recovery from. It can be today or any day before.',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  required: 'Please enter a date.',
  future: "Your sober date can't be in the future.",
  failed: { title: 'Error', description: "We couldn't save your sober date. Please try again." },
  offer: (date: string) =>
    `Your check-in of ${date} says you used. If you'd like, your count can start again from that day — or keep your date. If it was a mistake, correct that check-in instead.`,
  startAgain: (date: string) => `Start again from ${date}`,
  keepDate: 'Keep my date',
  correct: 'Correct the check-in',
  saved: { title: 'Sober date saved', description: 'Recovery days count from it now.' },
  cleared: { title: 'Sober date removed', description: 'Recovery days count from your check-ins again.' },
} as const
