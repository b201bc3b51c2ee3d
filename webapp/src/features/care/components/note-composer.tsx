import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/hooks/use-toast'
import { readApiError } from '@/lib/api-client'

import { useNotePresets } from '../api/get-note-presets'
import { useSentNotes } from '../api/get-sent-notes'
import { useSendNote } from '../api/send-note'
import { careText } from '../content'
import type { SendNoteInput } from '../types'
import { formatDateTime } from '../utils/format'

const MAX = 280

export type NoteComposerProps = {
  personId: number
  name: string
  timeZone?: string
}

/**
 * A supporter sends a kind word: a preset with one tap, or their own; below, what they sent lately.
 * A group, not a landmark: a supporter of several people has one on each card.
 */
export function NoteComposer({ personId, name, timeZone }: NoteComposerProps) {
  const text = careText.notes
  const headingId = React.useId()
  const fieldId = React.useId()
  const hintId = React.useId()
  const presets = useNotePresets()
  const sent = useSentNotes(personId)
  const send = useSendNote(personId)
  const [body, setBody] = React.useState('')
  const [problem, setProblem] = React.useState<string | null>(null)

  const submit = (input: SendNoteInput) =>
    send.mutate(input, {
      onSuccess: () => {
        setBody('')
        setProblem(null)
        toast({ title: text.sent(name) })
      },
      onError: (error) => {
        const details = readApiError(error)
        const message = details?.fields?.body ?? details?.message ?? text.sendFailed
        if (input.body) setProblem(message)
        else toast({ variant: 'destructive', title: message })
      },
    })

  const length = [...body.trim()].length
  return (
    <div role="group" className="grid gap-3" aria-labelledby={headingId} data-testid="note-composer">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold">
          {text.sendTitle}
        </h3>
        <p id={hintId} className="text-sm text-muted-foreground">
          {text.sendHint(name)}
        </p>
      </div>
      {presets.isSuccess && presets.data.length > 0 && (
        <div role="group" aria-label={text.presetsLabel} className="flex flex-wrap gap-2">
          {presets.data.map((p) => (
            <Button key={p.key} type="button" variant="outline" size="sm" className="h-auto py-1.5 text-left whitespace-normal"
              disabled={send.isPending} onClick={() => submit({ preset: p.key })}>
              {p.body}
            </Button>
          ))}
        </div>
      )}
      <form
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          submit({ body })
        }}
      >
        <Label htmlFor={fieldId}>{text.ownLabel}</Label>
        <Textarea
          id={fieldId}
          value={body}
          rows={3}
          placeholder={text.ownPlaceholder}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setBody(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className={length > MAX ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'} aria-live="polite">
            {problem ?? (length > 0 ? text.tooLong(length) : null)}
          </p>
          <Button type="submit" size="sm" disabled={send.isPending || length === 0 || length > MAX}>
            {send.isPending ? text.sending : text.send}
          </Button>
        </div>
      </form>
      {sent.isSuccess && sent.data.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{text.youSent}</summary>
          <ul className="mt-2 grid gap-2">
            {sent.data.slice(0, 5).map((n) => (
              <li key={n.id} className="rounded-md bg-muted/60 px-3 py-2" data-testid="sent-note">
                <p className="whitespace-pre-line wrap-anywhere">{n.body}</p>
                <p className="text-xs text-muted-foreground">{formatDateTime(n.createdAt, timeZone)}</p>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}
