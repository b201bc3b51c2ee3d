/** Every text of "My data for my clinician" (screen and paper), kept in one place for the screen and its tests. */
export const clinicianText = {
  pageTitle: 'My data for my clinician · Lifeline',
  title: 'My data for my clinician',
  description:
    'Bring your own numbers to your counselor or doctor: a file their health record system can read, and a one-page summary to print.',
  choose: {
    legend: 'What the file and summary say about you',
    hint: 'Nothing is ticked to start with. Without a tick, they hold your questionnaire answers and scores, with no name, email or phone. Your location and your notes are never in them.',
    fields: { name: 'My name', email: 'My email address', phone: 'My phone number' },
  },
  download: {
    title: 'A file for their system',
    description:
      'A FHIR R4 file, the standard health record systems use to exchange data. Hand it to your clinician the way they ask, such as on their patient portal.',
    button: 'Download the FHIR file',
  },
  summary: {
    title: 'One-page summary',
    description: 'Your latest scores and how they have moved, to print or save as a PDF.',
    print: 'Print the summary',
    loading: 'Loading your questionnaires…',
    heading: 'Questionnaire summary',
    forPerson: (name: string) => `Prepared for ${name}`,
    madeOn: (date: string) => `From Lifeline, ${date}.`,
    latest: 'Latest',
    timesTaken: (n: number, shown: number) =>
      n === 1 ? 'Taken once.' : n === shown ? `Taken ${n} times.` : `Taken ${n} times; the latest ${shown} are shown.`,
    columns: { date: 'Date', score: 'Score', band: 'What the score means' },
    source: 'Source:',
    disclaimer:
      'These are screening questionnaires, answered by the person themselves. They help a conversation with a clinician; they are not a diagnosis.',
  },
  empty: {
    title: 'No questionnaires yet',
    description: 'Once you take a questionnaire, your scores show here, ready to share with your clinician.',
  },
  error: {
    message: "We couldn't load your questionnaires just now. Your data is safe.",
    retry: 'Try again',
  },
} as const
