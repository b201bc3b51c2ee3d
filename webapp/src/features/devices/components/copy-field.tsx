import { Check, Copy } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

import { devicesText } from '../content'

export type CopyFieldProps = {
  label: string
  value: string
  multiline?: boolean
  testId?: string
}

/** A read-only value with a copy button; when the clipboard is refused, it says to copy by hand. */
export function CopyField({ label, value, multiline = false, testId }: CopyFieldProps) {
  const text = devicesText.pairDialog
  const id = React.useId()
  const [state, setState] = React.useState<'idle' | 'copied' | 'failed'>('idle')

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <div className="grid grid-cols-1 gap-1.5">
      <span id={id} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex items-start gap-2">
        <pre
          aria-labelledby={id}
          data-testid={testId}
          tabIndex={0}
          className={cn(
            'min-w-0 flex-1 rounded-lg border bg-muted px-3 py-2 font-mono text-xs select-all',
            multiline ? 'overflow-x-auto whitespace-pre' : 'wrap-anywhere whitespace-pre-wrap',
          )}
        >
          {value}
        </pre>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={text.copy(label)}>
          {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-hidden="true">{state === 'copied' ? text.copied : 'Copy'}</span>
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {state === 'copied' ? text.copied : state === 'failed' ? text.copyFailed : ''}
      </p>
    </div>
  )
}
