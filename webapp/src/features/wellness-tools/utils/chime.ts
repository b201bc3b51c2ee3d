/**
 * A soft meditation chime through the Web Audio API: two sine tones (a note
 * and, much quieter, its octave) under an envelope that rises in a tenth of
 * a second and fades over about two and a half. Nothing to download.
 *
 * Browsers start audio only after a tap or key press, so `prepare()` is
 * called from one (turning the chime on, pressing Start); later chimes from
 * the session's timer then play. Browsers without Web Audio get null from
 * createChime and the tool offers no chime. A chime that fails is silent:
 * it never stops the session.
 */

export type Chime = {
  /** Creates (or wakes) the audio context; call from a user gesture. */
  prepare: () => void
  play: () => void
  close: () => void
}

type AudioContextConstructor = new () => AudioContext

function audioContextConstructor(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null
  const w = window as Window & { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor }
  return w.AudioContext ?? w.webkitAudioContext ?? null
}

/** True when this browser can play the chime. */
export function chimeSupported(): boolean {
  return audioContextConstructor() !== null
}

const NOTE_HZ = 528
const PEAK = 0.12
const ATTACK_S = 0.1
const FADE_S = 2.6

export function createChime(): Chime | null {
  const Context = audioContextConstructor()
  if (!Context) return null
  let context: AudioContext | null = null

  const prepare = () => {
    try {
      context ??= new Context()
      if (context.state === 'suspended') void context.resume().catch(() => {})
    } catch {
      context = null
    }
  }

  const tone = (ctx: AudioContext, hz: number, peak: number, at: number) => {
    const oscillator = ctx.createOscillator()
    const gain = ctx.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.setValueAtTime(hz, at)
    // Exponential ramps cannot start from 0: begin just above silence.
    gain.gain.setValueAtTime(0.0001, at)
    gain.gain.linearRampToValueAtTime(peak, at + ATTACK_S)
    gain.gain.exponentialRampToValueAtTime(0.0001, at + ATTACK_S + FADE_S)
    oscillator.connect(gain)
    gain.connect(ctx.destination)
    oscillator.start(at)
    oscillator.stop(at + ATTACK_S + FADE_S + 0.05)
  }

  return {
    prepare,
    play: () => {
      prepare()
      if (!context) return
      try {
        const at = context.currentTime + 0.02
        tone(context, NOTE_HZ, PEAK, at)
        tone(context, NOTE_HZ * 2, PEAK / 4, at)
      } catch {
        // A chime is a nicety: the session goes on without it.
      }
    },
    close: () => {
      const ctx = context
      context = null
      if (ctx && ctx.state !== 'closed') void ctx.close().catch(() => {})
    },
  }
}
