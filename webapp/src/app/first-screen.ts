import type { QueryClient } from '@tanstack/react-query'

import { preloadSignedIn } from '@/app/routes/lazy'
import { prefetchScreenData } from '@/app/routes/screen-data'
import { getUserQueryOptions } from '@/features/auth/api/get-user'

/**
 * Starts the first screen's requests before React renders anything: the
 * session at once and, once it says signed in, the shell's and the screen's
 * code and its data (app/routes/screen-data.ts), side by side. Rendering then finds
 * them under way or done rather than asking for each in turn.
 */
export async function prefetchFirstScreen(queryClient: QueryClient, path: string): Promise<void> {
  // A failed session request stays in the cache for the router to show (offline, signed out).
  const user = await queryClient.fetchQuery(getUserQueryOptions()).catch(() => null)
  if (!user) return
  preloadSignedIn(path)
  prefetchScreenData(queryClient, path)
}
