/** Alert kinds the server raises (docs/api.md); others may come later and get a plain look. */
export type AlertType = 'missed_checkin' | 'concerning_pattern' | 'milestone' | 'low_battery' | 'device_offline'

/** `GET /api/alerts` item. `link` is a next step in the app (`/crisis`), or empty. */
export type Alert = {
  id: number
  type: AlertType | (string & {})
  message: string
  link: string
  isRead: boolean
  createdAt: string
}
