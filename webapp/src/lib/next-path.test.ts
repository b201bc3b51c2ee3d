import { describe, expect, it } from 'vitest'

import { safeNextPath, withNext } from './next-path'

describe('safeNextPath', () => {
  it.each([
    ['/settings', '/settings'],
    ['/checkins/12?from=dashboard', '/checkins/12?from=dashboard'],
    ['/', '/'],
  ])('keeps the local path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected)
  })

  it.each([
    null,
    undefined,
    '',
    'settings',
    '//evil.example',
    '//evil.example/path',
    'https://evil.example',
    'http:/evil.example',
    '/\\evil',
    '/\\/evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\nevil',
    '/\tevil',
  ])('replaces %j with /', (raw) => {
    expect(safeNextPath(raw)).toBe('/')
  })
})

describe('withNext', () => {
  it('adds an encoded next, except for the default /', () => {
    expect(withNext('/login', '/settings')).toBe('/login?next=%2Fsettings')
    expect(withNext('/login', '/')).toBe('/login')
  })
})
