import { Download } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { serverPaths } from '@/config/routes'

import { settingsText } from '../content'
import { SettingsSection } from './settings-section'

/** A plain same-origin link: the browser sends the session cookie and saves the attachment. */
export function ExportData() {
  const text = settingsText.data
  return (
    <SettingsSection id="data" title={text.title} description={text.description}>
      <Button asChild variant="outline" className="rounded-full">
        <a href={serverPaths.accountExport} download>
          <Download aria-hidden="true" />
          {text.download}
        </a>
      </Button>
    </SettingsSection>
  )
}
