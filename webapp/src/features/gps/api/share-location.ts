import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Location } from '../types'
import { gpsKeys } from './gps-keys'

/** SPEC.md §7: latitude, longitude and accuracy from the browser's geolocation. */
export type ShareLocationInput = {
  latitude: number
  longitude: number
  accuracy: number
}

/** `POST /api/gps/location`: 201 the stored location (source browser). */
export async function shareLocation(input: ShareLocationInput): Promise<Location> {
  const res = await apiRequest('POST', '/api/gps/location', input)
  return (await res.json()) as Location
}

/** Shares a location; on success the locations and the latest are refetched (SPEC.md §7). */
export function useShareLocation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: gpsKeys.share(),
    mutationFn: shareLocation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gpsKeys.locations() }),
        queryClient.invalidateQueries({ queryKey: gpsKeys.latest() }),
      ]),
  })
}
