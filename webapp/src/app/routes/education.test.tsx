import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'

import { articleText, educationText } from '@/features/education/content'
import type { ArticleSummary } from '@/features/education/types'
import { makeArticle, makeArticleSummary } from '@/testing/article-data'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)

const articles: ArticleSummary[] = [
  makeArticleSummary({ id: 3, slug: 'urge-surfing', title: 'Urge Surfing', category: 'Coping Skills', readTime: 5 }),
  makeArticleSummary({
    id: 2,
    slug: 'sleep-in-early-recovery',
    title: 'Sleep in Early Recovery',
    category: 'Health',
    readTime: 7,
    imageUrl: '',
    excerpt: 'Sleep is often one of the last things to settle',
  }),
  makeArticleSummary({ id: 1, slug: 'halt-check', title: 'The HALT Check', category: 'Coping Skills', readTime: 4 }),
]
const byCategory = (category: string) => articles.filter((a) => a.category === category)

function renderEducation(routes: FetchRoutes, path = '/education') {
  const fetchMock = stubFetch({ '/api/auth/session': { body: makeUser() }, ...routes })
  const requested = () => fetchMock.mock.calls.map(([url]) => url as string).filter((url) => url.startsWith('/api/articles'))
  return { fetchMock, requested, ...renderApp(path) }
}

const grid = () => screen.findByRole('list', { name: educationText.articles })
const cardTitles = async () =>
  within(await grid())
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent)
const filter = () => screen.getByRole('group', { name: educationText.categories })
const pressed = () =>
  within(filter())
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent)

