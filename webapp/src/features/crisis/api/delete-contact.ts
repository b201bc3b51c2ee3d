import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { crisisKeys } from './crisis-keys'

/** `DELETE /api/crisis-contacts/{id}`: 204. */
export async function deleteContact(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/crisis-contacts/${id}`)
}

export function useDeleteContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: crisisKeys.remove(),
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crisisKeys.all }),
  })
}
