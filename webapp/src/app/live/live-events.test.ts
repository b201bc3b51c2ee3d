import { describe, expect, it } from 'vitest'

import { alertKeys } from '@/features/alerts/api/alert-keys'
import type { Alert } from '@/features/alerts/types'
import { careKeys } from '@/features/care/api/care-keys'
import { deviceKeys } from '@/features/devices/api/device-keys'
import type { Device } from '@/features/devices/types'
import { gpsKeys } from '@/features/gps/api/gps-keys'
import type { Location } from '@/features/gps/types'
import { dayRange } from '@/features/gps/utils/day-range'
import { sosKeys } from '@/features/sos/api/sos-keys'
import { makeAlert } from '@/testing/checkin-data'
import { makeDevice, makeLocation } from '@/testing/gps-data'
import { createQueryClient } from '@/lib/query-client'

import {
  applyAlert,
  applyAskChange,
  applyClaimChange,
  applyDevice,
  applyLocation,
  applyNoteArrived,
  applySosChange,
  RECENT_LIMIT,
} from './live-events'

describe('live events → query caches', () => {
  it('a location becomes the latest, heads Recent History and joins its day', () => {
    const qc = createQueryClient()
    const older = makeLocation({ id: 1, timestamp: '2026-11-22T09:00:00Z' })
    const today = dayRange('2026-11-22', 'UTC')
    const yesterday = dayRange('2026-11-21', 'UTC')
    qc.setQueryData(gpsKeys.latest(), older)
    qc.setQueryData(gpsKeys.recent(), [older])
    qc.setQueryData(gpsKeys.day(today), [older])
    qc.setQueryData(gpsKeys.day(yesterday), [])

    const fix = makeLocation({ id: 2, timestamp: '2026-11-22T10:00:00Z', latitude: 37.8 })
    applyLocation(qc, fix)

    expect(qc.getQueryData(gpsKeys.latest())).toEqual(fix)
    expect(qc.getQueryData<Location[]>(gpsKeys.recent())?.map((l) => l.id)).toEqual([2, 1])
    expect(qc.getQueryData<Location[]>(gpsKeys.day(today))?.map((l) => l.id)).toEqual([2, 1])
    expect(qc.getQueryData<Location[]>(gpsKeys.day(yesterday))).toEqual([])
  })

  it('ignores a fix it already has (also one the stream sends without an id) and keeps a newer latest', () => {
    const qc = createQueryClient()
    const stored = makeLocation({ id: 5, timestamp: '2026-11-22T10:00:00.123Z' })
    qc.setQueryData(gpsKeys.latest(), makeLocation({ id: 9, timestamp: '2026-11-22T11:00:00Z' }))
    qc.setQueryData(gpsKeys.recent(), [stored])

    applyLocation(qc, { ...stored, id: 0, timestamp: '2026-11-22T10:00:00.123456789Z' })

    expect(qc.getQueryData<Location[]>(gpsKeys.recent())).toHaveLength(1)
    expect(qc.getQueryData<Location>(gpsKeys.latest())?.id).toBe(9)
  })

  it('keeps Recent History to the API page size and leaves unloaded caches alone', () => {
    const qc = createQueryClient()
    const full = Array.from({ length: RECENT_LIMIT }, (_, i) =>
      makeLocation({ id: 100 + i, timestamp: new Date(Date.UTC(2026, 10, 22, 9, 0, 0) - i * 1000).toISOString() }),
    )
    qc.setQueryData(gpsKeys.recent(), full)
    applyLocation(qc, makeLocation({ id: 1, timestamp: '2026-11-22T10:00:00Z' }))
    const list = qc.getQueryData<Location[]>(gpsKeys.recent())
    expect(list).toHaveLength(RECENT_LIMIT)
    expect(list?.[0].id).toBe(1)

    const fresh = createQueryClient()
    applyLocation(fresh, makeLocation())
    expect(fresh.getQueryData(gpsKeys.recent())).toBeUndefined()
  })

  it('an alert joins the alert list once', () => {
    const qc = createQueryClient()
    const old = makeAlert({ id: 1 })
    qc.setQueryData(alertKeys.list(), [old])
    const alert = makeAlert({ id: 2, type: 'geofence_enter_avoid', message: 'You entered Old bar at 21:04.' })

    expect(applyAlert(qc, alert)).toBe(true)
    expect(applyAlert(qc, alert)).toBe(false)
    expect(qc.getQueryData<Alert[]>(alertKeys.list())?.map((a) => a.id)).toEqual([2, 1])
  })

  it('an alert that changed (resolved) replaces its copy in the list, keeping what the event leaves out', () => {
    const qc = createQueryClient()
    const offline = makeAlert({ id: 3, type: 'device_offline', message: 'Your bracelet has not reported since 14:50.' })
    const answered = makeAlert({ id: 4, type: 'geofence_enter_avoid', okayAt: '2026-11-22T15:02:00Z' })
    qc.setQueryData(alertKeys.list(), [answered, offline])

    const resolved = { ...offline, resolvedAt: '2026-11-22T15:07:00Z', resolution: 'Back since 15:07.' }
    expect(applyAlert(qc, resolved)).toBe(false)
    const { okayAt: _, ...resent } = answered
    expect(applyAlert(qc, resent)).toBe(false)
    expect(qc.getQueryData<Alert[]>(alertKeys.list())).toEqual([answered, resolved])
  })

  it('a device event flips its connection badge and refetches the list', async () => {
    const qc = createQueryClient()
    qc.setQueryData(deviceKeys.list(), [makeDevice({ id: 'brc_aaaaaaaaaaaa', connected: false }), makeDevice({ id: 'brc_bbbbbbbbbbbb', connected: false })])
    await applyDevice(qc, { id: 'brc_aaaaaaaaaaaa', connected: true })
    const list = qc.getQueryData<Device[]>(deviceKeys.list())
    expect(list?.map((d) => d.connected)).toEqual([true, false])
    expect(qc.getQueryState(deviceKeys.list())?.isInvalidated).toBe(true)
  })

  it("a bracelet's fix or connection refetches the bracelet list but not its packets, which arrive live", async () => {
    // Refetching them raced with the live packet events: an answer computed
    // just before a packet was recorded replaced the list that event had
    // just joined, and the tester view lost that packet.
    const qc = createQueryClient()
    const id = 'brc_aaaaaaaaaaaa'
    qc.setQueryData(deviceKeys.list(), [makeDevice({ id })])
    qc.setQueryData(deviceKeys.packets(id), [])
    applyLocation(qc, makeLocation({ deviceId: id }))
    await applyDevice(qc, { id, connected: true })
    expect(qc.getQueryState(deviceKeys.list())?.isInvalidated).toBe(true)
    expect(qc.getQueryState(deviceKeys.packets(id))?.isInvalidated).toBe(false)
  })

  it("an sos event refetches the supporter's People I support, or the wearer's own open SOS and alerts", async () => {
    const qc = createQueryClient()
    const seed = () => {
      qc.setQueryData(careKeys.supporting, [])
      qc.setQueryData(careKeys.person(4), null)
      qc.setQueryData(sosKeys.open(), null)
      qc.setQueryData(sosKeys.audience(), [])
      qc.setQueryData(alertKeys.list(), [])
    }
    const invalidated = () =>
      [careKeys.supporting, careKeys.person(4), sosKeys.open(), sosKeys.audience(), alertKeys.list()].map(
        (key) => qc.getQueryState(key)?.isInvalidated ?? false,
      )
    seed()
    await applySosChange(qc, { personId: 4, open: false })
    expect(invalidated()).toEqual([true, true, false, false, false])
    qc.clear()
    seed()
    await applySosChange(qc, { alertId: 9, open: true })
    expect(invalidated()).toEqual([false, false, true, false, true])
  })

  it("an ask event refetches the wearer's open ask, or the asks to a supporter", async () => {
    const qc = createQueryClient()
    const seed = () => {
      qc.setQueryData(careKeys.openAsk, null)
      qc.setQueryData(careKeys.asksToMe, [])
    }
    const invalidated = () => [careKeys.openAsk, careKeys.asksToMe].map((key) => qc.getQueryState(key)?.isInvalidated ?? false)
    seed()
    await applyAskChange(qc, { askId: 4 })
    expect(invalidated()).toEqual([true, false])
    qc.clear()
    seed()
    await applyAskChange(qc, { personId: 7 })
    expect(invalidated()).toEqual([false, true])
  })

  it('claim: a supporter refetches their people, the wearer their alerts', async () => {
    const qc = createQueryClient()
    const seed = () => {
      qc.setQueryData(careKeys.supporting, [])
      qc.setQueryData(sosKeys.open(), null)
      qc.setQueryData(alertKeys.list(), [])
    }
    const invalidated = () =>
      [careKeys.supporting, sosKeys.open(), alertKeys.list()].map((key) => qc.getQueryState(key)?.isInvalidated ?? false)
    seed()
    await applyClaimChange(qc, { personId: 4 })
    expect(invalidated()).toEqual([true, false, false])
    qc.clear()
    seed()
    await applyClaimChange(qc, { alertId: 9 })
    expect(invalidated()).toEqual([false, false, true])
  })

  it("note: the wearer's notes are fetched again, and nothing else", async () => {
    const qc = createQueryClient()
    qc.setQueryData(careKeys.notes, [])
    qc.setQueryData(careKeys.notePresets, [])
    qc.setQueryData(careKeys.sentNotes(4), [])
    await applyNoteArrived(qc)
    expect([careKeys.notes, careKeys.notePresets, careKeys.sentNotes(4)].map((key) => qc.getQueryState(key)?.isInvalidated)).toEqual([
      true,
      false,
      false,
    ])
  })
})
