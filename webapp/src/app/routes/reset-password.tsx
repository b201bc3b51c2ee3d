import * as React from 'react'

import { AuthLayout } from '@/components/layouts/auth-layout'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'
import { authText } from '@/features/auth/content'
import { tokenFromFragment } from '@/lib/fragment-token'

/**
 * `/reset-password#token=…`: a reset email's link, signed in or not. The
 * token leaves the address bar at once (history, screenshots, a shared
 * screen) and stays in the page's state.
 */
export function ResetPasswordRoute() {
  const [token] = React.useState(() => tokenFromFragment(window.location.hash))
  React.useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname)
  }, [])
  const text = authText.reset
  return (
    <AuthLayout pageTitle={text.pageTitle} title={text.title} description={text.description}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  )
}
