import * as React from 'react'

import { useAppConfig } from '../api/get-app-config'
import { useDayLocations } from '../api/get-day-locations'
import { useLatestLocation } from '../api/get-latest-location'
import { useRecentLocations } from '../api/get-recent-locations'
import { useZones } from '../api/get-zones'
import { gpsText, KEEP_SHARING_INTERVAL_S } from '../content'
import { useKeepSharing } from '../hooks/use-keep-sharing'
import { usePlayback } from '../hooks/use-playback'
import { useWakeLock } from '../hooks/use-wake-lock'
import { useZoneEditor } from '../hooks/use-zone-editor'
import type { LatLon, MapPoint } from '../types'
import { mapCenter } from '../utils/center'
import { dayRange, todayIn } from '../utils/day-range'
import { chronological } from '../utils/playback'
import { BraceletStatusCard } from './bracelet-status-card'
import { DayHistoryCard } from './day-history-card'
import { GpsMap } from './gps-map'
import { KeepSharingStatus, KeepSharingSwitch } from './keep-sharing'
import { RecentHistoryCard } from './recent-history-card'
import { ShareLocationButton } from './share-location-button'
import { ZoneDialog } from './zone-dialog'
import { ZoneEditPanel, ZoneToolbar } from './zone-toolbar'
import { ZonesCard } from './zones-card'

export type GpsScreenProps = {
  /** The user's IANA time zone: times and the history's days follow it. */
  timeZone?: string
  /** Fixes to draw as an alert's evidence ("Why this alert?"). */
  evidence?: readonly MapPoint[] | null
  /** Composed by the app: the zone alerts above the map. */
  alerts?: React.ReactNode
  /** Composed by the app: the bracelets card below the history. */
  devices?: React.ReactNode
  /** Composed by the app: "Share my location" (share links). */
  share?: React.ReactNode
}

/** docs/spec.md GPS page, with issue 8's zones editor and day history. */
export function GpsScreen({ timeZone, evidence = null, alerts, devices, share }: GpsScreenProps) {
  const latest = useLatestLocation()
  const recent = useRecentLocations()
  const zones = useZones()
  const config = useAppConfig()

  const [justShared, setJustShared] = React.useState<LatLon | null>(null)
  const center = mapCenter(latest.data, justShared)
  const sharing = useKeepSharing({ intervalMs: KEEP_SHARING_INTERVAL_S * 1000, onShared: setJustShared })
  const wakeLock = useWakeLock(sharing.on)
  const sharingStatusId = React.useId()

  const editor = useZoneEditor(center)

  const today = todayIn(timeZone)
  const [date, setDate] = React.useState(today)
  const range = React.useMemo(() => dayRange(date, timeZone), [date, timeZone])
  const day = useDayLocations(range)
  const fixes = React.useMemo(() => chronological(day.data ?? []), [day.data])
  const playback = usePlayback(fixes.length)

  const onDateChange = (next: string) => {
    setDate(next)
    playback.reset()
  }

  const tileUrl = config.data?.mapTileUrl ?? ''
  return (
    <div className="grid gap-6">
      <title>{gpsText.pageTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{gpsText.title}</h1>
          <p className="mt-2 text-muted-foreground">{gpsText.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <ShareLocationButton onShared={setJustShared} />
          <KeepSharingSwitch sharing={sharing} statusId={sharingStatusId} />
          {share}
        </div>
      </div>
      <KeepSharingStatus id={sharingStatusId} sharing={sharing} wakeLock={wakeLock} timeZone={timeZone} />

      {alerts}

      {/* Phones: map, then the cards (the map's text alternative), then the day history. */}
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="grid min-w-0 content-start gap-3 lg:col-span-2">
          <ZoneToolbar mode={editor.mode} onModeChange={editor.changeMode} />
          <div className="relative">
            {config.isPending ? (
              <GpsMapPlaceholder />
            ) : (
              <GpsMap
                center={center}
                fitReady={!latest.isPending && !zones.isPending}
                focus={editor.focus}
                tileUrl={tileUrl}
                attribution={config.data?.mapAttribution ?? ''}
                latest={latest.data}
                zones={zones.data ?? []}
                track={fixes}
                playback={fixes.length > 0 ? fixes[playback.index] : null}
                evidence={evidence}
                editMode={editor.mode}
                circleDraft={editor.circleDraft}
                polygonDraft={editor.polygonDraft}
                onPlaceCircle={editor.placeCircle}
                onRadiusChange={editor.resizeCircle}
                onPolygonDrawn={editor.polygonDrawn}
                timeZone={timeZone}
              />
            )}
            <ZoneEditPanel
              mode={editor.mode}
              circleDraft={editor.circleDraft}
              polygonDraft={editor.polygonDraft}
              onContinue={editor.continueDraft}
              onDiscard={editor.discardDrafts}
            />
          </div>
        </div>
        <div className="grid min-w-0 content-start gap-6 lg:row-span-2">
          <BraceletStatusCard latest={latest.data} isPending={latest.isPending} timeZone={timeZone} />
          <ZonesCard
            zones={zones.data}
            isPending={zones.isPending}
            onAdd={editor.addZone}
            onEdit={editor.editZone}
          />
          <RecentHistoryCard
            locations={recent.data}
            isPending={recent.isPending}
            isError={recent.isError}
            timeZone={timeZone}
          />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <DayHistoryCard
            date={date}
            maxDate={today}
            onDateChange={onDateChange}
            fixes={fixes}
            isPending={day.isPending}
            index={playback.index}
            playing={playback.playing}
            onSeek={playback.seek}
            onTogglePlay={playback.toggle}
            timeZone={timeZone}
          />
        </div>
      </div>

      {devices}

      <ZoneDialog
        draft={editor.dialogDraft}
        onClose={editor.closeDialog}
        onSaved={editor.zoneSaved}
        onPlace={editor.setFocus}
        position={latest.data}
        geocoderUrl={config.data?.geocoderUrl ?? ''}
        timeZone={timeZone}
      />
    </div>
  )
}

function GpsMapPlaceholder() {
  return <div className="h-[500px] animate-pulse rounded-xl border bg-muted" aria-hidden="true" />
}
