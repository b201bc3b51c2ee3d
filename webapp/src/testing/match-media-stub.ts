import { vi } from 'vitest'

/**
 * Replaces window.matchMedia with one that answers the dark-scheme and the
 * reduced-motion queries as told (any other query does not match).
 */
export function stubMatchMedia({ prefersDark = false, reducedMotion = false }: { prefersDark?: boolean; reducedMotion?: boolean }) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches:
        (query.includes('prefers-color-scheme: dark') && prefersDark) ||
        (query.includes('prefers-reduced-motion: reduce') && reducedMotion),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  )
}
