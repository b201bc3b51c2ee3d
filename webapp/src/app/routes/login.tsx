import { AuthLayout } from '@/components/layouts/auth-layout'
import { AuthPanel } from '@/features/auth/components/auth-panel'
import { authText } from '@/features/auth/content'
import { useNextPath } from '@/hooks/use-next-path'

export function LoginRoute() {
  const next = useNextPath()
  const text = authText.login
  return (
    <AuthLayout pageTitle={text.pageTitle} title={text.title} description={text.description}>
      <AuthPanel mode="login" next={next} />
    </AuthLayout>
  )
}
