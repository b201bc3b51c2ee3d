import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'

import { deleteChannel } from '../api/delete-channel'
import { useChannels } from '../api/get-channels'
import { getPushKey } from '../api/get-push-key'
import { notificationKeys } from '../api/notification-keys'
import { savePushChannel } from '../api/save-push-channel'
import { base64UrlToBytes, deviceLabel, pushSupported, workerRegistration } from '../lib/push'

export type DevicePushState = 'unsupported' | 'denied' | 'off' | 'on'

/**
 * This browser's web push: whether it is on (the browser has a subscription the
 * server knows as a push channel), and turning it on (asking for permission only
 * then) or off.
 */
export function useDevicePush() {
  const supported = pushSupported()
  const client = useQueryClient()
  const [endpoint, setEndpoint] = React.useState<string | null>(null)
  const [permission, setPermission] = React.useState<NotificationPermission>(supported ? Notification.permission : 'denied')
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const channels = useChannels()
  const browsers = (channels.data ?? []).filter((c) => c.kind === 'push')

  React.useEffect(() => {
    if (!supported) return
    let live = true
    void navigator.serviceWorker
      .getRegistration()
      .then((reg) => reg?.pushManager.getSubscription())
      .then((sub) => {
        if (live) setEndpoint(sub?.endpoint ?? null)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [supported])

  const mine = browsers.find((c) => c.address === endpoint) ?? null
  const state: DevicePushState = !supported
    ? 'unsupported'
    : permission === 'denied'
      ? 'denied'
      : mine
        ? 'on'
        : 'off'

  const refresh = () => client.invalidateQueries({ queryKey: notificationKeys.channels() })

  async function turnOn() {
    setBusy(true)
    setError(null)
    try {
      const answer = await Notification.requestPermission()
      setPermission(answer)
      if (answer !== 'granted') return
      const [{ publicKey }, reg] = await Promise.all([getPushKey(), workerRegistration()])
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) })
      const json = sub.toJSON()
      await savePushChannel({
        address: sub.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        label: deviceLabel(navigator.userAgent),
      })
      setEndpoint(sub.endpoint)
      await refresh()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  async function turnOff() {
    setBusy(true)
    setError(null)
    try {
      const reg = await navigator.serviceWorker.getRegistration()
      const sub = await reg?.pushManager.getSubscription()
      if (mine) await deleteChannel(mine.id)
      await sub?.unsubscribe()
      setEndpoint(null)
      await refresh()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  async function remove(id: number) {
    await deleteChannel(id)
    await refresh()
  }

  return { state, busy, error, mine, browsers, refetch: channels.refetch, turnOn, turnOff, remove }
}
