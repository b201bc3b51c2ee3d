import * as React from 'react'

export type Theme = 'light' | 'dark' | 'system'
export type ResolvedTheme = 'light' | 'dark'

/** Also read by public/theme-init.js before the first paint: keep them in sync. */
export const THEME_STORAGE_KEY = 'lifeline-theme'
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)'

export type ThemeContextValue = {
  /** The saved choice; `system` follows the operating system. */
  theme: Theme
  /** What is on screen now. */
  resolvedTheme: ResolvedTheme
  setTheme: (theme: Theme) => void
}

export const ThemeContext = React.createContext<ThemeContextValue | null>(null)
