import { AuthLayout } from '@/components/layouts/auth-layout'
import { AuthPanel } from '@/features/auth/components/auth-panel'
import { authText } from '@/features/auth/content'
import { useNextPath } from '@/hooks/use-next-path'

export function RegisterRoute() {
  const next = useNextPath()
  const text = authText.register
  return (
    <AuthLayout pageTitle={text.pageTitle} title={text.title} description={text.description}>
      <AuthPanel mode="register" next={next} />
    </AuthLayout>
  )
}
