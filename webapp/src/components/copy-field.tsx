import { Check, Copy } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { useCopy } from '@/hooks/use-copy'
import { cn } from '@/lib/utils'

/** The words of a copy field, from the feature's `content.ts`. */
export type CopyFieldTexts = {
  /** The button's visible word ("Copy", "Copy link"). */
  copy: string
  /** The button's accessible name when the visible word is not enough ("Copy the invitation link", "Copy Token"). */
  copyLabel?: string | ((label: string) => string)
  /** Shown on the button and announced once the value is on the clipboard. */
  copied: string
  /** Announced when the browser refuses the clipboard: how to copy by hand. */
  copyFailed: string
}

export type CopyFieldProps = {
  label: string
  value: string
  texts: CopyFieldTexts
  /**
   * `input`: a read-only text box that selects itself on focus (a link to send);
   * `code`: a monospace block (a token, a command; `multiline` keeps its lines).
   */
  display?: 'input' | 'code'
  multiline?: boolean
  testId?: string
  className?: string
}

/**
 * A labelled read-only value with a copy button. The outcome is announced
 * politely ("Copied"), and a clipboard the browser refuses says how to copy by
 * hand; the value itself stays focusable and selectable from the keyboard.
 */
export function CopyField({ label, value, texts, display = 'code', multiline = false, testId, className }: CopyFieldProps) {
  const id = React.useId()
  const { state, copy } = useCopy()
  const copied = state === 'copied'

  return (
    <div className={cn('grid grid-cols-1 gap-1.5', className)}>
      {display === 'input' ? (
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      ) : (
        <span id={id} className="text-sm font-medium">
          {label}
        </span>
      )}
      <div className={cn('flex gap-2', display === 'input' ? 'items-center' : 'items-start')}>
        {display === 'input' ? (
          <Input
            id={id}
            readOnly
            value={value}
            data-testid={testId}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 font-mono text-xs"
          />
        ) : (
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
        )}
        <Button
          type="button"
          variant="outline"
          size={display === 'input' ? 'default' : 'sm'}
          className="shrink-0"
          onClick={() => void copy(value)}
          aria-label={typeof texts.copyLabel === 'function' ? texts.copyLabel(label) : (texts.copyLabel ?? texts.copy)}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-hidden="true">{copied ? texts.copied : texts.copy}</span>
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {copied ? texts.copied : state === 'failed' ? texts.copyFailed : ''}
      </p>
    </div>
  )
}
