import type { LucideIcon } from 'lucide-react'
import * as React from 'react'

import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'

import { ToolTileButton, ToolTileLink } from './tool-tile'

type ToolBase = {
  id: string
  icon: LucideIcon
  title: string
  /** The tile's line; also the dialog's hidden description when it has no `dialogDescription`. */
  description: string
}

/** A tool that opens in a dialog (closing it ends the session and its timer), or a screen of its own. */
export type Tool =
  | (ToolBase & { dialogDescription?: string; body: React.ReactNode })
  | (ToolBase & { href: string })

export type ToolsCardProps = {
  title: string
  description: string
  /** The dialogs' close button. */
  closeLabel: string
  tools: readonly Tool[]
}

/** A card of tool tiles, three across on wider screens, each tile a dialog or a link. */
export function ToolsCard({ title, description, closeLabel, tools }: ToolsCardProps) {
  const [open, setOpen] = React.useState<string | null>(null)
  const headingId = React.useId()

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="px-4 sm:px-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ul className="grid gap-3 sm:grid-cols-3">
          {tools.map(({ id, icon, title, description, ...tool }) => (
            <li key={id}>
              {'href' in tool ? (
                <ToolTileLink href={tool.href} icon={icon} title={title} description={description} />
              ) : (
                <ToolTileButton icon={icon} title={title} description={description} onClick={() => setOpen(id)} />
              )}
            </li>
          ))}
        </ul>
      </CardContent>

      {tools.map((tool) =>
        'href' in tool ? null : (
          <Dialog key={tool.id} open={open === tool.id} onOpenChange={(o) => !o && setOpen(null)}>
            <DialogContent closeLabel={closeLabel} className="max-w-md">
              <DialogHeader>
                <DialogTitle>{tool.title}</DialogTitle>
                {tool.dialogDescription ? (
                  <DialogDescription>{tool.dialogDescription}</DialogDescription>
                ) : (
                  <DialogDescription className="sr-only">{tool.description}</DialogDescription>
                )}
              </DialogHeader>
              {tool.body}
            </DialogContent>
          </Dialog>
        ),
      )}
    </Card>
  )
}
