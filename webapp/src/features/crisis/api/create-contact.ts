import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { CrisisContact, CrisisContactInput } from '../types'
import { crisisKeys } from './crisis-keys'

/** `POST /api/crisis-contacts`: 201 with the contact; 400 per field. */
export async function createContact(input: CrisisContactInput): Promise<CrisisContact> {
  const res = await apiRequest('POST', '/api/crisis-contacts', input)
  return (await res.json()) as CrisisContact
}

/** Saves a contact, then refetches the list (docs/spec.md §7) and the sponsor before the mutation counts as done. */
export function useCreateContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: crisisKeys.create(),
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crisisKeys.all }),
  })
}
