import { ExternalLink, ShieldAlert } from 'lucide-react'
import * as React from 'react'

import { buttonVariants } from '@/components/ui/button-variants'
import { Skeleton } from '@/components/ui/skeleton'
import { CopyField } from '@/components/copy-field'

import { devicesText } from '../content'
import {
  deviceSecret,
  gpsLoggerUrl,
  ingestUrl,
  overlandLink,
  ownTracksConfiguration,
  ownTracksLink,
  phoneApps,
  type PhoneApp,
  type PhoneCredentials,
} from '../utils/phone-setup'
import { ChoiceGroup } from './choice-group'

// The QR encoder is loaded only when a phone is paired.
const QrCode = React.lazy(() => import('./qr-code'))

export type PhoneSetupPanelProps = {
  phone: PhoneCredentials
  /** This server's address as the phone reaches it (the page's origin). */
  origin: string
}

/**
 * Issue 19 item 7: for the chosen app, exactly what to type, and a QR code
 * and link where the app can take its settings from one.
 */
export function PhoneSetupPanel({ phone, origin }: PhoneSetupPanelProps) {
  const text = devicesText.phoneSetup
  const [app, setApp] = React.useState<PhoneApp>('owntracks')
  const choices = phoneApps.map((value) => ({ value, ...text.apps[value] }))
  return (
    <div className="grid grid-cols-1 gap-5">
      <ChoiceGroup label={text.app} value={app} onChange={setApp} choices={choices} />
      {origin.startsWith('http:') && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
          {text.insecure}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4" data-testid="phone-setup" data-app={app}>
        {app === 'owntracks' && <OwnTracksSetup phone={phone} origin={origin} />}
        {app === 'overland' && <OverlandSetup phone={phone} origin={origin} />}
        {app === 'osmand' && <OsmAndSetup phone={phone} origin={origin} />}
      </div>
    </div>
  )
}

function OwnTracksSetup({ phone, origin }: PhoneSetupPanelProps) {
  const text = devicesText.phoneSetup
  return (
    <>
      <OneTapSetup app={text.apps.owntracks.label} link={ownTracksLink(ownTracksConfiguration(origin, phone))} />
      <p className="text-sm font-medium">{text.byHand(text.owntracks.where)}</p>
      <p className="text-sm">
        {text.owntracks.mode}: <strong>{text.owntracks.modeValue}</strong>
      </p>
      <CopyField texts={devicesText.pairDialog.copyField} label={text.owntracks.url} value={ingestUrl(origin, 'owntracks')} testId="setup-url" />
      <CopyField texts={devicesText.pairDialog.copyField} label={text.owntracks.username} value={phone.id} testId="setup-username" />
      <CopyField texts={devicesText.pairDialog.copyField} label={text.owntracks.password} value={phone.token} testId="setup-password" />
      <p className="text-sm text-muted-foreground">{text.owntracks.note}</p>
    </>
  )
}

function OverlandSetup({ phone, origin }: PhoneSetupPanelProps) {
  const text = devicesText.phoneSetup
  return (
    <>
      <OneTapSetup app={text.apps.overland.label} link={overlandLink(origin, phone)} />
      <p className="text-sm font-medium">{text.byHand(text.overland.where)}</p>
      <CopyField texts={devicesText.pairDialog.copyField} label={text.overland.url} value={ingestUrl(origin, 'overland')} testId="setup-url" />
      <CopyField texts={devicesText.pairDialog.copyField} label={text.overland.token} value={deviceSecret(phone)} testId="setup-secret" />
      <p className="text-sm text-muted-foreground">{text.overland.note}</p>
    </>
  )
}

function OsmAndSetup({ phone, origin }: PhoneSetupPanelProps) {
  const text = devicesText.phoneSetup.osmand
  return (
    <>
      <p className="text-sm text-muted-foreground">{text.noLink}</p>
      <p className="text-sm font-medium">{text.traccar}</p>
      <CopyField texts={devicesText.pairDialog.copyField} label={text.url} value={ingestUrl(origin, 'osmand')} testId="setup-url" />
      <CopyField texts={devicesText.pairDialog.copyField} label={text.identifier} value={deviceSecret(phone)} testId="setup-secret" />
      <p className="text-sm font-medium">{text.gpslogger}</p>
      <CopyField texts={devicesText.pairDialog.copyField} label={text.gpsloggerUrl} value={gpsLoggerUrl(origin, phone)} testId="setup-gpslogger-url" />
      <p className="text-sm text-muted-foreground">{text.note}</p>
    </>
  )
}

/** The QR code, the link itself to tap on the phone, and the link to copy. */
function OneTapSetup({ app, link }: { app: string; link: string }) {
  const text = devicesText.phoneSetup
  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <React.Suspense fallback={<Skeleton className="size-56 shrink-0 rounded-lg" />}>
          <QrCode value={link} label={text.qr(app)} testId="setup-qr" />
        </React.Suspense>
        <div className="grid gap-3">
          <p className="text-sm">{text.oneTap(app)}</p>
          <a href={link} className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}>
            <ExternalLink aria-hidden="true" />
            {text.open(app)}
          </a>
        </div>
      </div>
      <CopyField texts={devicesText.pairDialog.copyField} label={text.link} value={link} testId="setup-link" />
    </div>
  )
}
