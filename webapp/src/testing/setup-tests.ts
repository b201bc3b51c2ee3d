import '@testing-library/jest-dom/vitest'

import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'

import { stubMatchMedia } from './match-media-stub'

beforeEach(() => {
  // jsdom has no matchMedia; default to a light system preference.
  stubMatchMedia({ prefersDark: false })
})

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  document.documentElement.className = ''
})
