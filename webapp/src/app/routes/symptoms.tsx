import type { User } from '@/features/auth/types'
import { SymptomScreen } from '@/features/symptoms/components/symptom-screen'
import { symptomText } from '@/features/symptoms/content'

export type SymptomsRouteProps = {
  user: User
}

/** docs/spec.md Symptom Tracker (`/symptoms`); times are shown in the user's time zone. */
export function SymptomsRoute({ user }: SymptomsRouteProps) {
  return (
    <>
      <title>{symptomText.pageTitle}</title>
      <SymptomScreen timeZone={user.timezone} />
    </>
  )
}
