import { useMediaQuery } from './use-media-query'

/** True while the person has asked their system for less motion; follows changes live. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)')
}
