import { mkdir } from 'node:fs/promises'
import path from 'node:path'

import { test as base, expect, type Page } from '@playwright/test'

import { BASE_URL_ENV, screenshotsDir } from './paths'

export type ScreenshotOptions = {
  /** Whole page (default) or only the viewport, where fixed bars sit where a person sees them. */
  fullPage?: boolean
}

export const test = base.extend<{ saveScreenshot: (name: string, options?: ScreenshotOptions) => Promise<void> }>({
  // The server's URL is only known once global setup has started it.
  // Playwright reads fixture dependencies from the destructuring pattern, so it must stay.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env[BASE_URL_ENV]
    if (!url) throw new Error(`${BASE_URL_ENV} is not set: did global setup run?`)
    await use(url)
  },
  /** Saves a screenshot (full page unless told otherwise) to e2e/.artifacts/screenshots/NAME.png. */
  saveScreenshot: async ({ page }, use) => {
    await use((name, options) => saveFullPageScreenshot(page, name, options))
  },
})

export async function saveFullPageScreenshot(page: Page, name: string, { fullPage = true }: ScreenshotOptions = {}) {
  await mkdir(screenshotsDir, { recursive: true })
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage })
}

export { expect }
