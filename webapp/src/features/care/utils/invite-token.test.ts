import { afterEach, describe, expect, it } from 'vitest'

import { forgetInviteToken, takeInviteToken, tokenFromHash } from './invite-token'

afterEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('the invitation token', () => {
  it.each([
    ['#token=abc123', 'abc123'],
    ['token=abc123', 'abc123'],
    ['#token=', null],
    ['#other=1', null],
    ['', null],
  ])('reads %j from the fragment as %j', (hash, token) => {
    expect(tokenFromHash(hash)).toBe(token)
  })

  it('keeps the token in the tab and takes it out of the address bar', () => {
    window.history.replaceState(null, '', '/care/accept#token=q8x1')
    expect(takeInviteToken()).toBe('q8x1')
    expect(window.location.hash).toBe('')
    expect(window.location.pathname).toBe('/care/accept')
    // Back from signing in, without the fragment: the kept token.
    expect(takeInviteToken()).toBe('q8x1')
    forgetInviteToken()
    expect(takeInviteToken()).toBeNull()
  })

  it('prefers a new link over a token kept before', () => {
    window.sessionStorage.setItem('lifeline.care.invite-token', 'old')
    window.history.replaceState(null, '', '/care/accept#token=new')
    expect(takeInviteToken()).toBe('new')
  })
})
