import { Badge } from '@/components/ui/badge'

import { notificationsText } from '../content'

export type LastResultProps = {
  state: 'sent' | 'failed' | null
  error: string | null
  at: string | null
  timeZone: string
}

/** A channel's or device's last delivery: sent or failed, why, and when (in the person's time zone). */
export function LastResult({ state, error, at, timeZone }: LastResultProps) {
  const text = notificationsText.channels
  if (!state || !at) return <p className="text-sm text-muted-foreground">{text.never}</p>
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at))
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" role="status">
      <Badge variant={state === 'sent' ? 'success' : 'danger'}>{state === 'sent' ? text.sent : text.failed}</Badge>
      <time dateTime={at} className="text-muted-foreground">
        {when}
      </time>
      {state === 'failed' && error && <span className="w-full break-words text-muted-foreground">{error}</span>}
    </p>
  )
}
