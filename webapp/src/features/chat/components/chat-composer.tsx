import { SendHorizontal } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'

import { chatText, MESSAGE_MAX_LENGTH } from '../content'

/** docs/spec.md: the text area grows with its text between these heights. */
export const COMPOSER_MIN_HEIGHT = 60
export const COMPOSER_MAX_HEIGHT = 120

const supportsFieldSizing =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content')

export type ChatComposerProps = {
  value: string
  onChange: (value: string) => void
  onSend: () => void
  pending: boolean
  /** The text area, for the screen to focus after sending. */
  textareaRef: React.RefObject<HTMLTextAreaElement | null>
}

/** The text area and Send: Enter sends, Shift+Enter is a new line; Send is off while blank or waiting. */
export function ChatComposer({ value, onChange, onSend, pending, textareaRef }: ChatComposerProps) {
  const hintId = React.useId()
  const blank = value.trim() === ''

  // Browsers without CSS field-sizing grow the box by hand, within the same bounds.
  React.useLayoutEffect(() => {
    const el = textareaRef.current
    if (!el || supportsFieldSizing) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(Math.max(el.scrollHeight, COMPOSER_MIN_HEIGHT), COMPOSER_MAX_HEIGHT)}px`
  }, [value, textareaRef])

  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault()
        if (!blank && !pending) onSend()
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={`${hintId}-input`} className="sr-only">
          {chatText.messageLabel}
        </label>
        <Textarea
          id={`${hintId}-input`}
          ref={textareaRef}
          rows={1}
          value={value}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={chatText.placeholder}
          aria-describedby={hintId}
          className="max-h-[120px] min-h-[60px] flex-1 resize-none overflow-y-auto"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
            event.preventDefault()
            if (!blank && !pending) onSend()
          }}
        />
        <Button type="submit" className="h-[60px] rounded-xl px-4" disabled={blank || pending} aria-label={chatText.sendLabel}>
          <SendHorizontal aria-hidden="true" className="size-5" />
          <span className="hidden sm:inline">{chatText.send}</span>
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {value.length > MESSAGE_MAX_LENGTH - 200 ? chatText.tooLong(MESSAGE_MAX_LENGTH) : chatText.keyboardHint}
      </p>
    </form>
  )
}
