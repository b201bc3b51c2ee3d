import { describe, expect, it } from 'vitest'

import { displayFirstName, isNavItemActive, shortLabel, userInitials } from './shell-user'

describe('displayFirstName', () => {
  it.each([
    [{ firstName: 'Ana', lastName: 'Lopez' }, 'Ana'],
    [{ firstName: '  Ana ' }, 'Ana'],
    [{ firstName: '', lastName: 'Lopez' }, 'User'],
    [{ firstName: '   ' }, 'User'],
    [{ firstName: null }, 'User'],
    [{}, 'User'],
    [null, 'User'],
  ])('%o → %s', (user, expected) => {
    expect(displayFirstName(user)).toBe(expected)
  })
})

describe('userInitials', () => {
  it.each([
    [{ firstName: 'Ana', lastName: 'Lopez' }, 'AL'],
    [{ firstName: 'ana', lastName: 'lopez' }, 'AL'],
    [{ firstName: 'Ana', lastName: '' }, 'AN'],
    [{ firstName: 'Ana', lastName: null }, 'AN'],
    [{ firstName: 'A' }, 'A'],
    [{ firstName: '', lastName: 'Lopez' }, 'U'],
    [{ firstName: null, lastName: null }, 'U'],
    [{}, 'U'],
    [null, 'U'],
    [{ firstName: 'Émile', lastName: 'Zola' }, 'ÉZ'],
  ])('%o → %s', (user, expected) => {
    expect(userInitials(user)).toBe(expected)
  })
})

describe('isNavItemActive', () => {
  it.each([
    ['/', '/', true],
    ['/', '/settings', false],
    ['/', '/checkin', false],
    ['/checkin', '/checkin', true],
    ['/checkin', '/checkin/today', true],
    // docs/spec.md: a prefix match, so the check-in list (/checkins) lights Daily Check-in.
    ['/checkin', '/checkins', true],
    ['/blog', '/blog/42', true],
    ['/blog', '/', false],
    ['/gps', '/statistics', false],
  ])('item %s at %s → %s', (item, location, expected) => {
    expect(isNavItemActive(item, location)).toBe(expected)
  })
})

describe('shortLabel', () => {
  it.each([
    ['Dashboard', 'Dashboard'],
    ['Daily Check-in', 'Daily'],
    ['Learn & Grow', 'Learn'],
    ['AI Chatbot', 'AI'],
    ['GPS Tracking', 'GPS'],
  ])('%s → %s', (label, expected) => {
    expect(shortLabel(label)).toBe(expected)
  })
})
