import { MessageSquareText, Phone } from 'lucide-react'
import * as React from 'react'

import { Card, CardContent, CardHeader } from '@/components/ui/card'

import { crisisText, hotlines } from '../content'

/** The three fixed hotlines, each a tap-to-call or tap-to-text link. Laid out by the card's own width. */
export function HotlineList() {
  const headingId = React.useId()
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="px-4 sm:px-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {crisisText.hotlinesTitle}
        </h2>
      </CardHeader>
      <CardContent className="@container px-4 sm:px-6">
        <ul className="grid gap-3">
          {hotlines.map((line) => (
            <li
              key={line.name}
              className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-3.5 @md:flex-row @md:items-center @md:justify-between @md:p-4"
            >
              <div>
                <p className="font-semibold">{line.name}</p>
                <p className="text-sm text-muted-foreground">{line.description}</p>
              </div>
              <a
                href={line.href}
                className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-primary px-5 py-2 text-center text-base font-semibold text-primary-foreground shadow-sm outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2"
              >
                {line.href.startsWith('sms:') ? (
                  <MessageSquareText aria-hidden="true" className="size-4" />
                ) : (
                  <Phone aria-hidden="true" className="size-4" />
                )}
                {line.display}
              </a>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
