import { describe, expect, it } from 'vitest'

import { cardExcerpt } from './excerpt'
import { formatPublished } from './dates'

describe('cardExcerpt', () => {
  it("adds an ellipsis to the server's excerpt", () => {
    expect(cardExcerpt({ excerpt: 'A craving can feel like a wave', content: '' })).toBe('A craving can feel like a wave...')
  })

  it('keeps at most 150 characters before the ellipsis', () => {
    const long = 'word '.repeat(60).trim()
    const out = cardExcerpt({ excerpt: long, content: '' })
    expect(out.endsWith('...')).toBe(true)
    expect(out.length - 3).toBeLessThanOrEqual(150)
    expect(out.startsWith(long.slice(0, 140))).toBe(true)
  })

  it('counts characters, not UTF-16 units', () => {
    const emoji = '🌱'.repeat(200)
    expect(Array.from(cardExcerpt({ excerpt: emoji, content: '' }))).toHaveLength(153)
  })

  it('falls back to the start of the Markdown source as plain text when there is no excerpt', () => {
    const content = '## Why it helps\n\nSome **bold** and *soft* words with a [link](https://example.com).\n\n- one\n- two'
    expect(cardExcerpt({ excerpt: '', content })).toBe('Why it helps Some bold and soft words with a link. one two...')
  })

  it('is empty for an article with no text', () => {
    expect(cardExcerpt({ excerpt: '', content: '   ' })).toBe('')
  })
})

describe('formatPublished', () => {
  it('shows a calendar date without moving it across time zones', () => {
    const shown = formatPublished('2026-04-07')
    expect(shown).toMatch(/2026/)
    expect(shown).toMatch(/7/)
    expect(shown).not.toMatch(/\b6\b/)
  })

  it('leaves anything else as it is', () => {
    expect(formatPublished('soon')).toBe('soon')
  })
})
