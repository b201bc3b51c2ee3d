import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Fresh modules per case: whether the toaster has mounted is module state.
async function load() {
  vi.resetModules()
  const { browser } = await import('@/lib/browser')
  const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
  const redirect = await import('@/lib/login-redirect')
  const toasts = await import('@/hooks/use-toast')
  return { navigate, ...redirect, ...toasts }
}

/** The titles of the toasts on screen, as the page's toaster would read them. */
function toastTitles({ useToast }: Awaited<ReturnType<typeof load>>) {
  const { result, unmount } = renderHook(() => useToast())
  const titles = result.current.toasts.map((t) => t.title)
  unmount()
  return titles
}

describe('redirectToLogin', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    window.sessionStorage.clear()
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it("counts the 500 ms from the toaster's arrival, so a cold start still shows the toast", async () => {
    const { navigate, redirectToLogin, markToasterMounted, LOGIN_REDIRECT_DELAY_MS } = await load()
    redirectToLogin('/settings')
    await vi.advanceTimersByTimeAsync(1000)
    expect(navigate).not.toHaveBeenCalled()

    markToasterMounted()
    await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS - 1)
    expect(navigate).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/login?next=%2Fsettings')
  })

  it('leaves when the toaster never arrives, and the sign-in screen shows the toast instead', async () => {
    const { navigate, redirectToLogin, TOASTER_WAIT_MAX_MS } = await load()
    redirectToLogin('/checkin')
    await vi.advanceTimersByTimeAsync(TOASTER_WAIT_MAX_MS - 1)
    expect(navigate).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/login?next=%2Fcheckin')

    // The sign-in screen, a new page: fresh modules, the same tab's storage.
    const next = await load()
    next.showCarriedUnauthorizedToast()
    expect(toastTitles(next)).toEqual(['Unauthorized'])
    next.showCarriedUnauthorizedToast()
    expect(toastTitles(next)).toEqual(['Unauthorized'])
  })

  it('carries no toast when it was shown before leaving', async () => {
    const { redirectToLogin, markToasterMounted, LOGIN_REDIRECT_DELAY_MS } = await load()
    redirectToLogin('/settings')
    markToasterMounted()
    await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS)

    const next = await load()
    next.showCarriedUnauthorizedToast()
    expect(toastTitles(next)).toEqual([])
  })

  it('drops a carried toast that is over a minute old', async () => {
    const { redirectToLogin, TOASTER_WAIT_MAX_MS } = await load()
    redirectToLogin('/symptoms')
    await vi.advanceTimersByTimeAsync(TOASTER_WAIT_MAX_MS)
    vi.setSystemTime(Date.now() + 61_000)

    const next = await load()
    next.showCarriedUnauthorizedToast()
    expect(toastTitles(next)).toEqual([])
  })

  it('goes nowhere once cancelled, even when the toaster arrives later', async () => {
    const { navigate, redirectToLogin, cancelLoginRedirect, markToasterMounted } = await load()
    redirectToLogin('/gps')
    cancelLoginRedirect()
    markToasterMounted()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('makes one navigation for several failures at once', async () => {
    const { navigate, redirectToLogin, markToasterMounted, LOGIN_REDIRECT_DELAY_MS } = await load()
    markToasterMounted()
    redirectToLogin('/settings')
    redirectToLogin('/checkin')
    await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS)
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/login?next=%2Fsettings')
  })
})
