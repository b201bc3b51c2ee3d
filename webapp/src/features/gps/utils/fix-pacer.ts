/**
 * Paces continuous sharing: a fix is sent at once when the interval since
 * the last send has passed; otherwise the newest fix waits and goes out when
 * it has (older waiting fixes are dropped: only where you are now matters).
 * Sends never overlap, and two never start closer than the interval.
 */
export class FixPacer<T> {
  private waiting: T | null = null
  private lastSentAt: number | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private sending = false
  private stopped = false
  private readonly intervalMs: number
  private readonly send: (fix: T) => Promise<unknown>
  private readonly now: () => number

  constructor(intervalMs: number, send: (fix: T) => Promise<unknown>, now: () => number = Date.now) {
    this.intervalMs = intervalMs
    this.send = send
    this.now = now
  }

  /** Hands the pacer a new fix. */
  offer(fix: T) {
    if (this.stopped) return
    this.waiting = fix
    this.flush()
  }

  /** Drops a waiting fix and sends nothing more. */
  stop() {
    this.stopped = true
    this.waiting = null
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }

  private flush() {
    if (this.waiting === null || this.sending || this.timer !== null) return
    const wait = waitBeforeSending(this.lastSentAt, this.now(), this.intervalMs)
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null
        this.flush()
      }, wait)
      return
    }
    const fix = this.waiting
    this.waiting = null
    this.lastSentAt = this.now()
    this.sending = true
    void this.send(fix)
      .catch(() => {})
      .finally(() => {
        this.sending = false
        if (!this.stopped) this.flush()
      })
  }
}

/** Milliseconds until the next fix may be sent (0: now). */
export function waitBeforeSending(lastSentAt: number | null, now: number, intervalMs: number): number {
  if (lastSentAt === null) return 0
  return Math.max(0, lastSentAt + intervalMs - now)
}