describe('Learn & Grow (/education)', () => {
  it('shows six skeleton cards while the articles load, and the seven filter buttons with All pressed', async () => {
    renderEducation({ '/api/articles': pending })

    expect(await screen.findByRole('heading', { level: 1, name: 'Learn & Grow' })).toBeInTheDocument()
    expect(screen.getAllByTestId('article-card-skeleton')).toHaveLength(6)
    expect(within(filter()).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Recovery Basics',
      'Coping Skills',
      'Community',
      'Health & Wellness',
      'Education',
      'Relationships',
    ])
    expect(pressed()).toEqual(['All'])
  })

  it('shows each article as a card, newest first, with Read Article leading to its page', async () => {
    renderEducation({ '/api/articles': { body: articles } })

    expect(await cardTitles()).toEqual(['Urge Surfing', 'Sleep in Early Recovery', 'The HALT Check'])
    const sleep = screen.getByRole('article', { name: 'Sleep in Early Recovery' })
    expect(within(sleep).getByText('Health & Wellness')).toBeInTheDocument()
    expect(within(sleep).getByText('7 min read')).toBeInTheDocument()
    expect(within(sleep).getByText('Sleep is often one of the last things to settle...')).toBeInTheDocument()
    expect(sleep.querySelector('img')).toBeNull()
    expect(screen.getByRole('article', { name: 'Urge Surfing' }).querySelector('img')).toHaveAttribute(
      'src',
      '/content/coping-skills.svg',
    )
    expect(within(sleep).getByRole('link', { name: /^Read Article/ })).toHaveAttribute('href', '/education/sleep-in-early-recovery')
  })

  it('filters by a category: the URL keeps it, the server is asked for it, and only its cards show', async () => {
    const { user, location, requested } = renderEducation({
      '/api/articles': { body: articles },
      '/api/articles?category=Coping%20Skills': { body: byCategory('Coping Skills') },
      '/api/articles?category=Health': { body: byCategory('Health') },
    })
    await grid()

    await user.click(screen.getByRole('button', { name: 'Coping Skills' }))
    expect(location.history?.at(-1)).toBe('/education?category=Coping%20Skills')
    expect(pressed()).toEqual(['Coping Skills'])
    await waitFor(() => expect(requested()).toContain('/api/articles?category=Coping%20Skills'))
    expect(await cardTitles()).toEqual(['Urge Surfing', 'The HALT Check'])
    // The article keeps the filter for its way back.
    expect(screen.getByRole('link', { name: 'Read Article: Urge Surfing' })).toHaveAttribute(
      'href',
      '/education/urge-surfing?category=Coping%20Skills',
    )

    await user.click(screen.getByRole('button', { name: 'Health & Wellness' }))
    expect(location.history?.at(-1)).toBe('/education?category=Health')
    await waitFor(async () => expect(await cardTitles()).toEqual(['Sleep in Early Recovery']))
    expect(await screen.findByText('Showing Health & Wellness articles')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'All' }))
    expect(location.history?.at(-1)).toBe('/education')
    expect(pressed()).toEqual(['All'])
    expect(await cardTitles()).toHaveLength(3)
  })

  it('filters at once from the articles at hand while the server answers for the category', async () => {
    const { user } = renderEducation({
      '/api/articles': { body: articles },
      '/api/articles?category=Coping%20Skills': pending,
    })
    await grid()
    await user.click(screen.getByRole('button', { name: 'Coping Skills' }))
    expect(await cardTitles()).toEqual(['Urge Surfing', 'The HALT Check'])
    expect(screen.queryByTestId('article-card-skeleton')).not.toBeInTheDocument()
  })

  it('pressing the chosen category again shows all articles', async () => {
    const { user, location } = renderEducation(
      {
        '/api/articles': { body: articles },
        '/api/articles?category=Health': { body: byCategory('Health') },
      },
      '/education?category=Health',
    )
    expect(await cardTitles()).toEqual(['Sleep in Early Recovery'])
    await user.click(screen.getByRole('button', { name: 'Health & Wellness' }))
    expect(location.history?.at(-1)).toBe('/education')
    expect(pressed()).toEqual(['All'])
  })

  it('follows the URL: a link with a category opens filtered, and going back to the plain path shows all', async () => {
    const { location, requested } = renderEducation(
      {
        '/api/articles': { body: articles },
        '/api/articles?category=Coping%20Skills': { body: byCategory('Coping Skills') },
      },
      '/education?category=Coping+Skills',
    )
    expect(await cardTitles()).toEqual(['Urge Surfing', 'The HALT Check'])
    expect(pressed()).toEqual(['Coping Skills'])
    expect(requested()).toEqual(['/api/articles?category=Coping%20Skills'])

    location.navigate('/education')
    await waitFor(() => expect(pressed()).toEqual(['All']))
    expect(await cardTitles()).toHaveLength(3)
  })

  it('treats an unknown category in the URL as All (never asking the server for it)', async () => {
    const { requested } = renderEducation({ '/api/articles': { body: articles } }, '/education?category=Gardening')
    expect(await cardTitles()).toHaveLength(3)
    expect(pressed()).toEqual(['All'])
    expect(requested()).toEqual(['/api/articles'])
  })

  it('says when there are no articles, and offers All from an empty category', async () => {
    const { user, location } = renderEducation(
      { '/api/articles': { body: articles }, '/api/articles?category=Community': { body: [] } },
      '/education?category=Community',
    )
    expect(await screen.findByText('No articles available at this time.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show all articles' }))
    expect(location.history?.at(-1)).toBe('/education')
    expect(await cardTitles()).toHaveLength(3)
  })

  it('shows the empty state when the server has none at all (null or [])', async () => {
    renderEducation({ '/api/articles': { body: null } })
    expect(await screen.findByText('No articles available at this time.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show all articles' })).not.toBeInTheDocument()
  })

  it('explains a failed load and tries again', async () => {
    let fail = true
    const { user } = renderEducation({
      '/api/articles': () =>
        fail ? jsonResponse({ status: 500, body: { error: 'internal', message: 'boom' } }) : jsonResponse({ body: articles }),
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(educationText.failed)
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await cardTitles()).toHaveLength(3)
  })

  it('has the Interactive Tools: meditation and breathing in dialogs, the coping plan as a link', async () => {
    const { user } = renderEducation({ '/api/articles': { body: articles } })
    const tools = await screen.findByRole('region', { name: 'Interactive Tools' })

    expect(within(tools).getByRole('link', { name: 'Coping Plan Builder' })).toHaveAttribute(
      'href',
      '/education/tools/coping-plan',
    )
    expect(within(tools).getByText('create your action plan')).toBeInTheDocument()
    expect(within(tools).getByText('5-15 minute sessions')).toBeInTheDocument()
    expect(within(tools).getByText('quick stress relief')).toBeInTheDocument()

    await user.click(within(tools).getByRole('button', { name: 'Guided Meditation' }))
    const meditation = await screen.findByRole('dialog', { name: 'Guided Meditation' })
    expect(within(meditation).getByRole('button', { name: '5 minutes' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(meditation).getByRole('button', { name: '15 minutes' })).toBeInTheDocument()
    await user.click(within(meditation).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(within(tools).getByRole('button', { name: 'Breathing Exercises' }))
    const breathing = await screen.findByRole('dialog', { name: 'Breathing Exercises' })
    expect(within(breathing).getByRole('button', { name: '4-7-8 Breathing' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(breathing).getByRole('button', { name: 'Box Breathing' })).toBeInTheDocument()
    expect(within(breathing).getByRole('button', { name: 'Start' })).toBeInTheDocument()
  })
})

describe('an article (/education/:id)', () => {
  it('opens from Read Article and shows the whole article, with a back link keeping the filter', async () => {
    const { user, location } = renderEducation(
      {
        '/api/articles?category=Coping%20Skills': { body: byCategory('Coping Skills') },
        '/api/articles/urge-surfing': { body: makeArticle({ title: 'Urge Surfing', readTime: 6 }) },
      },
      '/education?category=Coping%20Skills',
    )
    await grid()
    await user.click(screen.getByRole('link', { name: 'Read Article: Urge Surfing' }))
    expect(location.history?.at(-1)).toBe('/education/urge-surfing?category=Coping%20Skills')

    const article = await screen.findByRole('article', { name: 'Urge Surfing' })
    expect(within(article).getByRole('heading', { level: 1, name: 'Urge Surfing' })).toBeInTheDocument()
    expect(within(article).getByText('Coping Skills')).toBeInTheDocument()
    expect(within(article).getByText('By Lifeline Team')).toBeInTheDocument()
    expect(within(article).getByText('6 min read')).toBeInTheDocument()
    expect(article.querySelector('time')).toHaveAttribute('dateTime', '2026-04-07')
    expect(article.querySelector('img')).toHaveAttribute('src', '/content/coping-skills.svg')
    // The server's rendered Markdown, as structure.
    const body = screen.getByTestId('article-body')
    expect(within(body).getByRole('heading', { level: 2, name: 'How to surf an urge' })).toBeInTheDocument()
    expect(within(body).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Notice where you feel it.',
      'Breathe with it.',
    ])

    const back = screen.getByRole('link', { name: articleText.back })
    expect(back).toHaveAttribute('href', '/education?category=Coping%20Skills')
    await user.click(back)
    expect(location.history?.at(-1)).toBe('/education?category=Coping%20Skills')
    expect(await cardTitles()).toEqual(['Urge Surfing', 'The HALT Check'])
  })

  it('shows what the renderer escaped as text, never as markup', async () => {
    renderEducation({
      '/api/articles/7': { body: makeArticle({ id: 7, contentHtml: '<p>&lt;img src=x onerror=alert(1)&gt; stays text</p>' }) },
    }, '/education/7')
    const body = await screen.findByTestId('article-body')
    expect(body).toHaveTextContent('<img src=x onerror=alert(1)> stays text')
    expect(body.querySelector('img')).toBeNull()
  })

  it('shows a skeleton while loading, and a back link to all articles', async () => {
    renderEducation({ '/api/articles/urge-surfing': pending }, '/education/urge-surfing')
    expect(await screen.findByTestId('article-skeleton')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: articleText.back })).toHaveAttribute('href', '/education')
  })

  it('says so for an article that does not exist', async () => {
    renderEducation(
      { '/api/articles/no-such-thing': { status: 404, body: { error: 'not_found', message: 'Article not found.' } } },
      '/education/no-such-thing?category=Health',
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeInTheDocument()
    expect(screen.getByText(articleText.notFound)).toBeInTheDocument()
    for (const link of screen.getAllByRole('link', { name: articleText.back })) {
      expect(link).toHaveAttribute('href', '/education?category=Health')
    }
  })

  it('explains a failed load and tries again', async () => {
    let fail = true
    const { user } = renderEducation(
      {
        '/api/articles/urge-surfing': () =>
          fail ? jsonResponse({ status: 503, body: { error: 'unavailable' } }) : jsonResponse({ body: makeArticle() }),
      },
      '/education/urge-surfing',
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(articleText.failed)
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('article-body')).toBeInTheDocument()
  })
})
