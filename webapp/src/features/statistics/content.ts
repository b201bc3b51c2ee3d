/** Every text of the statistics screen (docs/spec.md "Substance Abuse Statistics (/statistics)"). */
export const statisticsText = {
  pageTitle: 'Substance Abuse Statistics · Lifeline',
  title: 'Substance Abuse Statistics',
  subtitle:
    'Key figures on substance use, treatment and recovery, each with its year and the public source it comes from.',
  listLabel: 'Statistics',
  loading: 'Loading statistics…',
  empty: 'No statistics available yet. Web search is currently disabled.',
  emptyHint: 'To load current statistics, enable web search in the agent tool settings.',
  loadFailed: "We couldn't load the statistics just now. Please check your connection and try again.",
  retry: 'Try again',
  source: 'Source:',
  opensInNewTab: '(opens in a new tab)',
} as const

/** Category names as shown on a card; an unknown category is shown as sent. */
export const categoryLabels: Record<string, string> = {
  prevalence: 'Prevalence',
  trends: 'Trends',
  impact: 'Impact',
}
