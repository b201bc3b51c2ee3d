import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'

import { authKeys } from '../api/auth-keys'
import type { User } from '../types'

/** For screens outside this feature that receive an updated user (the settings screen). */
export function useStoreUser(): (user: User) => void {
  const queryClient = useQueryClient()
  return React.useCallback((user: User) => queryClient.setQueryData(authKeys.user(), user), [queryClient])
}
