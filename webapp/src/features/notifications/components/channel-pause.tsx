import * as React from 'react'

import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'
import { formatClock } from '@/lib/date-format'

import { useChannelPauses } from '../api/get-channel-pauses'
import { useResumeChannel } from '../api/resume-channel'
import { notificationsText } from '../content'

const text = notificationsText.channels

export type ChannelPauseProps = {
  channelId: number
  /** The channel's last delivery: a new one may have paused it or ended its pause. */
  lastAt: string | null
  timeZone: string
}

/** A paused channel's line — why, since when, until when — with "Try now"; nothing when it is not paused. */
export function ChannelPause({ channelId, lastAt, timeZone }: ChannelPauseProps) {
  const pauses = useChannelPauses()
  const resume = useResumeChannel()
  const { refetch } = pauses
  const seen = React.useRef(lastAt)
  React.useEffect(() => {
    if (seen.current === lastAt) return
    seen.current = lastAt
    void refetch()
  }, [lastAt, refetch])
  const pause = pauses.data?.find((p) => p.channelId === channelId)
  if (!pause) return null
  const problem = text.pause.problems[pause.problem] ?? text.pause.problems.error
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-600/30 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      <p>{text.pause.line(problem, pause.destination, formatClock(pause.since, timeZone), formatClock(pause.until, timeZone))}</p>
      <p>{text.pause.note}</p>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={resume.isPending}
          onClick={() =>
            resume.mutate(channelId, {
              onSuccess: () => toast({ title: text.pause.tryNowDone }),
              onError: (e) => {
                if (!isUnauthorizedError(e)) toast({ title: readApiError(e)?.message ?? text.actionFailed, variant: 'destructive' })
              },
            })
          }
        >
          {text.pause.tryNow}
          <span className="sr-only"> {pause.destination}</span>
        </Button>
      </div>
    </div>
  )
}
