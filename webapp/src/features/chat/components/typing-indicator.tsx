import { Bot } from 'lucide-react'

import { chatText } from '../content'

/** The loading indicator while a reply is on its way (docs/spec.md "AI Support Assistant"). */
export function TypingIndicator() {
  return (
    <li className="flex gap-2.5" data-testid="typing-indicator">
      <span aria-hidden="true" className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
        <Bot className="size-4" />
      </span>
      <div role="status" className="flex items-center gap-1.5 rounded-2xl rounded-bl-md border bg-muted/60 px-4 py-3.5">
        <span className="sr-only">{chatText.typing}</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            className="size-2 animate-bounce rounded-full bg-muted-foreground/70 motion-reduce:animate-pulse"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </li>
  )
}
