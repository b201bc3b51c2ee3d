import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

/*
 * Issue 4, "Must show": a fresh user checks in for the first time, end to
 * end against the real binary, and every screen reflects it.
 */

const moodDescription = 'Calmer than yesterday after a long walk by the river with my sister'
const substanceDetails = 'Two drinks at a friend’s birthday'

test.use({ colorScheme: 'light' })

test('a first check-in shows on the dashboard, the check-in screen and the history', async ({
  page,
  saveScreenshot,
}) => {
  test.slow() // the whole first day: form, dashboard in two themes and sizes, history, export
  const problems = watchForErrors(page)
  // ApexCharts lives in one lazy chunk: it loads only once there is a check-in to draw.
  const chartChunks: string[] = []
  page.on('request', (request) => {
    if (/mood-chart-canvas/.test(request.url())) chartChunks.push(request.url())
  })
  await registerViaApi(page, newAccount({ firstName: 'Rosa', lastName: 'Martinez' }))

  // A fresh user: nothing yet today.
  await page.goto('/')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Welcome, Rosa!' })).toBeVisible()
  await expect(main.getByText('No check-in today', { exact: true })).toBeVisible()
  await expect(main.getByTestId('streak-days')).toHaveText('0')
  await expect(main.getByText('Your mood chart will appear after your first check-in.')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(chartChunks, 'the first dashboard without check-ins loads no chart code').toEqual([])
  await saveScreenshot('dashboard-empty-desktop')

  // The quick link leads to the form with docs/spec.md's defaults.
  await main.getByRole('link', { name: /^Daily Check-in/ }).click()
  await expect(page).toHaveURL(/\/checkin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Check-in' })).toBeVisible()
  await expect(page.getByText("Take a moment to reflect on how you're feeling today.")).toBeVisible()
  const mood = page.getByRole('slider', { name: 'Mood' })
  const cravings = page.getByRole('slider', { name: 'Craving intensity' })
  await expect(mood).toHaveAttribute('aria-valuenow', '5')
  await expect(cravings).toHaveAttribute('aria-valuenow', '1')
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked()
  await expect(page.getByLabel(/^Details/)).toHaveCount(0)

  // Sliders by keyboard: mood 5 → 7, cravings 1 → 4.
  await mood.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(mood).toHaveAttribute('aria-valuenow', '7')
  await cravings.focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
  await expect(cravings).toHaveAttribute('aria-valuenow', '4')

  await page.getByLabel(/^Describe your mood/).fill(moodDescription)
  await page.getByRole('checkbox', { name: 'Stress' }).check()
  await page.getByRole('checkbox', { name: 'Social situations' }).check()
  await page.getByLabel(/^Describe your triggers/).fill('A party with old friends')
  await page.getByRole('radio', { name: 'Yes' }).check()
  await page.getByLabel(/^Details/).fill(substanceDetails)
  await page.getByRole('checkbox', { name: 'Deep breathing' }).check()
  await page.getByRole('checkbox', { name: 'Called support' }).check()
  await saveScreenshot('checkin-form-desktop')

  const saved = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/checkins' && res.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Complete Check-in' }).click()
  const response = await saved
  expect(response.status()).toBe(201)
  expect(response.request().postDataJSON()).toEqual({
    mood: 7,
    moodDescription,
    cravingIntensity: 4,
    triggers: ['stress', 'social'],
    triggerDescription: 'A party with old friends',
    substanceUse: true,
    substanceDetails,
    copingStrategies: ['support', 'breathing'],
    notes: '',
  })

  // The toast, then the dashboard with today's check-in.
  await expect(page.getByText('Check-in completed!', { exact: true })).toBeVisible()
  await expect(page.getByText('Your daily check-in has been saved successfully.', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(main.getByText('Last check-in: Today', { exact: true })).toBeVisible()
  await expect(main.getByRole('heading', { level: 1, name: 'Welcome back, Rosa!' })).toBeVisible()
  await expect(main.getByTestId('streak-days')).toHaveText('1')
  await expect(main.getByTestId('recovery-days')).toContainText('0 days since you last reported using')
  const stats = main.getByRole('region', { name: 'Your statistics' })
  await expect(stats.getByText('1/7', { exact: true })).toBeVisible()
  await expect(stats.getByText('7.0', { exact: true })).toBeVisible()
  await expect(stats.getByText('4.0', { exact: true })).toBeVisible()

  // The chart point: ApexCharts draws the one check-in as a marker.
  const chart = main.getByTestId('mood-chart')
  await expect(chart.locator('.apexcharts-canvas')).toBeVisible()
  await expect(chart.locator('.apexcharts-series-markers circle, .apexcharts-marker').first()).toBeAttached()
  await expect(main.getByTestId('mood-average')).toContainText('7.0')
  expect(chartChunks).toHaveLength(1)

  // Recent activity, cut at 50 characters.
  const recent = main.getByRole('region', { name: 'Recent Activities' })
  await expect(recent.getByRole('listitem')).toHaveCount(1)
  await expect(recent.getByText(`${moodDescription.slice(0, 50)}...`, { exact: true })).toBeVisible()
  await expect(recent.getByText('Today', { exact: true })).toBeVisible()

  // The calendar marks today.
  await expect(main.getByRole('region', { name: 'Check-in History' }).getByRole('img', { name: 'Checked in' })).toHaveCount(1)

  // Reporting use raised a kind alert with a next step to the crisis page.
  const alert = main.getByTestId('alert').filter({ hasText: 'Thank you for being honest' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('link', { name: /Get support now/ })).toHaveAttribute('href', '/crisis')

  await page.waitForLoadState('networkidle')
  await saveScreenshot('dashboard-desktop')
  await page.getByRole('button', { name: 'Switch to dark theme' }).first().click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await saveScreenshot('dashboard-desktop-dark')
  await page.setViewportSize({ width: 390, height: 844 })
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  // The chart redraws for the new width on its own resize timer.
  await expect.poll(overflow).toBeLessThanOrEqual(0)
  await saveScreenshot('dashboard-mobile-dark')
  await page.getByRole('button', { name: 'Switch to light theme' }).first().click()
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await saveScreenshot('dashboard-mobile')
  expect(await overflow()).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 720 })

  // Dismissing the alert marks it read on the server.
  await alert.getByRole('button', { name: 'Dismiss notification' }).click()
  await expect(alert).toHaveCount(0)
  const alerts = (await (await page.request.get('/api/alerts')).json()) as { message: string; isRead: boolean }[]
  expect(alerts.find((a) => a.message.startsWith('Thank you for being honest'))?.isRead).toBe(true)

  // One a day: the check-in screen now says so.
  await page.goto('/checkin')
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in Complete!' })).toBeVisible()
  await expect(
    page.getByText("You've already completed your daily check-in for today. Come back tomorrow!", { exact: true }),
  ).toBeVisible()
  await saveScreenshot('checkin-complete-desktop')
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await expect(page).toHaveURL(/\/$/)

  // View All → the history lists it, with labels, and opens its details.
  await main.getByRole('link', { name: /View all/i }).click()
  await expect(page).toHaveURL(/\/checkins$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your check-ins' })).toBeVisible()
  const item = page.getByTestId('history-item')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText('7/10')
  await expect(item).toContainText('4/10')
  for (const label of ['Stress', 'Social situations', 'Called support', 'Deep breathing']) {
    await expect(item.getByText(label, { exact: true })).toBeVisible()
  }
  await expect(item.getByText(substanceDetails)).toBeHidden()
  await item.getByRole('button', { name: /Show details/ }).click()
  await expect(item.getByText(substanceDetails)).toBeVisible()
  await expect(item.getByText(moodDescription)).toBeVisible()
  await saveScreenshot('checkins-desktop')

  // The CSV export link downloads the same check-in.
  const exportLink = page.getByRole('link', { name: 'Export CSV' })
  await expect(exportLink).toHaveAttribute('href', '/api/checkins/export')
  const csv = await page.request.get('/api/checkins/export')
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-type']).toContain('text/csv')
  const lines = (await csv.text()).trim().split(/\r?\n/)
  expect(lines[0]).toBe(
    'date,mood,cravingIntensity,moodDescription,triggers,triggerDescription,substanceUse,substanceDetails,copingStrategies,notes',
  )
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(',7,4,')
  expect(lines[1]).toContain('stress;social')
  expect(lines[1]).toContain(',true,')
  expect(lines[1]).toContain('support;breathing')

  // A date range that excludes today finds nothing, and the export follows the range.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01')
  await page.getByLabel('To', { exact: true }).fill('2020-01-31')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/\/checkins\?from=2020-01-01&to=2020-01-31$/)
  await expect(page.getByText('No check-ins in this date range.')).toBeVisible()
  await expect(exportLink).toHaveAttribute('href', '/api/checkins/export?from=2020-01-01&to=2020-01-31')
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(item).toHaveCount(1)

  expect(problems).toEqual([])
})

test('Cancel leaves the form for the dashboard without saving', async ({ page }) => {
  await registerViaApi(page)
  await page.goto('/checkin')
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Check-in' })).toBeVisible()

  await page.getByRole('radio', { name: 'Yes' }).check()
  await expect(page.getByLabel(/^Details/)).toBeVisible()
  await page.getByRole('radio', { name: 'No' }).check()
  await expect(page.getByLabel(/^Details/)).toHaveCount(0)

  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('No check-in today', { exact: true })).toBeVisible()
  const today = await page.request.get('/api/checkins/today')
  expect(await today.json()).toBeNull()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the check-in form and the history fit the screen', async ({ page, saveScreenshot }) => {
    await registerViaApi(page)
    await page.goto('/checkin')
    await expect(page.getByRole('heading', { level: 1, name: 'Daily Check-in' })).toBeVisible()
    await page.getByRole('radio', { name: 'Yes' }).check()
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(await overflow()).toBeLessThanOrEqual(0)
    await saveScreenshot('checkin-form-mobile')

    await page.getByRole('button', { name: 'Complete Check-in' }).click()
    await expect(page.getByText('Check-in completed!', { exact: true })).toBeVisible()
    await expect(page.getByText('Last check-in: Today', { exact: true })).toBeVisible()

    await page.goto('/checkins')
    await expect(page.getByTestId('history-item')).toHaveCount(1)
    expect(await overflow()).toBeLessThanOrEqual(0)
    await saveScreenshot('checkins-mobile')
  })
})
