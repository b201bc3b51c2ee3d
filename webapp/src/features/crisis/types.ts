/** A personal crisis contact as the server returns it (docs/api.md "Crisis contacts"). */
export type CrisisContact = {
  id: number
  name: string
  phone: string
  /** Empty, or one of docs/spec.md's relationship ids. */
  relationship: string
  isEmergency: boolean
  createdAt: string
}

/** The fields the form sends (POST) or changes (PATCH). */
export type CrisisContactInput = {
  name: string
  phone: string
  relationship: string
  isEmergency: boolean
}
