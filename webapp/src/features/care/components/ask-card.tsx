import { Phone } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { readApiError } from '@/lib/api-client'

import { useCloseAsk } from '../api/close-ask'
import { useOpenAsk } from '../api/get-open-ask'
import { useSupporters } from '../api/get-supporters'
import { useSendAsk } from '../api/send-ask'
import { careText } from '../content'
import type { Ask, Supporter } from '../types'
import { supporterName } from '../utils/format'

const MAX_NOTE = 280

/**
 * The dashboard's "I could use a call": a calm ask to chosen supporters,
 * never an SOS. While it is open it shows who answered, live.
 */
export function AskCard() {
  const text = careText.ask
  const open = useOpenAsk()
  const headingId = React.useId()
  if (open.isPending) return null
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="ask-card">
      <CardHeader className="flex flex-row items-start gap-3">
        <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            {open.data ? text.sentTitle : text.title}
          </h2>
          {!open.data && <p className="text-sm text-muted-foreground">{text.description}</p>}
        </div>
      </CardHeader>
      <CardContent>
        {open.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p>{text.loadError}</p>
            <Button variant="outline" size="sm" onClick={() => void open.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : open.data ? (
          <OpenAsk ask={open.data} />
        ) : (
          <AskForm />
        )}
      </CardContent>
    </Card>
  )
}

function OpenAsk({ ask }: { ask: Ask }) {
  const text = careText.ask
  const close = useCloseAsk()
  return (
    <div className="grid gap-4">
      {ask.note && <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm wrap-anywhere">{ask.note}</p>}
      <ul className="grid gap-1.5" aria-live="polite" data-testid="ask-answers">
        {ask.recipients.map((r) => (
          <li key={r.supporterId} className={r.answer === 'will_call' ? 'font-medium' : 'text-muted-foreground'}>
            {r.answer ? text.answers[r.answer](r.name) : `${r.name}: ${text.waiting.toLowerCase()}`}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => close.mutate(ask.id)} disabled={close.isPending}>
          {close.isPending ? text.closing : text.close}
        </Button>
        {close.isError && (
          <p role="alert" className="text-sm text-destructive">
            {readApiError(close.error)?.message ?? text.failed}
          </p>
        )}
      </div>
    </div>
  )
}

function AskForm() {
  const text = careText.ask
  const supporters = useSupporters()
  const [asking, setAsking] = React.useState(false)
  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        <Phone aria-hidden="true" />
        {text.start}
      </Button>
    )
  }
  const active = (supporters.data ?? []).filter((s) => s.status === 'active')
  if (supporters.isSuccess && active.length === 0) {
    return <p className="text-sm">{text.noOne}</p>
  }
  return <ChooseAndSend active={active} onCancel={() => setAsking(false)} />
}

function ChooseAndSend({ active, onCancel }: { active: Supporter[]; onCancel: () => void }) {
  const text = careText.ask
  const send = useSendAsk()
  const [chosen, setChosen] = React.useState<number[]>(() => active.map((s) => s.id))
  const [note, setNote] = React.useState('')
  const error = readApiError(send.error)
  const fields = error?.fields ?? {}
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    send.mutate({ supporters: chosen, note: note.trim() })
  }
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium">{text.whoLegend}</legend>
        {active.map((s) => (
          <Choice
            key={s.id}
            label={supporterName(s)}
            checked={chosen.includes(s.id)}
            onChange={(on) => setChosen((list) => (on ? [...list, s.id] : list.filter((id) => id !== s.id)))}
          />
        ))}
        {fields.supporters && <p className="text-sm font-medium text-destructive">{fields.supporters}</p>}
      </fieldset>
      <FormField label={text.note} error={fields.note} hint={text.noteCount(note.length)}>
        {(control) => (
          <Textarea {...control} maxLength={MAX_NOTE} placeholder={text.notePlaceholder} value={note} onChange={(e) => setNote(e.target.value)} />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={send.isPending || chosen.length === 0}>
          {send.isPending ? text.sending : text.send}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {text.cancel}
        </Button>
        {send.isError && Object.keys(fields).length === 0 && (
          <p role="alert" className="text-sm text-destructive">
            {error?.message ?? text.failed}
          </p>
        )}
      </div>
    </form>
  )
}

function Choice({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = React.useId()
  return (
    <div className="flex items-center gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  )
}
