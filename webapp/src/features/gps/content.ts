import type { LatLon } from './types'

/**
 * Every text and constant of the GPS page, in one place for the components
 * and their tests. Exact docs/spec.md strings are marked; the rest is ours.
 */

/** docs/spec.md §9 map constants. */
export const DEFAULT_CENTER: LatLon = { lat: 37.7749, lon: -122.4194 }
export const MAP_ZOOM = 13
export const MAP_HEIGHT_PX = 500
export const TILE_SIZE = 256
export const MAX_ZOOM = 18
export const POPUP_MAX_WIDTH_PX = 300
export const ZONE_FILL_OPACITY = 0.2
export const ZONE_COLORS = { safe: '#10b981', avoid: '#ef4444' } as const
/**
 * A zone smaller than this on screen is drawn as a mark of this radius
 * (pixels): wider than the position marker (14 px), so never hidden by it.
 */
export const ZONE_MARK_RADIUS_PX = 18
/** A zone's name on the map wraps between words at this many characters. */
export const ZONE_LABEL_LINE = 22
/**
 * On open the map shows the position and every active zone, this many
 * pixels inside its edges (room for the names under the zones), and
 * zooms in no further than FIT_MAX_ZOOM, so one small zone does not fill it.
 */
export const FIT_PADDING_PX = [48, 56, 64, 56]
export const FIT_MAX_ZOOM = 16
/** docs/spec.md: Recent History shows the first 10 locations, 3 skeleton rows while loading. */
export const RECENT_HISTORY_COUNT = 10
export const HISTORY_SKELETON_ROWS = 3

/**
 * Continuous sharing sends at most one fix per this many seconds: the
 * interval every new device gets (devices.interval_s defaults to 30). The
 * browser is not a paired device with an interval of its own, and 30 s is
 * also the pace docs/connect-a-phone.md advises for timely zone alerts.
 */
export const KEEP_SHARING_INTERVAL_S = 30

/** Zone limits of the zones contract (issue 6). */
export const ZONE_LIMITS = {
  nameMax: 80,
  radiusMin: 10,
  radiusMax: 50_000,
  dwellMin: 1,
  dwellMax: 1440,
  polygonMaxVertices: 500,
} as const
export const DEFAULT_RADIUS_M = 150
/** Places an address search shows at most. */
export const GEOCODER_RESULTS = 5

