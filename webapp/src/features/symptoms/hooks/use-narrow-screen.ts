import { useMediaQuery } from '@/hooks/use-media-query'

/** True below Tailwind's `sm` breakpoint (a phone held upright); follows rotation and resizing live. */
export function useNarrowScreen(): boolean {
  return useMediaQuery('(max-width: 639px)')
}
