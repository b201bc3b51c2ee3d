import { Heart } from 'lucide-react'
import * as React from 'react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { toast } from '@/hooks/use-toast'
import { readApiError } from '@/lib/api-client'

import { useNotes } from '../api/get-notes'
import { useMarkNoteRead } from '../api/mark-note-read'
import { careText } from '../content'
import type { CareNote } from '../types'
import { formatDateTime } from '../utils/format'

export type NotesCardProps = {
  timeZone?: string
}

/** "From your people" on the wearer's dashboard: notes from supporters, newest first; nothing while there are none. */
export function NotesCard({ timeZone }: NotesCardProps) {
  const text = careText.notes
  const notes = useNotes()
  const headingId = React.useId()
  if (!notes.isSuccess || notes.data.length === 0) return null

  return (
    <Card role="region" aria-labelledby={headingId} data-testid="notes">
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Heart aria-hidden="true" className="size-5 text-primary" />
          {text.title}
        </h2>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} timeZone={timeZone} />
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function NoteItem({ note, timeZone }: { note: CareNote; timeZone?: string }) {
  const text = careText.notes
  const markRead = useMarkNoteRead()
  const unread = !note.readAt
  return (
    <li className="grid gap-2 rounded-lg border bg-muted/40 p-3" data-testid="note">
      <p className="text-base whitespace-pre-line wrap-anywhere">{note.body}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          {unread && <Badge variant="success">{text.unread}</Badge>}
          <span>{text.from(note.from, formatDateTime(note.createdAt, timeZone))}</span>
        </p>
        {unread && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={text.markReadLabel(note.from)}
            disabled={markRead.isPending}
            onClick={() =>
              markRead.mutate(note.id, {
                onError: (error) => toast({ variant: 'destructive', title: readApiError(error)?.message ?? text.loadError }),
              })
            }
          >
            {text.markRead}
          </Button>
        )}
      </div>
    </li>
  )
}
