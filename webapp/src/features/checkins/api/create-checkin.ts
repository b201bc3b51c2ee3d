import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'

import { apiRequest, readApiError } from '@/lib/api-client'

import {
  copingIds,
  CRAVING_DEFAULT,
  DESCRIPTION_MAX_LENGTH,
  MOOD_DEFAULT,
  SCALE_MAX,
  SCALE_MIN,
  triggerIds,
} from '../content'
import type { CheckIn } from '../types'
import { checkinKeys, refreshCheckinData } from './checkin-keys'

/**
 * docs/spec.md §5: mood and cravingIntensity are numbers 1..10, substanceUse a
 * boolean, everything else optional text or lists of text. No custom
 * messages: parse with `classicErrorMessages` for the default wording.
 */
export const checkinInputSchema = z.object({
  mood: z.number().int().min(SCALE_MIN).max(SCALE_MAX),
  moodDescription: z.string().max(DESCRIPTION_MAX_LENGTH).optional(),
  cravingIntensity: z.number().int().min(SCALE_MIN).max(SCALE_MAX),
  triggers: z.array(z.enum(triggerIds)).optional(),
  triggerDescription: z.string().max(DESCRIPTION_MAX_LENGTH).optional(),
  substanceUse: z.boolean(),
  substanceDetails: z.string().max(DESCRIPTION_MAX_LENGTH).optional(),
  copingStrategies: z.array(z.enum(copingIds)).optional(),
  notes: z.string().optional(),
})

export type CheckinFormInput = z.input<typeof checkinInputSchema>

/** docs/spec.md: mood 5, cravings 1, substance use No, nothing checked or written. */
export const checkinDefaults: CheckinFormInput = {
  mood: MOOD_DEFAULT,
  moodDescription: '',
  cravingIntensity: CRAVING_DEFAULT,
  triggers: [],
  triggerDescription: '',
  substanceUse: false,
  substanceDetails: '',
  copingStrategies: [],
  notes: '',
}

/** docs/spec.md §7: exactly these nine fields are sent. */
export type CreateCheckinInput = {
  mood: number
  moodDescription: string
  cravingIntensity: number
  triggers: string[]
  triggerDescription: string
  substanceUse: boolean
  substanceDetails: string
  copingStrategies: string[]
  notes: string
}

/** The request body from the form's values: details only while substance use is Yes. */
export function toCreateCheckinInput(values: CheckinFormInput): CreateCheckinInput {
  return {
    mood: values.mood,
    moodDescription: values.moodDescription?.trim() ?? '',
    cravingIntensity: values.cravingIntensity,
    triggers: values.triggers ?? [],
    triggerDescription: values.triggerDescription?.trim() ?? '',
    substanceUse: values.substanceUse,
    substanceDetails: values.substanceUse ? (values.substanceDetails?.trim() ?? '') : '',
    copingStrategies: values.copingStrategies ?? [],
    notes: values.notes?.trim() ?? '',
  }
}

/** `POST /api/checkins`: 201 with today's check-in; 409 when today's exists; 400 per field. */
export async function createCheckin(input: CreateCheckinInput): Promise<CheckIn> {
  const res = await apiRequest('POST', '/api/checkins', input)
  return (await res.json()) as CheckIn
}

export type UseCreateCheckinOptions = {
  /** Runs, and is awaited, after the check-in data is refreshed (the app refreshes alerts here). */
  onSaved?: () => unknown
}

/**
 * Saves the check-in, then refreshes the check-in lists, today's check-in and
 * the statistics (every cached copy, so the dashboard is current when the
 * screen returns to it) before the mutation counts as done.
 */
export function useCreateCheckin({ onSaved }: UseCreateCheckinOptions = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: checkinKeys.create(),
    mutationFn: createCheckin,
    onSuccess: async () => {
      await refreshCheckinData(queryClient)
      await onSaved?.()
    },
    onError: (error) => {
      // Saved elsewhere meanwhile (another tab or device): show the completed state.
      if (readApiError(error)?.status === 409) {
        void queryClient.invalidateQueries({ queryKey: checkinKeys.today() })
      }
    },
  })
}
