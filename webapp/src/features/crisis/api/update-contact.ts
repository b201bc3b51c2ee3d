import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { CrisisContact, CrisisContactInput } from '../types'
import { crisisKeys } from './crisis-keys'

export type UpdateContactVariables = { id: number; input: Partial<CrisisContactInput> }

/** `PATCH /api/crisis-contacts/{id}`: 200 with the contact; only the fields sent change. */
export async function updateContact({ id, input }: UpdateContactVariables): Promise<CrisisContact> {
  const res = await apiRequest('PATCH', `/api/crisis-contacts/${id}`, input)
  return (await res.json()) as CrisisContact
}

export function useUpdateContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: crisisKeys.update(),
    mutationFn: updateContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crisisKeys.all }),
  })
}
