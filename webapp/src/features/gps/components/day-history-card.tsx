import { Pause, Play, Route } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Slider } from '@/components/ui/slider'

import { gpsText } from '../content'
import type { Location } from '../types'
import { formatTime } from '../utils/format'
import { timeColor } from '../utils/playback'

export type DayHistoryCardProps = {
  date: string
  maxDate: string
  onDateChange: (date: string) => void
  /** The day's fixes, oldest first. */
  fixes: readonly Location[]
  isPending: boolean
  index: number
  playing: boolean
  onSeek: (index: number) => void
  onTogglePlay: () => void
  timeZone?: string
}

/** Issue 8 item 5: pick a day; its track is drawn on the map; a slider scrubs through its fixes. */
export function DayHistoryCard({
  date,
  maxDate,
  onDateChange,
  fixes,
  isPending,
  index,
  playing,
  onSeek,
  onTogglePlay,
  timeZone,
}: DayHistoryCardProps) {
  const text = gpsText.track
  const dayId = React.useId()
  const sliderLabelId = React.useId()
  const current = fixes[index]
  const position = current ? text.position(index + 1, fixes.length, formatTime(current.timestamp, timeZone)) : ''

  return (
    <Card className="gap-3" data-testid="day-history">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Route aria-hidden="true" className="size-4 text-primary" />
          {text.title}
        </CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor={dayId}>{text.day}</Label>
            <Input
              id={dayId}
              type="date"
              value={date}
              max={maxDate}
              onChange={(event) => event.target.value && onDateChange(event.target.value)}
              className="w-44"
            />
          </div>
          {!isPending && <p className="pb-2.5 text-sm text-muted-foreground">{text.fixes(fixes.length)}</p>}
        </div>
        {isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : fixes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <div className="grid gap-2">
            {fixes.length > 1 && (
              <div className="flex items-center gap-3">
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="rounded-full"
                  onClick={onTogglePlay}
                  aria-label={playing ? text.pause : text.play}
                >
                  {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                </Button>
                <div className="grid flex-1 gap-1">
                  <span id={sliderLabelId} className="sr-only">
                    {text.slider}
                  </span>
                  <Slider
                    min={0}
                    max={fixes.length - 1}
                    step={1}
                    value={[index]}
                    onValueChange={([value]) => onSeek(value)}
                    thumbProps={{ 'aria-labelledby': sliderLabelId, 'aria-valuetext': position }}
                  />
                  <div
                    aria-hidden="true"
                    className="h-1.5 rounded-full"
                    style={{ background: `linear-gradient(to right, ${timeColor(0)}, ${timeColor(1)})` }}
                  />
                </div>
              </div>
            )}
            <p className="text-sm font-medium" data-testid="playback-position" aria-live="polite">
              {position}
            </p>
            <div className="flex justify-between text-xs text-muted-foreground">
              <span>
                {text.earliest} · {fixes[0] ? formatTime(fixes[0].timestamp, timeZone) : ''}
              </span>
              <span>
                {text.latest} · {formatTime(fixes[fixes.length - 1].timestamp, timeZone)}
              </span>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
