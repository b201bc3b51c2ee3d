import type { Locator, Page } from '@playwright/test'

/**
 * Adds a webhook channel in Settings → "How I'm told", as a person does,
 * and returns that section.
 */
export async function addWebhookInSettings(page: Page, url: string): Promise<Locator> {
  await page.goto('/settings')
  const section = page.getByRole('region', { name: "How I'm told" })
  await section.getByLabel('Kind').selectOption('webhook')
  await section.getByLabel('Webhook URL').fill(url)
  await section.getByRole('button', { name: 'Add channel' }).click()
  return section
}
