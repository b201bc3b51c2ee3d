import type { ApiRequestBody, ApiResponse, ApiSchema, Assert, SameShape } from '@/lib/api-schema'

/** What one supporter may see (every part off by default). */
export type Grant = ApiSchema<'Grant'>
export type AlertScope = NonNullable<Grant['alerts']>[number]
export type LocationScope = NonNullable<Grant['location']>

/** A grant with every field present, as the editor holds it. */
export type FullGrant = Required<Grant>

/** One of the wearer's supporters: a pending invitation or an accepted link. */
export type Supporter = ApiSchema<'Supporter'>
export type SupporterStatus = Supporter['status']

/** `POST /api/supporters`: the one-time token and the page that accepts it. */
export type Invitation = ApiResponse<'inviteSupporter', 201>
export type InviteInput = ApiRequestBody<'inviteSupporter'>

/** One line of the audit log ("What they looked at"). */
export type CareView = ApiResponse<'listCareViews', 200>[number]

/** The person a supporter now supports (the answer to accepting). */
export type Supported = ApiSchema<'Supported'>

/** What the accept page shows before accepting. */
export type InvitationPreview = ApiSchema<'InvitationPreview'>

/** One person on "People I support": fields outside the grant are null. */
export type PersonView = ApiSchema<'PersonView'>
export type PersonAlert = PersonView['alerts'][number]
/** Their SOS: open, or closed with "I'm safe now" (resolvedAt) within the last day. */
export type PersonSos = NonNullable<PersonView['sos']>
export type PersonCheckIns = NonNullable<PersonView['checkIns']>
/** One questionnaire score a person shares (the measures scope): scores and bands only. */
export type PersonMeasure = NonNullable<PersonView['measures']>[number]

/** The wearer's gentle ask ("I could use a call") and who answered. */
export type Ask = ApiSchema<'Ask'>
export type AskRecipient = Ask['recipients'][number]
export type AskInput = ApiRequestBody<'createAsk'>
/** An ask as a supporter it went to sees it. */
export type SupportedAsk = ApiSchema<'SupportedAsk'>
export type AskAnswer = Exclude<SupportedAsk['answer'], ''>
/** Who said "I'm on it" about an alert, and the answer to a supporter's step. */
export type AlertClaim = ApiSchema<'AlertClaim'>
export type ClaimAnswer = ApiSchema<'ClaimAnswer'>
/** One person on the caseload, by need: parts outside the grant are null. */
export type CaseloadEntry = ApiSchema<'CaseloadEntry'>
export type CaseloadNeed = CaseloadEntry['need']
/** A note from a supporter, as the wearer reads it; and as its writer sees it. */
export type CareNote = ApiSchema<'CareNote'>
export type SentNote = ApiSchema<'SentNote'>
export type NotePreset = ApiResponse<'listNotePresets', 200>[number]
export type SendNoteInput = ApiRequestBody<'sendNote'>

/** `POST /api/digest/unsubscribe`: whose summary stopped. */
export type DigestUnsubscribed = ApiResponse<'unsubscribeDigest', 200>

export type DocumentChecks = [
  Assert<SameShape<FullGrant, Required<ApiSchema<'Grant'>>>>,
  Assert<SameShape<Invitation, { supporter: Supporter; token: string; inviteUrl: string }>>,
]
