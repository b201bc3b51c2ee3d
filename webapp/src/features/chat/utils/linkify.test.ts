import { describe, expect, it } from 'vitest'

import { linkify } from './linkify'

describe('linkify', () => {
  it('turns the crisis page path and helpline numbers into links, leaving the rest as text', () => {
    const reply =
      'Your safety comes first.\n• Call or text 988, the Suicide & Crisis Lifeline.\n• In immediate danger, call 911 now.\n• Your crisis page: /crisis'
    expect(linkify(reply)).toEqual([
      { kind: 'text', text: 'Your safety comes first.\n• Call or text ' },
      { kind: 'tel', text: '988', href: 'tel:988' },
      { kind: 'text', text: ', the Suicide & Crisis Lifeline.\n• In immediate danger, call ' },
      { kind: 'tel', text: '911', href: 'tel:911' },
      { kind: 'text', text: ' now.\n• Your crisis page: ' },
      { kind: 'path', text: '/crisis', href: '/crisis' },
    ])
  })

  it('links paths inside brackets and before punctuation, the longest path first', () => {
    expect(linkify('on your crisis page (/crisis).')).toContainEqual({ kind: 'path', text: '/crisis', href: '/crisis' })
    expect(linkify('see /crisis/safety-plan, then /checkin')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'path', text: '/crisis/safety-plan', href: '/crisis/safety-plan' },
      { kind: 'text', text: ', then ' },
      { kind: 'path', text: '/checkin', href: '/checkin' },
    ])
  })

  it('dials 1-800 numbers by their digits', () => {
    expect(linkify('The hotline is 1-800-799-7233 (24/7).')).toContainEqual({
      kind: 'tel',
      text: '1-800-799-7233',
      href: 'tel:18007997233',
    })
  })

  it.each([
    ['Text HOME to 741741', 'a text-line code'],
    ['text START to 88788', 'another text code'],
    ['back in 1988', 'a year'],
    ['9880 steps', 'a longer number'],
    ['https://example.com/crisis', 'another site’s path'],
    ['/crisisline', 'a longer word'],
    ['/unknown', 'a path the app does not have'],
    ['/login', 'a sign-in screen'],
  ])('leaves %s alone (%s)', (text) => {
    expect(linkify(text)).toEqual([{ kind: 'text', text }])
  })
})
