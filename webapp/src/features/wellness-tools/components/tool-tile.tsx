import type { LucideIcon } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

const tileClass =
  'group flex h-full min-h-20 w-full items-center gap-3 rounded-xl border bg-background p-4 text-left shadow-xs outline-none transition-colors hover:border-primary/40 hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring'

export type ToolTileProps = {
  icon: LucideIcon
  title: string
  description: string
}

/** A tool that opens in a dialog: named by its title, described by its line. */
export function ToolTileButton({ onClick, ...body }: ToolTileProps & { onClick: () => void }) {
  const descriptionId = React.useId()
  return (
    <button type="button" className={tileClass} onClick={onClick} aria-haspopup="dialog" aria-describedby={descriptionId}>
      <TileBody {...body} descriptionId={descriptionId} />
    </button>
  )
}

/** A tool that is a screen of its own. */
export function ToolTileLink({ href, ...body }: ToolTileProps & { href: string }) {
  const descriptionId = React.useId()
  return (
    <Link href={href} className={tileClass} aria-describedby={descriptionId}>
      <TileBody {...body} descriptionId={descriptionId} />
    </Link>
  )
}

function TileBody({ icon: Icon, title, description, descriptionId }: ToolTileProps & { descriptionId: string }) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="grid gap-0.5">
        <span className="font-semibold">{title}</span>
        {/* Described, not named: the control's name stays the tool's title. */}
        <span id={descriptionId} aria-hidden="true" className="text-sm text-muted-foreground">
          {description}
        </span>
      </span>
    </>
  )
}
