import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from '@/app'
import { prefetchFirstScreen } from '@/app/first-screen'
import { registerServiceWorker } from '@/app/pwa/service-worker'
import { queryClient } from '@/lib/query-client'

import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

void prefetchFirstScreen(queryClient, window.location.pathname)

// A transition: React renders the first screen in slices between which the
// browser stays responsive, instead of one long task on a slow phone.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})

// After the page has loaded, so precaching never competes with the first paint.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    registerServiceWorker().catch((error: unknown) => console.warn('service worker not registered', error))
  })
}
