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
