import type { Instrument, MeasureStatus } from '@/features/measures/types'

const frequency = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'].map((text, value) => ({ value, text, code: null }))
const difficulty = ['Not difficult at all', 'Somewhat difficult', 'Very difficult', 'Extremely difficult'].map((text, value) => ({
  value,
  text,
  code: null,
}))

const phq9Items = [
  'Little interest or pleasure in doing things',
  'Feeling down, depressed, or hopeless',
  'Trouble falling or staying asleep, or sleeping too much',
  'Feeling tired or having little energy',
  'Poor appetite or overeating',
  'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
  'Trouble concentrating on things, such as reading the newspaper or watching television',
  'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
  'Thoughts that you would be better off dead or of hurting yourself in some way',
]

/** The PHQ-9 as `GET /api/measures/instruments` sends it (codes left out: the screens do not show them). */
export function makePhq9(): Instrument {
  return {
    id: 'phq9',
    title: 'PHQ-9',
    name: 'Patient Health Questionnaire-9',
    intro: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
    items: [
      ...phq9Items.map((text, i) => ({ linkId: String(i + 1), text, code: null, options: frequency, scored: true, optional: false, crisis: i === 8 })),
      {
        linkId: '10',
        text: 'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?',
        code: null,
        options: difficulty,
        scored: false,
        optional: true,
        crisis: false,
      },
    ],
    bands: [
      { min: 0, max: 4, key: 'minimal', label: 'Minimal or no symptoms of depression' },
      { min: 5, max: 9, key: 'mild', label: 'Mild symptoms of depression' },
      { min: 10, max: 14, key: 'moderate', label: 'Moderate symptoms of depression' },
      { min: 15, max: 19, key: 'moderately-severe', label: 'Moderately severe symptoms of depression' },
      { min: 20, max: 27, key: 'severe', label: 'Severe symptoms of depression' },
    ],
    subscales: [],
    maxTotal: 27,
    defaultEveryDays: 14,
    citation: 'Kroenke K, Spitzer RL, Williams JBW. The PHQ-9. J Gen Intern Med. 2001;16(9):606-613.',
    sourceUrl: 'https://www.phqscreeners.com/',
  }
}

const bamDays = ['0', '1-3', '4-8', '9-15', '16-30'].map((text, value) => ({ value, text, code: null }))

/** A BAM cut to what its flow needs: items 6 and 7a (asked only after drug use) and 8. */
export function makeBamExcerpt(): Instrument {
  const item = (linkId: string, optional = false) => ({ linkId, text: `Item ${linkId}`, code: null, options: bamDays, scored: !optional, optional, crisis: false })
  return {
    ...makePhq9(),
    id: 'bam',
    title: 'BAM',
    name: 'Brief Addiction Monitor',
    items: [item('6'), item('7a', true), item('8')],
    bands: [],
    subscales: [{ key: 'use', label: 'Use', items: ['6'], bands: [], max: 4, higherIsBetter: false }],
    maxTotal: 0,
  }
}

export function makeMeasureStatus(overrides: Partial<MeasureStatus> = {}): MeasureStatus {
  return { instrument: 'phq9', everyDays: 14, latest: null, nextDueAt: '2026-11-22T09:00:00Z', due: true, ...overrides }
}
