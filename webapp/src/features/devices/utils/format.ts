/** How a bracelet's times and battery estimate read. */

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago"; null → null. */
export function formatLastSeen(timestamp: string | null, now: Date = new Date()): string | null {
  if (!timestamp) return null
  const seconds = Math.round((Date.parse(timestamp) - now.getTime()) / 1000)
  const abs = Math.abs(seconds)
  if (abs < 45) return 'just now'
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute')
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour')
  return relative.format(Math.round(seconds / 86_400), 'day')
}

/** "about 45 min left", "about 3 h 20 min left", "about 2 days left". */
export function formatTimeLeft(minutes: number | null): string | null {
  if (minutes === null || !Number.isFinite(minutes) || minutes < 0) return null
  const m = Math.round(minutes)
  if (m < 60) return `about ${m} min left`
  if (m < 48 * 60) {
    const h = Math.floor(m / 60)
    const rest = m % 60
    return rest === 0 ? `about ${h} h left` : `about ${h} h ${rest} min left`
  }
  return `about ${Math.round(m / (24 * 60))} days left`
}

/** Single-quotes a value for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

/**
 * The copy-paste command that runs the firmware simulator as this bracelet
 * (firmware-sim/README.md): it reads `device_id,token` lines from a CSV file.
 * Against a server on another host the broker is named; the default is
 * localhost:1883 (`make run`).
 */
export function simulatorCommand(deviceId: string, token: string, host = 'localhost'): string {
  const local = host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === ''
  const broker = local ? '' : ` --broker tcp://${host}:1883`
  return [
    `printf 'device_id,token\\n%s,%s\\n' ${shellQuote(deviceId)} ${shellQuote(token)} > bracelet.csv`,
    `go run ./firmware-sim --devices bracelet.csv --interval 5s${broker}`,
  ].join('\n')
}
