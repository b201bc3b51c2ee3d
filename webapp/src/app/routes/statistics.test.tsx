import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'

import { statisticsText } from '@/features/statistics/content'
import type { Statistic } from '@/features/statistics/types'
import { makeUser } from '@/testing/data'
import { pending, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)

function makeStatistic(overrides: Partial<Statistic> = {}): Statistic {
  return {
    id: 1,
    slug: 'us-substance-use-disorder-2024',
    title: 'People in the U.S. with a substance use disorder',
    category: 'prevalence',
    year: 2024,
    value: '48.4 million',
    description: 'About 1 in 6 people aged 12 or older had a past-year substance use disorder.',
    source: 'SAMHSA, 2024 National Survey on Drug Use and Health',
    sourceUrl: 'https://www.samhsa.gov/data/',
    ...overrides,
  }
}

function renderStatistics(routes: FetchRoutes) {
  const fetchMock = stubFetch({ '/api/auth/session': { body: makeUser() }, ...routes })
  return { fetchMock, ...renderApp('/statistics') }
}

describe('Substance Abuse Statistics (/statistics)', () => {
  it('shows six skeleton cards while loading', async () => {
    renderStatistics({ '/api/statistics': pending })
    expect(await screen.findByRole('heading', { level: 1, name: 'Substance Abuse Statistics' })).toBeInTheDocument()
    expect(screen.getAllByTestId('statistic-skeleton-card')).toHaveLength(6)
  })

  it('shows every card’s icon, year, title, category, value, description and source', async () => {
    renderStatistics({
      '/api/statistics': {
        body: [
          makeStatistic(),
          makeStatistic({ id: 2, category: 'trends', value: '10.6% → 9.7%', year: 2023 }),
          makeStatistic({ id: 3, category: 'impact', value: '2.6 million', sourceUrl: '' }),
          makeStatistic({ id: 4, category: 'costs', value: '$740 billion', sourceUrl: 'javascript:alert(1)' }),
        ],
      },
    })

    const list = await screen.findByRole('list', { name: 'Statistics' })
    const cards = within(list).getAllByTestId('statistic-card')
    expect(cards).toHaveLength(4)
    expect(cards.map((c) => within(c).getByTestId('statistic-icon').dataset.categoryIcon)).toEqual([
      'prevalence',
      'trends',
      'impact',
      'default',
    ])
    const [first, second, third, fourth] = cards
    expect(within(first).getByRole('heading', { name: 'People in the U.S. with a substance use disorder' })).toBeInTheDocument()
    expect(first).toHaveTextContent('2024')
    expect(within(first).getByText('Prevalence')).toBeInTheDocument()
    expect(within(first).getByTestId('statistic-value')).toHaveTextContent('48.4 million')
    expect(first).toHaveTextContent('About 1 in 6 people aged 12 or older')
    expect(first).toHaveTextContent('Source: SAMHSA, 2024 National Survey on Drug Use and Health')
    const link = within(first).getByRole('link', { name: /SAMHSA/ })
    expect(link).toHaveAttribute('href', 'https://www.samhsa.gov/data/')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')

    expect(within(second).getByText('Trends')).toBeInTheDocument()
    expect(second).toHaveTextContent('2023')
    // Without an address, or with one that is not a web page, the source is plain text.
    expect(third).toHaveTextContent('Source: SAMHSA')
    expect(within(third).queryByRole('link')).toBeNull()
    expect(within(fourth).queryByRole('link')).toBeNull()
    expect(within(fourth).getByText('costs')).toBeInTheDocument()
  })

  it('explains an empty page with the web search hint', async () => {
    renderStatistics({ '/api/statistics': { body: [] } })
    expect(await screen.findByText('No statistics available yet. Web search is currently disabled.')).toBeInTheDocument()
    expect(screen.getByText(statisticsText.emptyHint)).toHaveTextContent(/enable web search in the agent tool settings/)
  })

  it('offers a retry when the statistics cannot load', async () => {
    renderStatistics({ '/api/statistics': { status: 500, body: { error: 'internal' } } })
    expect(await screen.findByText(statisticsText.loadFailed)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
