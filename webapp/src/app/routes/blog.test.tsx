import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'

import { blogText } from '@/features/blog/content'
import type { BlogPost, BlogPostSummary } from '@/features/blog/types'
import { makeUser } from '@/testing/data'
import { pending, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)

function makePost(overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    id: 1,
    slug: 'after-a-slip',
    title: 'After a Slip: The Next Right Thing',
    excerpt: 'What you do next matters more than the slip itself.',
    category: 'Insights',
    author: 'Lifeline Team',
    publishedAt: '2026-08-25',
    readTime: 4,
    imageUrl: '/content/blog-steps.svg',
    content: '# Hello',
    updatedAt: '2026-08-25T10:00:00Z',
    ...overrides,
  }
}

function renderBlog(routes: FetchRoutes, path = '/blog') {
  const fetchMock = stubFetch({ '/api/auth/session': { body: makeUser() }, ...routes })
  return { fetchMock, ...renderApp(path) }
}

describe('Recovery Blog (/blog)', () => {
  it('shows six skeleton cards while the posts load', async () => {
    renderBlog({ '/api/blog': pending })
    expect(await screen.findByRole('heading', { level: 1, name: 'Recovery Blog' })).toBeInTheDocument()
    expect(screen.getByText('Stories, insights, and guidance for your recovery journey')).toBeInTheDocument()
    expect(screen.getAllByTestId('blog-skeleton-card')).toHaveLength(6)
  })

  it('shows each post’s category, title, excerpt, date or “Recently”, read time and author', async () => {
    renderBlog({
      '/api/blog': {
        body: [
          makePost(),
          makePost({ id: 2, slug: 'undated', title: 'One Day at a Time', publishedAt: null, readTime: 3, author: 'Sam Rivera', category: 'Stories', imageUrl: '' }),
        ],
      },
    })

    const list = await screen.findByRole('list', { name: 'Blog posts' })
    const [first, second] = within(list).getAllByTestId('blog-post-card')
    expect(within(first).getByText('Insights')).toBeInTheDocument()
    expect(within(first).getByRole('link', { name: 'After a Slip: The Next Right Thing' })).toHaveAttribute(
      'href',
      '/blog/after-a-slip',
    )
    expect(first).toHaveTextContent('What you do next matters more than the slip itself.')
    expect(first).toHaveTextContent('Aug 25, 2026')
    expect(first).toHaveTextContent('4 min read')
    expect(first).toHaveTextContent('By Lifeline Team')
    expect(second).toHaveTextContent('Recently')
    expect(second).toHaveTextContent('3 min read')
    expect(second).toHaveTextContent('By Sam Rivera')
    expect(within(second).queryByRole('img')).toBeNull()
  })

  it('says so when there are no posts yet', async () => {
    renderBlog({ '/api/blog': { body: [] } })
    expect(await screen.findByText('No blog posts available yet. Check back soon!')).toBeInTheDocument()
  })

  it('offers a retry when the posts cannot load, and shows them once they do', async () => {
    let fail = true
    const { user } = renderBlog({
      '/api/blog': () =>
        fail
          ? new Response(JSON.stringify({ error: 'internal' }), { status: 503 })
          : new Response(JSON.stringify([makePost()]), { headers: { 'Content-Type': 'application/json' } }),
    })
    expect(await screen.findByText(blogText.loadFailed)).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'After a Slip: The Next Right Thing' })).toBeInTheDocument()
  })

  it('opens a post in full with the server’s rendered body, and goes back', async () => {
    const post: BlogPost = {
      ...makePost(),
      contentHtml: '<h2>First, safety</h2><p>Call <strong>988</strong> any time.</p>',
    }
    const { user, location } = renderBlog({
      '/api/blog': { body: [makePost()] },
      '/api/blog/after-a-slip': { body: post },
    })

    await user.click(await screen.findByRole('link', { name: 'After a Slip: The Next Right Thing' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'After a Slip: The Next Right Thing' })).toBeInTheDocument()
    expect(location.history?.at(-1)).toBe('/blog/after-a-slip')
    expect(screen.getByRole('heading', { level: 2, name: 'First, safety' })).toBeInTheDocument()
    expect(screen.getByText('988').tagName).toBe('STRONG')
    const article = screen.getByRole('article')
    expect(article).toHaveTextContent('By Lifeline Team')
    expect(article).toHaveTextContent('Aug 25, 2026')
    expect(article).toHaveTextContent('4 min read')

    await user.click(screen.getByRole('link', { name: blogText.back }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Recovery Blog' })).toBeInTheDocument()
  })

  it('says a post is not there for an unknown address', async () => {
    renderBlog({ '/api/blog/nope': { status: 404, body: { error: 'not_found', message: 'Not found.' } } }, '/blog/nope')
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: blogText.back })).toHaveLength(2)
  })

  it('offers a retry when a post fails to load for another reason', async () => {
    renderBlog({ '/api/blog/3': { status: 500, body: { error: 'internal' } } }, '/blog/3')
    expect(await screen.findByText(blogText.postLoadFailed)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
