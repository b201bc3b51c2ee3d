/**
 * What a phone app needs to report to this server (docs/connect-a-phone.md):
 * the ingest URL, the credentials in the form the app takes, and the setup
 * links the apps open.
 */

export type PhoneApp = 'owntracks' | 'overland' | 'osmand'

export const phoneApps: readonly PhoneApp[] = ['owntracks', 'overland', 'osmand']

/** A freshly paired phone: the device ID and its token (shown once). */
export type PhoneCredentials = { id: string; token: string; name: string }

/** The app's ingest endpoint on this server (api/phones.go). */
export function ingestUrl(origin: string, app: PhoneApp): string {
  return `${origin}/api/ingest/${app}`
}

/**
 * The device secret DEVICE_ID.TOKEN: what apps with a single credential
 * field (Overland's access token, the OsmAnd protocol's id) send.
 */
export function deviceSecret({ id, token }: PhoneCredentials): string {
  return `${id}.${token}`
}

/** OwnTracks' mode for HTTP (0 is MQTT). */
const OWNTRACKS_MODE_HTTP = 3

/** The `_type: configuration` message OwnTracks imports, for HTTP mode. */
export type OwnTracksConfiguration = {
  _type: 'configuration'
  mode: typeof OWNTRACKS_MODE_HTTP
  url: string
  auth: true
  username: string
  password: string
  deviceId: string
  tid: string
}

/**
 * OwnTracks in HTTP mode with HTTP Basic (username = device ID, password =
 * token). Keys and the mode number as the OwnTracks booklet lists them
 * (github.com/owntracks/booklet, docs/tech/json.md "_type=configuration":
 * `mode` 3 = HTTP, `url`, `auth`, `username`, `password`, `deviceId`, `tid`).
 */
export function ownTracksConfiguration(origin: string, phone: PhoneCredentials): OwnTracksConfiguration {
  return {
    _type: 'configuration',
    mode: OWNTRACKS_MODE_HTTP,
    url: ingestUrl(origin, 'owntracks'),
    auth: true,
    username: phone.id,
    password: phone.token,
    deviceId: phone.id,
    tid: trackerId(phone.name),
  }
}

/**
 * `owntracks:///config?inline=BASE64`, the link both OwnTracks apps import a
 * configuration from (booklet docs/features/remoteconfig.md, "URL config":
 * the base64 of the .otrc JSON). The base64 is percent-encoded so that its
 * `+`, `/` and `=` survive URL parsing on both platforms.
 */
export function ownTracksLink(config: OwnTracksConfiguration): string {
  return `owntracks:///config?inline=${encodeURIComponent(base64(JSON.stringify(config)))}`
}

/**
 * `overland://setup?url=…&token=…&device_id=…`, Overland's setup link
 * (github.com/aaronpk/Overland-iOS, README "Configuration by Custom URL";
 * SceneDelegate.m reads exactly these query items). The token is the device
 * secret; Lifeline goes by it, the device_id only labels the points.
 */
export function overlandLink(origin: string, phone: PhoneCredentials): string {
  const query = new URLSearchParams({
    url: ingestUrl(origin, 'overland'),
    token: deviceSecret(phone),
    device_id: phone.id,
  })
  // URLSearchParams writes spaces as "+"; Overland's NSURLComponents does not read "+" as a space.
  return `overland://setup?${query.toString().replaceAll('+', '%20')}`
}

/**
 * GPSLogger's "Log to custom URL" with its placeholders, in the OsmAnd
 * protocol (docs/connect-a-phone.md; %SPD is left out: GPSLogger sends m/s
 * where the protocol expects knots).
 */
export function gpsLoggerUrl(origin: string, phone: PhoneCredentials): string {
  return `${ingestUrl(origin, 'osmand')}?id=${encodeURIComponent(deviceSecret(phone))}&lat=%LAT&lon=%LON&timestamp=%TIMESTAMP&accuracy=%ACC&altitude=%ALT&batt=%BATT`
}

/** OwnTracks' two-character tracker ID, from the name's initials ("My phone" → "MP"). */
export function trackerId(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((letter) => letter !== undefined)
  const initials = letters.length >= 2 ? letters.slice(0, 2) : [...(name.match(/[\p{L}\p{N}]/gu) ?? [])].slice(0, 2)
  return initials.join('').toUpperCase() || 'ME'
}

/** Standard base64 of the text's UTF-8 bytes (btoa alone takes only Latin-1). */
function base64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
