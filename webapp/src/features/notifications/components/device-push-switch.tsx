import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useTestChannel } from '../api/test-channel'
import { notificationsText } from '../content'
import { useDevicePush } from '../hooks/use-device-push'
import { LastResult } from './last-result'

const text = notificationsText.device

/**
 * "Notifications on this device": one switch. The browser is asked for
 * permission only when the person turns it on.
 */
export function DevicePushSwitch({ timeZone }: { timeZone: string }) {
  const push = useDevicePush()
  const test = useTestChannel()
  const switchId = React.useId()
  const statusId = React.useId()
  const others = push.browsers.filter((s) => s.id !== push.mine?.id)
  const status =
    push.state === 'unsupported'
      ? text.unsupported
      : push.state === 'denied'
        ? text.denied
        : push.busy
          ? text.working
          : push.state === 'on'
            ? text.on
            : text.off
  return (
      <div className="grid gap-4">
        <div className="flex items-center gap-3">
          <Switch
            id={switchId}
            checked={push.state === 'on'}
            disabled={push.busy || push.state === 'unsupported' || push.state === 'denied'}
            aria-describedby={statusId}
            onCheckedChange={(on) => void (on ? push.turnOn() : push.turnOff())}
          />
          <label htmlFor={switchId} className="text-sm font-medium">
            {text.label}
          </label>
        </div>
        <p
          id={statusId}
          role="status"
          className={
            push.state === 'denied' || push.state === 'unsupported'
              ? 'rounded-md border border-amber-600/30 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100'
              : 'text-sm text-muted-foreground'
          }
        >
          {status}
        </p>
        {push.error && (
          <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
            {text.failed} {push.error}
          </p>
        )}
        {push.mine && (
          <div className="grid gap-2">
            <LastResult state={push.mine.lastState} error={push.mine.lastError} at={push.mine.lastAt} timeZone={timeZone} />
            <div>
              <Button
                variant="outline"
                size="sm"
                disabled={test.isPending}
                onClick={() =>
                  test.mutate(push.mine!.id, {
                    onSuccess: () => {
                      toast({ title: text.testQueued })
                      window.setTimeout(() => void push.refetch(), 3000)
                    },
                    onError: (e) => {
                      if (!isUnauthorizedError(e)) toast({ title: readApiError(e)?.message ?? text.failed, variant: 'destructive' })
                    },
                  })
                }
              >
                {text.sendTest}
              </Button>
            </div>
          </div>
        )}
        {others.length > 0 && (
          <div className="grid gap-2 border-t pt-4">
            <h3 className="text-sm font-semibold">{text.others}</h3>
            <ul className="grid gap-2">
              {others.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span>{s.label || 'A browser'}</span>
                  <Button variant="ghost" size="sm" onClick={() => void push.remove(s.id)}>
                    {text.removeOther}
                    <span className="sr-only"> {s.label}</span>
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
  )
}
