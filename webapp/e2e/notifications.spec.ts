import crypto from 'node:crypto'

import { registerViaApi } from './accounts'
import { expect, test } from './fixtures'
import { addWebhookInSettings } from './channels'
import { decryptPush, startReceiver } from './receiver'

/*
 * Issue 20, "How I'm told" and web push. The server runs with
 * --private-webhooks (global setup), so a receiver on 127.0.0.1 may stand in
 * for a person's webhook and for a browser vendor's push service.
 */

test.use({ serviceWorkers: 'allow', colorScheme: 'light' })

test('a webhook channel is added and "Send a test" reaches it', async ({ page }) => {
  const receiver = await startReceiver()
  try {
    await registerViaApi(page)
    const section = await addWebhookInSettings(page, `${receiver.url}/hook`)
    await expect(section.getByRole('listitem').getByText(`${receiver.url}/hook`, { exact: true }).first()).toBeVisible()
    await expect(section.getByText('No delivery yet.')).toBeVisible()
    await section.getByRole('button', { name: /Send a test/ }).click()
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1)
    const message = JSON.parse(receiver.received[0].body.toString()) as { type: string; title: string }
    expect(message.type).toBe('test')
    expect(receiver.received[0].path).toBe('/hook')
    await expect(section.getByText('Last delivery: sent')).toBeVisible({ timeout: 15_000 })
  } finally {
    await receiver.close()
  }
})

test('turning on notifications asks for permission, subscribes, and a push arrives encrypted for this browser', async ({
  page,
  context,
}) => {
  const pushService = await startReceiver()
  // The browser's subscription keys, made by the test so it can decrypt what the server sends.
  const ua = crypto.createECDH('prime256v1')
  ua.generateKeys()
  const auth = crypto.randomBytes(16)
  try {
    await context.grantPermissions(['notifications'])
    // Headless Chromium cannot reach a real push service (FCM). This stands in
    // for the outside service: PushManager.subscribe answers a subscription
    // whose endpoint is the test's local receiver and whose keys the test made.
    await page.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        let current: PushSubscription | null = null
        const make = () =>
          ({
            endpoint,
            expirationTime: null,
            options: { userVisibleOnly: true, applicationServerKey: null },
            getKey: () => null,
            toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
            unsubscribe: () => {
              current = null
              return Promise.resolve(true)
            },
          }) as unknown as PushSubscription
        PushManager.prototype.subscribe = function () {
          current = make()
          return Promise.resolve(current)
        }
        PushManager.prototype.getSubscription = function () {
          return Promise.resolve(current)
        }
      },
      {
        endpoint: `${pushService.url}/push/this-browser`,
        p256dh: ua.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    )
    await registerViaApi(page)
    await page.goto('/settings')
    const section = page.getByRole('region', { name: 'Notifications on this device' })
    await expect(section.getByText(/only when you turn this on/)).toBeVisible()
    await section.getByRole('switch', { name: 'Notifications on this device' }).click()
    await expect(section.getByText(/Alerts reach this device/)).toBeVisible()

    // This browser is a channel of kind push.
    const channels = (await (await page.request.get('/api/channels')).json()) as { kind: string; address: string }[]
    expect(channels.map((c) => [c.kind, c.address])).toEqual([['push', `${pushService.url}/push/this-browser`]])

    await section.getByRole('button', { name: 'Send a test' }).click()
    await expect.poll(() => pushService.received.length, { timeout: 20_000 }).toBe(1)
    const push = pushService.received[0]
    expect(push.path).toBe('/push/this-browser')
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/)
    const { publicKey } = (await (await page.request.get('/api/push/key')).json()) as { publicKey: string }
    expect(push.headers.authorization).toContain(`k=${publicKey}`)
    const payload = JSON.parse(decryptPush(push.body, ua, auth)) as { title: string; type: string; tag: string }
    expect(payload.title).toBe('Lifeline test')
    expect(payload.type).toBe('test')
    await expect(section.getByText('Last delivery: sent')).toBeVisible({ timeout: 15_000 })

    // The real service worker shows a notification for a push (CDP delivers one, as a push service would).
    // A push reaches an activated worker only: one still installing drops it, so the test waits for the
    // page's worker to be ready and for CDP to report that version activated.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    const cdp = await context.newCDPSession(page)
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const v = versions.find((x) => x.status === 'activated')
        if (v) resolve(v.registrationId)
      }),
    )
    await cdp.send('ServiceWorker.enable')
    const origin = new URL(page.url()).origin
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify({ title: 'You are near Rusty Anchor', body: 'Want to call Sam?', url: '/gps', alertId: 1, tag: 'alert-1', type: 'geofence_enter_avoid' }),
    })
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.ready
            // Notification.actions is Chromium's; the DOM types do not have it yet.
            type WithActions = Notification & { actions: { title: string }[] }
            return (await reg.getNotifications()).map((n) => ({
              title: n.title,
              tag: n.tag,
              actions: (n as WithActions).actions.map((a) => a.title),
            }))
          }),
        { timeout: 10_000 },
      )
      .toEqual([{ title: 'You are near Rusty Anchor', tag: 'alert-1', actions: ["I'm okay", 'Open my safety plan'] }])
  } finally {
    await pushService.close()
  }
})