export const gpsText = {
  pageTitle: 'GPS Tracking · Lifeline',
  title: 'GPS Tracking',
  description: "See your bracelet's latest location, your safe and avoid zones, and where you've been.",
  share: 'Share My Location',
  sharing: 'Sharing…',
  keepSharing: {
    label: 'Keep sharing while this page is open',
    waiting: 'Waiting for your position…',
    last: (accuracy: string, time: string) => `Last sent ${time}, ${accuracy}`,
    accuracy: (metres: number | null) => (metres === null ? 'accuracy unknown' : `±${Math.round(metres)} m`),
    pace: `Sends where you are at most every ${KEEP_SHARING_INTERVAL_S} seconds, the pace of a bracelet, whenever your browser reports a new position.`,
    sendFailed: "The last position couldn't be sent; the next one will try again.",
    positionLost: 'Your browser lost your position; sharing goes on as soon as it finds it again.',
    wakeLock: {
      held: 'The screen stays on while sharing.',
      unsupported: "This browser can't keep the screen on: if the screen turns off, sharing stops.",
      refused: 'The screen may turn off, and sharing stops when it does.',
    } as Record<string, string>,
    note: 'Your browser stops sharing when you close this page, switch to another app or lock the phone. For tracking in the background, use a phone app such as OwnTracks, Overland or Traccar Client.',
    connectPhone: 'Connect a phone app',
    errors: {
      denied: 'Sharing stopped: this site may not use your location. Allow location access in your browser settings, then turn sharing on again.',
      unavailable: 'Sharing stopped: your browser could not find your position. Check that location services are on, then turn sharing on again.',
      notSupported: 'Geolocation is not supported by your browser.',
    },
  },
  toasts: {
    // docs/spec.md §8, exact.
    shared: { title: 'Location Shared', description: 'Your bracelet location has been updated successfully.' },
    failed: { title: 'Error', description: 'Failed to share location. Please try again.' },
    notSupported: { title: 'Not Supported', description: 'Geolocation is not supported by your browser.' },
    locationError: {
      title: 'Location Error',
      description: 'Unable to get your current location. Please enable location services.',
    },
    zoneSaved: (name: string) => ({ title: 'Zone saved', description: `${name} is on your map.` }),
    zoneDeleted: (name: string) => ({ title: 'Zone deleted', description: `${name} was removed.` }),
    zoneFailed: { title: 'Error', description: 'Failed to save the zone. Please try again.' },
    deleteFailed: { title: 'Error', description: 'Failed to delete the zone. Please try again.' },
  },
  map: {
    label: 'Map of your bracelet location and zones',
    note: 'The cards beside the map list the same information in words: the latest location, your zones and your history.',
    currentLocation: 'Current Location', // docs/spec.md popup, exact
    battery: (percent: number) => `Battery: ${percent}%`,
    safeZone: 'Safe Zone', // docs/spec.md popup, exact
    avoidZone: 'Avoid Zone', // docs/spec.md popup, exact
    radius: (metres: number) => `Radius: ${Math.round(metres)} m`,
    area: 'Drawn area',
    closePopup: 'Close',
    loading: 'Loading the map…',
    noBaseMap: 'No base map is configured; zones and locations are drawn on a plain background.',
    summary: 'On the map:',
    noMarker: 'no location yet',
    markerAt: (lat: number, lon: number) => `current location at ${lat.toFixed(5)}, ${lon.toFixed(5)}`,
    zoneDrawn: (type: string, name: string) => `${type} ${name}`,
    evidenceFix: 'Fix that confirmed the alert',
    playback: 'Playback position',
  },
  status: {
    title: 'Bracelet Status',
    // docs/spec.md, exact.
    empty: 'No location data available yet. Click "Share My Location" to get started.',
    lastUpdate: 'Last update',
    battery: 'Battery',
    accuracy: 'Accuracy',
    accuracyValue: (metres: number) => `±${Math.round(metres)} m`,
    bracelet: 'Bracelet', // docs/spec.md badge, exact
    manual: 'Manual', // docs/spec.md badge, exact
    // A phone app's fixes show the app's name (the OsmAnd protocol is what
    // Traccar Client and GPSLogger speak).
    phoneApps: { owntracks: 'OwnTracks', overland: 'Overland', osmand: 'Traccar Client' } as Record<string, string>,
    coordinates: 'Coordinates',
  },
  zones: {
    title: 'Safe Zones',
    empty: 'No safe zones configured yet.', // docs/spec.md, exact
    active: 'Active', // docs/spec.md badge, exact
    inactive: 'Inactive', // docs/spec.md badge, exact
    radius: (metres: number) => `${Math.round(metres)} m`,
    polygon: 'Drawn area',
    edit: (name: string) => `Edit ${name}`,
    remove: (name: string) => `Delete ${name}`,
    add: 'Add zone',
    typeLabel: { safe: 'Safe Zone', avoid: 'Avoid Zone' } as Record<string, string>,
    dwell: (minutes: number) => `alert after ${minutes} min inside`,
    schedule: (start: string, end: string) => `be inside ${start}–${end}`,
    deleteTitle: (name: string) => `Delete ${name}?`,
    deleteDescription: 'The zone disappears from your map and no longer raises alerts. This cannot be undone.',
    deleteConfirm: 'Delete zone',
    deleting: 'Deleting…',
    cancel: 'Cancel',
  },
  history: {
    title: 'Recent History',
    empty: 'No location history available.', // docs/spec.md, exact
    loading: 'Loading history…',
    battery: (percent: number) => `${percent}%`,
    failed: "We couldn't load your history.",
  },
  editor: {
    toolbar: 'Zone tools',
    circle: 'Circle on map',
    polygon: 'Draw area',
    stop: 'Stop drawing',
    circleHint: 'Click the map to place the centre, then drag the round handle to set the radius. Esc cancels.',
    polygonHint: 'Click the map to add corners; click the first corner (or double-click) to finish. Esc cancels.',
    draftCircle: (radius: number) => `New circle, radius ${Math.round(radius)} m`,
    draftPolygon: (corners: number) => `New area with ${corners} corners`,
    continue: 'Name this zone',
    discard: 'Discard',
  },
  form: {
    createTitle: 'New zone',
    editTitle: (name: string) => `Edit ${name}`,
    description: 'Safe zones are places to be; avoid zones are places to stay away from. Alerts follow these rules.',
    name: 'Name',
    type: 'Type',
    safe: 'Safe zone',
    avoid: 'Avoid zone',
    active: 'Active',
    activeHint: 'Only active zones are drawn and raise alerts.',
    latitude: 'Latitude',
    longitude: 'Longitude',
    radius: 'Radius (metres)',
    radiusHint: 'Clicking the map fills the centre; drag the handle to set the radius.',
    here: 'Use where I am now',
    hereSet: (time: string) => `Centre set to your position from ${time}.`,
    hereNone:
      "There's no position for you yet. Press Share My Location at the top of this page, or wait for your bracelet's first report, then try again. You can also type the centre.",
    search: {
      label: 'Find an address',
      button: 'Search',
      searching: 'Searching…',
      hint: (host: string) => `What you search for is sent to ${host} to find it.`,
      results: 'Addresses found',
      none: (query: string) => `Nothing found for “${query}”. Try a street and a town.`,
      failed: "The address search didn't answer. Try again in a moment, or type the centre.",
      chosen: (name: string) => `Centre set to ${name}.`,
    },
    polygonShape: 'Shape: an area drawn on the map',
    dwell: 'Alert after minutes inside (optional)',
    dwellHint: 'Leave empty to be alerted as soon as you enter.',
    scheduleEnabled: 'Be inside on a daily schedule',
    scheduleStart: 'From',
    scheduleEnd: 'Until',
    scheduleHint: 'Being outside during these hours raises an alert. The window may cross midnight.',
    save: 'Save zone',
    saving: 'Saving…',
    cancel: 'Cancel',
  },
  validation: {
    name: `Give the zone a name of 1 to ${ZONE_LIMITS.nameMax} characters.`,
    latitude: 'Latitude must be between -90 and 90.',
    longitude: 'Longitude must be between -180 and 180.',
    radius: `Radius must be between ${ZONE_LIMITS.radiusMin} and ${ZONE_LIMITS.radiusMax.toLocaleString('en-US')} metres.`,
    dwell: `Minutes must be a whole number from ${ZONE_LIMITS.dwellMin} to ${ZONE_LIMITS.dwellMax}.`,
    time: 'Use a time such as 22:00.',
  },
  track: {
    title: 'Day history',
    description: 'The track of a chosen day, coloured from early (light blue) to late (violet).',
    day: 'Day',
    empty: 'No fixes on this day.',
    loading: 'Loading the day…',
    fixes: (n: number) => `${n} ${n === 1 ? 'fix' : 'fixes'}`,
    slider: 'Playback',
    play: 'Play',
    pause: 'Pause',
    position: (i: number, n: number, time: string) => `Fix ${i} of ${n} at ${time}`,
    earliest: 'Earlier',
    latest: 'Later',
  },
  alerts: {
    title: 'Zone alerts',
  },
} as const
