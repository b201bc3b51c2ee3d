import type { Device } from '@/features/devices/types'
import type { Location, Zone } from '@/features/gps/types'

let nextId = 1000

/** A location as the server returns it; override what a test is about. */
export function makeLocation(overrides: Partial<Location> = {}): Location {
  const id = overrides.id ?? nextId++
  return {
    id,
    latitude: 37.78,
    longitude: -122.41,
    accuracy: 12.4,
    timestamp: '2026-11-22T11:30:00Z',
    batteryLevel: 80,
    source: 'bracelet',
    ...overrides,
  }
}

export function makeZone(overrides: Partial<Zone> = {}): Zone {
  const id = overrides.id ?? nextId++
  return {
    id,
    name: `Zone ${id}`,
    type: 'safe',
    shape: 'circle',
    latitude: 37.7749,
    longitude: -122.4194,
    radius: 150,
    isActive: true,
    dwellMinutes: null,
    schedule: null,
    ...overrides,
  }
}

export function makeDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 'brc_abcdefghijkl',
    name: 'Left wrist',
    kind: 'bracelet',
    createdAt: '2026-11-20T10:00:00Z',
    lastSeenAt: '2026-11-22T11:55:00Z',
    lastFixAt: '2026-11-22T11:55:00Z',
    lastBattery: 64,
    charging: false,
    intervalS: 30,
    connected: true,
    health: 'ok',
    batteryTimeLeftMinutes: 200,
    refusedToday: 0,
    lastRefusal: null,
    ...overrides,
  }
}
