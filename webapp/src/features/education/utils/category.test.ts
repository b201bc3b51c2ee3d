import { describe, expect, it } from 'vitest'

import { categoryLabel, categorySearch, isArticleCategory, readCategory } from './category'

describe('category in the URL', () => {
  it.each([
    ['', null],
    ['?category=Coping%20Skills', 'Coping Skills'],
    ['category=Coping+Skills', 'Coping Skills'],
    ['?category=Health', 'Health'],
    ['?category=Health%20%26%20Wellness', null],
    ['?category=coping%20skills', null],
    ['?category=', null],
    ['?category=Nope&x=1', null],
  ])('reads %j as %j', (search, expected) => {
    expect(readCategory(search)).toBe(expected)
  })

  it('writes a category with %20 for spaces, and nothing for All', () => {
    expect(categorySearch('Coping Skills')).toBe('?category=Coping%20Skills')
    expect(categorySearch('Recovery Basics')).toBe('?category=Recovery%20Basics')
    expect(categorySearch(null)).toBe('')
  })

  it('keeps other search parameters and replaces the old category', () => {
    expect(categorySearch('Community', 'category=Health&utm=x')).toBe('?category=Community&utm=x')
    expect(categorySearch(null, '?category=Health&utm=x')).toBe('?utm=x')
  })

  it('round-trips every category', () => {
    for (const id of ['Recovery Basics', 'Coping Skills', 'Community', 'Health', 'Education', 'Relationships'] as const) {
      expect(readCategory(categorySearch(id))).toBe(id)
      expect(isArticleCategory(id)).toBe(true)
    }
    expect(isArticleCategory(undefined)).toBe(false)
  })

  it('shows Health as Health & Wellness and the others as they are', () => {
    expect(categoryLabel('Health')).toBe('Health & Wellness')
    expect(categoryLabel('Coping Skills')).toBe('Coping Skills')
    expect(categoryLabel('Something new')).toBe('Something new')
  })
})
