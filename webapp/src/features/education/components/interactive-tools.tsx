import { ClipboardList, Flower2, Wind, type LucideIcon } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { BreathingExercise } from '@/components/tools/breathing-exercise'
import { GuidedMeditation } from '@/components/tools/guided-meditation'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'

import { toolsText as text } from '../content'

type Tool = 'meditation' | 'breathing'

export type InteractiveToolsProps = {
  /** Where Coping Plan Builder goes (its own screen). */
  copingPlanHref: string
}

const tileClass =
  'group flex h-full min-h-20 w-full items-center gap-3 rounded-xl border bg-background p-4 text-left shadow-xs outline-none transition-colors hover:border-primary/40 hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/60'

/**
 * SPEC.md "Interactive Tools": Guided Meditation and Breathing Exercises
 * open the shared tools in a dialog (closing it ends the session and its
 * timer); Coping Plan Builder is a screen of its own.
 */
export function InteractiveTools({ copingPlanHref }: InteractiveToolsProps) {
  const [open, setOpen] = React.useState<Tool | null>(null)
  const headingId = React.useId()
  const close = () => setOpen(null)

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="px-4 sm:px-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {text.title}
        </h2>
        <p className="text-sm text-muted-foreground">{text.description}</p>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ul className="grid gap-3 sm:grid-cols-3">
          <li>
            <ToolButton
              icon={Flower2}
              title={text.meditation.title}
              description={text.meditation.description}
              onClick={() => setOpen('meditation')}
            />
          </li>
          <li>
            <ToolButton
              icon={Wind}
              title={text.breathing.title}
              description={text.breathing.description}
              onClick={() => setOpen('breathing')}
            />
          </li>
          <li>
            <Link href={copingPlanHref} className={tileClass} aria-describedby={`${headingId}-plan`}>
              <TileBody
                icon={ClipboardList}
                title={text.copingPlan.title}
                description={text.copingPlan.description}
                descriptionId={`${headingId}-plan`}
              />
            </Link>
          </li>
        </ul>
      </CardContent>

      <Dialog open={open === 'meditation'} onOpenChange={(o) => !o && close()}>
        <DialogContent closeLabel={text.close} className="max-w-md">
          <DialogHeader>
            <DialogTitle>{text.meditation.title}</DialogTitle>
            <DialogDescription>{text.meditation.dialogDescription}</DialogDescription>
          </DialogHeader>
          <GuidedMeditation />
        </DialogContent>
      </Dialog>
      <Dialog open={open === 'breathing'} onOpenChange={(o) => !o && close()}>
        <DialogContent closeLabel={text.close} className="max-w-md">
          <DialogHeader>
            <DialogTitle>{text.breathing.title}</DialogTitle>
            <DialogDescription className="sr-only">{text.breathing.description}</DialogDescription>
          </DialogHeader>
          <BreathingExercise defaultPattern="4-7-8" />
        </DialogContent>
      </Dialog>
    </Card>
  )
}

type ToolButtonProps = {
  icon: LucideIcon
  title: string
  description: string
  onClick: () => void
}

function ToolButton({ icon, title, description, onClick }: ToolButtonProps) {
  const descriptionId = React.useId()
  return (
    <button type="button" className={tileClass} onClick={onClick} aria-haspopup="dialog" aria-describedby={descriptionId}>
      <TileBody icon={icon} title={title} description={description} descriptionId={descriptionId} />
    </button>
  )
}

function TileBody({
  icon: Icon,
  title,
  description,
  descriptionId,
}: {
  icon: LucideIcon
  title: string
  description: string
  descriptionId: string
}) {
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
