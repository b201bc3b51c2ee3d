import * as React from 'react'

import { AuthLayout } from '@/components/layouts/auth-layout'
import { AuthPanel } from '@/features/auth/components/auth-panel'
import { authText } from '@/features/auth/content'
import { useNextPath } from '@/hooks/use-next-path'
import { showCarriedUnauthorizedToast } from '@/lib/login-redirect'

export function LoginRoute() {
  const next = useNextPath()
  const text = authText.login
  // The Unauthorized toast a protected screen had no time to show before leaving.
  React.useEffect(showCarriedUnauthorizedToast, [])
  return (
    <AuthLayout pageTitle={text.pageTitle} title={text.title} description={text.description}>
      <AuthPanel mode="login" next={next} />
    </AuthLayout>
  )
}
