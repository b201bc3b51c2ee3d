import { describe, expect, it } from 'vitest'

import { blogPostPath, formatPublished } from './format'

describe('blog formatting', () => {
  it.each([
    ['2026-08-25', 'Aug 25, 2026'],
    ['2026-01-01', 'Jan 1, 2026'],
    [null, 'Recently'],
    ['', 'Recently'],
    ['not a date', 'Recently'],
  ])('shows %s as %s', (publishedAt, shown) => {
    expect(formatPublished(publishedAt)).toBe(shown)
  })

  it('links a post by its slug, or by its id when it has none', () => {
    expect(blogPostPath('/blog', { id: 3, slug: 'after-a-slip' })).toBe('/blog/after-a-slip')
    expect(blogPostPath('/blog', { id: 3, slug: '' })).toBe('/blog/3')
  })
})
