/** How often "People I support" and the caseload ask again, so a new alert shows up without a reload. */
export const SUPPORTING_REFETCH_MS = 15_000

/** Query and mutation keys of the care circle. */
export const careKeys = {
  supporters: ['/api', 'supporters'] as const,
  views: ['/api', 'supporters', 'views'] as const,
  supporting: ['/api', 'supporting'] as const,
  person: (id: number) => ['/api', 'supporting', id] as const,
  openAsk: ['/api', 'asks', 'open'] as const,
  asksToMe: ['/api', 'supporting', 'asks'] as const,
  /** Under `supporting`, so whatever refreshes People I support (a live SOS, a reconnect) refreshes the caseload too. */
  caseload: ['/api', 'supporting', 'caseload'] as const,
  invitation: (token: string) => ['/api', 'care', 'invitation', token] as const,
  claim: ['/api', 'supporting', 'alerts', 'claim'] as const,
  claimLink: ['/api', 'claim-links', 'claim'] as const,
  notes: ['/api', 'notes'] as const,
  notePresets: ['/api', 'notes', 'presets'] as const,
  sentNotes: (id: number) => ['/api', 'supporting', id, 'notes'] as const,
}
