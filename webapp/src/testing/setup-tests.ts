import '@testing-library/jest-dom/vitest'

import { act, cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

import { removeAllToasts } from '@/hooks/use-toast'
import { browser } from '@/lib/browser'
import { cancelLoginRedirect } from '@/lib/login-redirect'

import { stubMatchMedia } from './match-media-stub'

// findBy*/waitFor wait up to 5 s: the form screens load lazily, and the first
// import (zod, react-hook-form) is slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 })

/** jsdom has no ResizeObserver; Radix measures sliders and checkboxes with it. Nothing resizes in tests. */
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true, configurable: true })
}

beforeEach(() => {
  // jsdom has no matchMedia; default to a light system preference.
  stubMatchMedia({ prefersDark: false })
  // jsdom cannot load another page: record full navigations instead.
  vi.spyOn(browser, 'navigate').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  cancelLoginRedirect()
  act(() => removeAllToasts())
  window.localStorage.clear()
  document.documentElement.className = ''
})
