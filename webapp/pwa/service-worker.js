/*
 * Lifeline's service worker. The build (pwa/precache-plugin.ts) puts
 * `const VERSION = '…'` and `const PRECACHE = [...]` (every file of the build)
 * above this file.
 *
 *   - Pages: the app shell (index.html) from this version's cache, so a page
 *     and its scripts always come from the same build and open with no
 *     network. A new build installs beside the old one and waits; the page
 *     asks the person to reload (src/app/pwa) and then sends SKIP_WAITING.
 *   - Files of the build: from this version's cache.
 *   - The API: straight to the network, except the two answers the crisis
 *     screens need offline (PERSONAL): the last copy of the person's safety
 *     plan and crisis contacts. Those are network-first; a saved copy is only
 *     used when the network fails, and carries `X-Lifeline-Saved-At` so the
 *     page can say how old it is. Signing out, in or up clears them.
 */
const SHELL_CACHE = `lifeline-shell-${VERSION}`
const PERSONAL_CACHE = 'lifeline-personal'
const PERSONAL = ['/api/safety-plan', '/api/crisis-contacts']
// Requests that start or end a session; the saved copies belong to whoever was signed in before.
const SESSION_NAVIGATIONS = ['/api/logout', '/api/auth/oidc/callback']
const SESSION_WRITES = ['/api/auth/login', '/api/auth/register', '/api/account']

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(
        names.filter((n) => n.startsWith('lifeline-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)),
      )
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') self.skipWaiting()
  if (event.data === 'CLEAR_PERSONAL') event.waitUntil(caches.delete(PERSONAL_CACHE))
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return

  const changesSession =
    SESSION_NAVIGATIONS.includes(url.pathname) || (request.method !== 'GET' && SESSION_WRITES.includes(url.pathname))
  if (changesSession) {
    event.respondWith(caches.delete(PERSONAL_CACHE).then(() => fetch(request)))
    return
  }
  if (request.method !== 'GET') return
  if (PERSONAL.includes(url.pathname)) {
    event.respondWith(networkThenSaved(request))
    return
  }
  if (url.pathname.startsWith('/api/') || url.pathname === '/healthz' || url.pathname === '/readyz' || url.pathname === '/metrics') {
    return
  }
  if (request.mode === 'navigate') {
    event.respondWith(fromShell('/index.html', request))
    return
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(fromShell(url.pathname, request))
})

async function fromShell(path, request) {
  const cached = await caches.match(path, { cacheName: SHELL_CACHE })
  return cached ?? fetch(request)
}

async function networkThenSaved(request) {
  const cache = await caches.open(PERSONAL_CACHE)
  let response
  try {
    response = await fetch(request)
  } catch (offline) {
    const saved = await cache.match(request)
    if (saved) return saved
    throw offline
  }
  if (response.ok) {
    const headers = new Headers(response.headers)
    headers.set('X-Lifeline-Saved-At', new Date().toISOString())
    const body = await response.clone().arrayBuffer()
    await cache.put(request, new Response(body, { status: response.status, headers }))
  } else if (response.status === 401 || response.status === 403) {
    await cache.delete(request)
  }
  return response
}

/*
 * Web push (docs/care-circle.md#web-push). The server encrypts a small JSON
 * payload for this browser (RFC 8291): title, body, url, alertId, tag, type.
 * The notification's actions: "I'm okay" answers the alert from here (a
 * same-origin POST, so the API's cross-origin protection lets it through
 * and the session cookie goes with it); "Open my safety plan" opens it.
 * An avoid-zone alert gets both; a supporter's alert gets "I'm on it"
 * instead (claimAlert); every notification opens its url on a tap.
 */
const AVOID_ZONE_TYPES = ['geofence_enter_avoid', 'geofence_dwell']

self.addEventListener('push', (event) => {
  let data
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { body: event.data ? event.data.text() : '' }
  }
  const title = data.title || 'Lifeline'
  const actions = []
  if (data.claimToken) {
    // A supporter's alert: their one-tap "I'm on it" (claimToken, claimUrl).
    actions.push({ action: 'claim', title: "I'm on it" })
  } else if (data.alertId && AVOID_ZONE_TYPES.includes(data.type)) {
    actions.push({ action: 'okay', title: "I'm okay" }, { action: 'plan', title: 'Open my safety plan' })
  }
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: data.url || '/', alertId: data.alertId || null, claimToken: data.claimToken || null, claimUrl: data.claimUrl || null },
      actions,
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification
  const data = notification.data || {}
  notification.close()
  if (event.action === 'okay' && data.alertId) {
    event.waitUntil(answerOkay(data.alertId))
    return
  }
  if (event.action === 'claim' && data.claimToken) {
    event.waitUntil(claimAlert(data.claimToken, data.claimUrl, data.url))
    return
  }
  const target = event.action === 'plan' ? '/crisis/safety-plan' : data.url || '/'
  event.waitUntil(openPage(target))
})

async function answerOkay(alertId) {
  try {
    const response = await fetch(`/api/alerts/${encodeURIComponent(alertId)}/ok`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    if (response.ok) {
      await self.registration.showNotification('Thanks for letting us know', {
        body: "We won't tell anyone else about this one.",
        tag: `okay-${alertId}`,
      })
      return
    }
  } catch {
    // offline: open the alert instead, where the answer can be given
  }
  await openPage('/dashboard')
}

/*
 * "I'm on it" from a supporter's notification: the push carried a one-tap
 * link's token (single use, this alert only), posted to this origin's
 * /api/claim-links/claim; no session needed. The answer's words (someone
 * else is on it, the link was used) show as a notification; offline, the
 * page opens instead.
 */
async function claimAlert(token, claimUrl, pageUrl) {
  const url = new URL(claimUrl || '/api/claim-links/claim', self.location.origin)
  if (url.origin !== self.location.origin) return openPage(pageUrl || '/supporting')
  try {
    const response = await fetch(url.href, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    })
    const answer = await response.json().catch(() => ({}))
    if (response.ok) {
      await self.registration.showNotification("Thanks, you're on it", {
        body: `${answer.person || 'They'} will see that you're on it. Nobody else will be asked.`,
        tag: `claim-${answer.alertId || ''}`,
      })
      return
    }
    await self.registration.showNotification('Lifeline', { body: answer.message || "That didn't work.", tag: 'claim' })
    return
  } catch {
    // offline: open People I support instead, where "I'm on it" waits
  }
  await openPage(pageUrl || '/supporting')
}

async function openPage(target) {
  const url = new URL(target, self.location.origin)
  if (url.origin !== self.location.origin) return
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of windows) {
    if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
      await client.focus()
      if ('navigate' in client) await client.navigate(url.href).catch(() => undefined)
      return
    }
  }
  await self.clients.openWindow(url.href)
}
