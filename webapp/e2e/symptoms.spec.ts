import { readFile } from 'node:fs/promises'
import path from 'node:path'

import type { Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'
import { screenshotsDir } from './paths'

/*
 * Issue 9: a fresh user logs a symptom, edits it, exports it and deletes it
 * on the Symptom Tracker, against the real binary and database.
 */

test.use({ colorScheme: 'light' })

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

const notes = 'Bright screens, skipped lunch'

test('log, edit, export and delete a symptom', async ({ page, saveScreenshot }) => {
  // One long journey (four saves, a download, two viewports) on a shared two-core machine.
  test.slow()
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))

  // The nav item leads to the tracker; a fresh user has nothing yet.
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Symptom Log' }).click()
  await expect(page).toHaveURL(/\/symptoms$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Symptom Tracker' })).toBeVisible()
  await expect(page.getByText('Monitor your physical and mental health indicators over time.')).toBeVisible()
  const list = page.getByRole('region', { name: 'Recent Symptom Logs' })
  await expect(list.getByText('No symptoms logged yet.')).toBeVisible()
  const trend = page.getByRole('region', { name: 'Severity Trend' })
  await expect(trend.getByText(/^Nothing logged in the last 30 days/)).toBeVisible()
  await saveScreenshot('symptoms-empty-desktop')

  // Log one: Headache 8 (by keyboard), Anxiety at the default 5.
  const form = page.getByRole('form', { name: 'Log New Symptoms' })
  const physical = form.getByRole('slider', { name: 'Physical severity' })
  await expect(physical).toHaveAttribute('aria-valuenow', '5')
  await form.getByLabel(/^Physical symptom/).selectOption('Headache')
  await physical.focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
  await expect(physical).toHaveAttribute('aria-valuenow', '8')
  await form.getByLabel(/^Mental symptom/).selectOption('Anxiety')
  await form.getByLabel(/^Duration/).selectOption('1-4 hours')
  await form.getByLabel(/^Notes/).fill(notes)

  const saved = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/symptoms' && res.request().method() === 'POST',
  )
  await form.getByRole('button', { name: 'Log Symptoms' }).click()
  const response = await saved
  expect(response.status()).toBe(201)
  expect(response.request().postDataJSON()).toEqual({
    physicalSymptom: 'Headache',
    physicalSeverity: 8,
    mentalSymptom: 'Anxiety',
    mentalSeverity: 5,
    duration: '1-4 hours',
    notes,
  })
  await expect(page.getByText('Symptom logged!', { exact: true })).toBeVisible()
  await expect(page.getByText('Your symptom has been recorded successfully.', { exact: true })).toBeVisible()

  // The entry: title, a red dot that says so in words, the details; the form is fresh again.
  const entry = list.getByTestId('symptom-entry')
  await expect(entry).toHaveCount(1)
  await expect(entry.getByRole('heading', { name: 'Headache' })).toBeVisible()
  const dot = entry.getByRole('img', { name: 'Severity 8 of 10, high' })
  await expect(dot).toBeVisible()
  await expect(dot).toHaveAttribute('data-level', 'high')
  await expect(dot).toHaveClass(/bg-red-500/)
  await expect(entry).toContainText('Headache · 8/10')
  await expect(entry).toContainText('Anxiety · 5/10')
  await expect(entry).toContainText('1-4 hours')
  await expect(entry).toContainText(notes)
  await expect(form.getByLabel(/^Physical symptom/)).toHaveValue('')
  await expect(form.getByLabel(/^Duration/)).toHaveValue('')
  await expect(physical).toHaveAttribute('aria-valuenow', '5')

  // Today's point on the trend, drawn by the lazily loaded ApexCharts.
  const chart = trend.getByTestId('symptom-trend-chart')
  await expect(chart.locator('.apexcharts-canvas')).toBeVisible()
  // Today's markers, physical 8 and mental 5, are drawn and visible (not left hidden by ApexCharts).
  const markers = chart.locator('.apexcharts-series-markers .apexcharts-marker')
  await expect(markers).toHaveCount(2)
  for (const marker of await markers.all()) await expect(marker).toBeVisible()
  await expect
    .poll(() => markers.first().evaluate((el) => getComputedStyle(el.closest('.apexcharts-series-markers-wrap')!).opacity))
    .toBe('1')
  await page.waitForLoadState('networkidle')
  await saveScreenshot('symptoms-desktop')
  await chart.screenshot({ path: path.join(screenshotsDir, 'symptoms-trend-chart.png') })

  // Edit: severity down to 3 and all day.
  await entry.getByRole('button', { name: /^Edit Headache from / }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Symptom Log' })
  const editSeverity = dialog.getByRole('slider', { name: 'Physical severity' })
  await expect(editSeverity).toHaveAttribute('aria-valuenow', '8')
  await expect(dialog.getByLabel(/^Notes/)).toHaveValue(notes)
  await editSeverity.focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(editSeverity).toHaveAttribute('aria-valuenow', '3')
  await dialog.getByLabel(/^Duration/).selectOption('All day')
  await saveScreenshot('symptoms-edit-desktop', { fullPage: false })
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Symptom updated', { exact: true })).toBeVisible()
  await expect(dialog).toHaveCount(0)
  const lowDot = entry.getByRole('img', { name: 'Severity 3 of 10, low' })
  await expect(lowDot).toHaveAttribute('data-level', 'low')
  await expect(lowDot).toHaveClass(/bg-emerald-500/)
  await expect(entry).toContainText('All day')

  // Export: the CSV download holds the edited row.
  await list.getByRole('button', { name: 'Export Data' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'JSON' })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await menu.getByRole('menuitem', { name: 'CSV (spreadsheet)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^lifeline-symptoms-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile(await download.path(), 'utf8')
  const lines = csv.trim().split(/\r?\n/)
  expect(lines[0]).toBe('date,physicalSymptom,physicalSeverity,mentalSymptom,mentalSeverity,duration,notes')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[^,]+,Headache,3,Anxiety,5,All day,"Bright screens, skipped lunch"$/)

  // Mobile: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0)
  // The chart redraws for the new width on its own resize timer.
  await expect
    .poll(() =>
      chart.evaluate((el) => {
        // Mid-redraw there may be no drawing at all.
        const svg = el.querySelector('svg.apexcharts-svg')
        return svg ? svg.getBoundingClientRect().width - el.clientWidth : Infinity
      }),
    )
    .toBeLessThanOrEqual(0)
  await expect(markers).toHaveCount(2)
  const toasts = page.getByRole('region', { name: /^Notifications/ })
  for (const close of await toasts.getByRole('button', { name: 'Close' }).all()) await close.click()
  await expect(toasts.getByRole('listitem')).toHaveCount(0)
  await saveScreenshot('symptoms-mobile')
  await list.scrollIntoViewIfNeeded()
  await saveScreenshot('symptoms-mobile-list', { fullPage: false })
  await page.setViewportSize({ width: 1280, height: 720 })

  // Delete, after asking.
  await entry.getByRole('button', { name: /^Delete Headache from / }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this symptom log?' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Symptom deleted', { exact: true })).toBeVisible()
  await expect(list.getByText('No symptoms logged yet.')).toBeVisible()
  const stored = (await (await page.request.get('/api/symptoms')).json()) as unknown[]
  expect(stored).toEqual([])

  expect(problems).toEqual([])
})
