import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { makeArticleSummary } from '@/testing/article-data'
import { renderWithProviders } from '@/testing/test-utils'

import { ArticleCard } from './article-card'

describe('ArticleCard', () => {
  it('shows the picture, category, read time, title, the start of the text and Read Article', () => {
    const article = makeArticleSummary()
    renderWithProviders(<ArticleCard article={article} href="/education/urge-surfing" />)

    const card = screen.getByRole('article', { name: article.title })
    expect(card.querySelector('img')).toHaveAttribute('src', '/content/coping-skills.svg')
    expect(screen.getByText('Coping Skills')).toBeInTheDocument()
    expect(screen.getByText('5 min read')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: article.title })).toBeInTheDocument()
    expect(screen.getByTestId('article-excerpt')).toHaveTextContent(`${article.excerpt}...`)
    const read = screen.getByRole('link', { name: `Read Article: ${article.title}` })
    expect(read).toHaveAttribute('href', '/education/urge-surfing')
    expect(read).toHaveTextContent(/^Read Article/)
  })

  it('has no picture when the article has none, and names Health "Health & Wellness"', () => {
    const article = makeArticleSummary({ imageUrl: '', category: 'Health', readTime: 12 })
    renderWithProviders(<ArticleCard article={article} href="/education/x" />)

    expect(screen.getByRole('article').querySelector('img')).toBeNull()
    expect(screen.getByText('Health & Wellness')).toBeInTheDocument()
    expect(screen.getByText('12 min read')).toBeInTheDocument()
  })

  it('shows markup in a title as text', () => {
    renderWithProviders(<ArticleCard article={makeArticleSummary({ title: '<b>Bold</b> & brave' })} href="/x" />)
    expect(screen.getByRole('heading', { name: '<b>Bold</b> & brave' })).toBeInTheDocument()
  })
})
