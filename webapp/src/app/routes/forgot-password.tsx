import { AuthLayout } from '@/components/layouts/auth-layout'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'
import { authText } from '@/features/auth/content'

export function ForgotPasswordRoute() {
  const text = authText.forgot
  return (
    <AuthLayout pageTitle={text.pageTitle} title={text.title} description={text.description}>
      <ForgotPasswordForm />
    </AuthLayout>
  )
}
