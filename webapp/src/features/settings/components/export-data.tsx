import { Download, Stethoscope } from 'lucide-react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { routes, serverPaths } from '@/config/routes'

import { settingsText } from '../content'
import { SettingsSection } from './settings-section'

/**
 * A plain same-origin link: the browser sends the session cookie and saves
 * the attachment. Beside it, the way to "My data for my clinician".
 */
export function ExportData() {
  const text = settingsText.data
  return (
    <SettingsSection id="data" title={text.title} description={text.description}>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline" className="rounded-full">
          <a href={serverPaths.accountExport} download>
            <Download aria-hidden="true" />
            {text.download}
          </a>
        </Button>
        <Button asChild variant="outline" className="rounded-full">
          <Link href={routes.clinician.path}>
            <Stethoscope aria-hidden="true" />
            {routes.clinician.label}
          </Link>
        </Button>
      </div>
    </SettingsSection>
  )
}
