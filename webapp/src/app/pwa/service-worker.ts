import * as React from 'react'

/*
 * Registers /sw.js (built from pwa/service-worker.js) and tells the page when
 * a new build has installed beside the running one. The new build takes over
 * only when the person says so: the page then reloads once, whole, so no
 * screen mixes old and new files.
 */

type Listener = () => void
let applyUpdate: (() => void) | null = null
const listeners = new Set<Listener>()

function offerUpdate(worker: ServiceWorker) {
  applyUpdate = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
    worker.postMessage('SKIP_WAITING')
  }
  listeners.forEach((listener) => listener())
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.register('/sw.js')
  // Only an update is offered: the first install simply starts controlling the page.
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker)
    })
  })
  // A page left open for days still hears about new builds.
  setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000)
}

function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The function that switches to the waiting build, or null when none waits. */
export function useUpdateReady(): (() => void) | null {
  return React.useSyncExternalStore(
    subscribe,
    () => applyUpdate,
    () => null,
  )
}
