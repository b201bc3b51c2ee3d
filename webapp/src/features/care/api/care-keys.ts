/** Query and mutation keys of the care circle. */
export const careKeys = {
  supporters: ['/api', 'supporters'] as const,
  views: ['/api', 'supporters', 'views'] as const,
  supporting: ['/api', 'supporting'] as const,
  person: (id: number) => ['/api', 'supporting', id] as const,
  invitation: (token: string) => ['/api', 'care', 'invitation', token] as const,
  notes: ['/api', 'notes'] as const,
  notePresets: ['/api', 'notes', 'presets'] as const,
  sentNotes: (id: number) => ['/api', 'supporting', id, 'notes'] as const,
}
