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

describe('redirectToLogin', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
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

  it('leaves anyway when the toaster never arrives', async () => {
    const { navigate, redirectToLogin, LOGIN_REDIRECT_DELAY_MS } = await load()
    redirectToLogin('/checkin')
    await vi.advanceTimersByTimeAsync(3000 + LOGIN_REDIRECT_DELAY_MS)
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/login?next=%2Fcheckin')
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
