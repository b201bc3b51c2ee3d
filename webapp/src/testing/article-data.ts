import type { Article, ArticleSummary } from '@/features/education/types'

/** A Learn & Grow article as `GET /api/articles` lists it; override what a test is about. */
export function makeArticleSummary(overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id: 1,
    slug: 'urge-surfing',
    title: 'Urge Surfing: Riding Out a Craving Without Acting on It',
    category: 'Coping Skills',
    readTime: 5,
    imageUrl: '/content/coping-skills.svg',
    author: 'Lifeline Team',
    publishedAt: '2026-04-07',
    excerpt: 'A craving can feel like a wave that will keep building until it knocks you over. Urge surfing is a mindfulness skill built on a different picture',
    content: 'A craving can feel like a wave that will keep building until it knocks you over.',
    updatedAt: '2026-04-07T09:00:00Z',
    ...overrides,
  }
}

/** One article as `GET /api/articles/{id}` answers, with its server-rendered HTML. */
export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    ...makeArticleSummary(),
    contentHtml:
      '<p>A craving can feel like a wave that will keep building until it knocks you over.</p>\n<h2>How to surf an urge</h2>\n<ol>\n<li>Notice where you feel it.</li>\n<li>Breathe with it.</li>\n</ol>\n',
    ...overrides,
  }
}
