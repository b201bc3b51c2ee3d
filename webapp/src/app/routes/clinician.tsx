import type { User } from '@/features/auth/types'
import { ClinicianScreen } from '@/features/clinician/components/clinician-screen'
import { clinicianText } from '@/features/clinician/content'

export type ClinicianRouteProps = {
  user: User
}

/** "My data for my clinician" (`/clinician`): the FHIR file and the printable summary, dated in the user's time zone. */
export function ClinicianRoute({ user }: ClinicianRouteProps) {
  return (
    <>
      <title>{clinicianText.pageTitle}</title>
      <ClinicianScreen timeZone={user.timezone} />
    </>
  )
}
