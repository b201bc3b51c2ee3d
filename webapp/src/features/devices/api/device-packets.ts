import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import * as React from 'react'

import { apiGet, apiRequest } from '@/lib/api-client'

import type { PacketRecord } from '../types'
import { deviceKeys } from './device-keys'

/** How many packets the tester view keeps, like the server. */
export const PACKETS_KEPT = 50
/** The server's watch lease is a minute; renewing every 20 s survives a missed renewal. */
export const WATCH_RENEW_MS = 20_000

/** `GET /api/devices/{id}/packets`: the latest packets, newest first. */
export async function getDevicePackets(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<PacketRecord[]> {
  return (await apiGet<PacketRecord[] | null>(`/api/devices/${encodeURIComponent(id)}/packets`, { signal })) ?? []
}

/**
 * The fetched list is merged with the cached one: a live packet that arrived
 * while the request was out is missing from an answer computed before it was
 * recorded, and would otherwise vanish when that answer replaces the cache.
 */
export function getDevicePacketsQueryOptions(id: string) {
  return queryOptions({
    queryKey: deviceKeys.packets(id),
    queryFn: async ({ client, queryKey, signal }) => {
      const fetched = await getDevicePackets(id, { signal })
      return mergePackets(client.getQueryData<PacketRecord[]>(queryKey) ?? [], fetched)
    },
  })
}

export function useDevicePackets(id: string) {
  return useQuery(getDevicePacketsQueryOptions(id))
}

/** `POST /api/devices/{id}/watch`: the bracelet's packets flow live for a minute. */
export async function watchDevice(id: string): Promise<void> {
  await apiRequest('POST', `/api/devices/${encodeURIComponent(id)}/watch`)
}

/**
 * Keeps the bracelet watched while the component is mounted (the lease is
 * renewed every 20 s and simply runs out after close). Reports whether the
 * last attempt failed, so the view can say live updates are off.
 */
export function useWatchDevice(id: string): { failed: boolean } {
  const [failed, setFailed] = React.useState(false)
  React.useEffect(() => {
    let stopped = false
    const renew = () =>
      watchDevice(id).then(
        () => !stopped && setFailed(false),
        () => !stopped && setFailed(true),
      )
    void renew()
    const timer = setInterval(() => void renew(), WATCH_RENEW_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [id])
  return { failed }
}

/** Merges packets into a cached list: one per id, newest first, at most PACKETS_KEPT. */
export function mergePackets(list: PacketRecord[], incoming: PacketRecord[]): PacketRecord[] {
  const byId = new Map<string, PacketRecord>()
  for (const p of [...incoming, ...list]) if (!byId.has(p.id)) byId.set(p.id, p)
  return [...byId.values()].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, PACKETS_KEPT)
}

/** A live `packet` event: added to the bracelet's list if the tester view has it cached. */
export function applyPacket(queryClient: QueryClient, packet: PacketRecord): void {
  queryClient.setQueryData<PacketRecord[]>(deviceKeys.packets(packet.deviceId), (list) =>
    list ? mergePackets(list, [packet]) : list,
  )
}
