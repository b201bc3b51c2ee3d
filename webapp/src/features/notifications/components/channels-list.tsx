import * as React from 'react'

import { QueryList } from '@/components/query-list'
import { ConfirmRemoval } from '@/components/confirm-removal'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useCreateChannel } from '../api/create-channel'
import { useDeleteChannel } from '../api/delete-channel'
import { useChannels } from '../api/get-channels'
import { useResendConfirmation } from '../api/resend-confirmation'
import { useSetChannelEnabled } from '../api/set-channel-enabled'
import { useTestChannel } from '../api/test-channel'
import { notificationsText } from '../content'
import { type Channel, waitingForConfirmation } from '../types'
import { ChannelPause } from './channel-pause'
import { LastResult } from './last-result'

const text = notificationsText.channels

type Kind = 'email' | 'webhook' | 'ntfy'

/**
 * "How I'm told": the person's email, webhook and ntfy channels (a browser's push
 * shows under "Notifications on this device"), adding one, turning one off, a
 * test and its last result, and an email address's confirmation.
 */
export function ChannelsList({ timeZone }: { timeZone: string }) {
  const [waiting, setWaiting] = React.useState(false)
  const channels = useChannels({ polling: waiting })
  React.useEffect(() => {
    if (!waiting) return
    const stop = window.setTimeout(() => setWaiting(false), 30_000)
    return () => window.clearTimeout(stop)
  }, [waiting])
  return (
      <div className="grid gap-6">
        <QueryList
          query={channels}
          select={(all) => all.filter((c) => c.kind !== 'push')}
          loading={
            <div className="grid gap-3" aria-busy="true">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          }
          error={{ message: text.loadFailed, retryLabel: text.retry }}
          empty={<p className="text-sm text-muted-foreground">{text.empty}</p>}
        >
          {(listed) => (
            <ul className="grid gap-3" aria-label={text.title}>
              {listed.map((c) => (
                <ChannelRow key={c.id} channel={c} timeZone={timeZone} onTest={() => setWaiting(true)} />
              ))}
            </ul>
          )}
        </QueryList>
        <AddChannelForm />
      </div>
  )
}

function kindOf(c: Channel): Kind {
  return c.ntfy ? 'ntfy' : c.kind === 'email' ? 'email' : 'webhook'
}

function ChannelRow({ channel, timeZone, onTest }: { channel: Channel; timeZone: string; onTest: () => void }) {
  const enable = useSetChannelEnabled()
  const removal = useConfirmedRemoval<Channel, number>(useDeleteChannel(), {
    failed: (error) => ({ title: readApiError(error)?.message ?? text.actionFailed }),
  })
  const test = useTestChannel()
  const resend = useResendConfirmation()
  const unconfirmed = waitingForConfirmation(channel)
  const switchId = React.useId()
  const failed = (error: unknown) => {
    if (!isUnauthorizedError(error)) toast({ title: readApiError(error)?.message ?? text.actionFailed, variant: 'destructive' })
  }
  return (
    <li className="grid gap-3 rounded-lg border p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{text.kinds[kindOf(channel)]}</Badge>
        <span className="min-w-0 flex-1 text-sm font-medium wrap-anywhere">{channel.address}</span>
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={channel.enabled}
            disabled={enable.isPending}
            aria-label={`${text.on}: ${channel.address}`}
            onCheckedChange={(enabled) => enable.mutate({ id: channel.id, enabled }, { onError: failed })}
          />
          <label htmlFor={switchId} className="text-sm">
            {text.on}
          </label>
        </div>
      </div>
      {unconfirmed ? (
        <div className="grid gap-1 text-sm">
          <p>
            <Badge variant="outline">{text.waiting}</Badge>
          </p>
          <p className="text-muted-foreground">{text.waitingHint}</p>
        </div>
      ) : (
        <>
          <LastResult state={channel.lastState} error={channel.lastError} at={channel.lastAt} timeZone={timeZone} />
          <ChannelPause channelId={channel.id} lastAt={channel.lastAt} timeZone={timeZone} />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {unconfirmed && (
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(channel.id, { onSuccess: () => toast({ title: text.sentAgain }), onError: failed })}
          >
            {text.sendAgain}
            <span className="sr-only"> to {channel.address}</span>
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={test.isPending || !channel.enabled || unconfirmed}
          onClick={() =>
            test.mutate(channel.id, {
              onSuccess: () => {
                onTest()
                toast({ title: text.testQueued })
              },
              onError: failed,
            })
          }
        >
          {text.sendTest}
          <span className="sr-only"> to {channel.address}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={(e) => removal.ask(channel, e.currentTarget)}>
          {text.remove}
          <span className="sr-only"> {channel.address}</span>
        </Button>
      </div>
      <ConfirmRemoval
        removal={removal}
        title={text.removeTitle}
        description={text.removeBody}
        cancelLabel={text.keep}
        confirmLabel={text.remove}
      />
    </li>
  )
}

function AddChannelForm() {
  const create = useCreateChannel()
  const [kind, setKind] = React.useState<Kind>('email')
  const [address, setAddress] = React.useState('')
  const [error, setError] = React.useState<string | undefined>()
  function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(undefined)
    create.mutate(
      { kind: kind === 'email' ? 'email' : 'webhook', address: address.trim(), ntfy: kind === 'ntfy' },
      {
        onSuccess: (made) => {
          setAddress('')
          toast({ title: waitingForConfirmation(made) ? text.addedEmail : text.added })
        },
        onError: (e) => {
          if (isUnauthorizedError(e)) return
          const details = readApiError(e)
          const fields = details?.fields ?? {}
          setError(fields.address ?? fields.kind ?? fields.ntfy ?? details?.message ?? text.addFailed)
        },
      },
    )
  }
  return (
    <form onSubmit={submit} className="grid gap-3 border-t pt-4 sm:grid-cols-[10rem_1fr] sm:items-start">
      <FormField label={text.kindLabel}>
        {(control) => (
          <NativeSelect {...control} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {text.kindChoices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={text.addressLabel[kind]} hint={text.addressHint[kind]} error={error}>
        {(control) => (
          <Input
            {...control}
            type={kind === 'email' ? 'email' : 'url'}
            inputMode={kind === 'email' ? 'email' : 'url'}
            autoComplete={kind === 'email' ? 'email' : 'off'}
            required
            value={address}
            placeholder={kind === 'email' ? 'name@example.org' : kind === 'ntfy' ? 'https://ntfy.sh/your-topic' : 'https://'}
            onChange={(e) => setAddress(e.target.value)}
          />
        )}
      </FormField>
      <div className="sm:col-start-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? text.adding : text.add}
        </Button>
      </div>
    </form>
  )
}
