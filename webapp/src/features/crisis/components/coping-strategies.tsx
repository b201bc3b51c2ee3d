import { ClipboardList, Hand, Wind, type LucideIcon } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { BreathingExercise } from '@/components/tools/breathing-exercise'
import { GroundingExercise } from '@/components/tools/grounding-exercise'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { routes } from '@/config/routes'

import { copingText as text } from '../content'

type Tool = 'breathing' | 'grounding'

const tileClass =
  'group flex h-full min-h-24 w-full items-start gap-3 rounded-xl sm:flex-col border bg-background p-4 text-left shadow-xs outline-none transition-colors hover:border-primary/40 hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/60'

/**
 * SPEC.md "Immediate Coping Strategies": 4-7-8 Breathing and 5-4-3-2-1
 * Grounding open the shared tools in a dialog (no API, no waiting); Safety
 * Plan goes to the plan in one tap.
 */
export function CopingStrategies() {
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
            <ToolTile icon={Wind} title={text.breathing.title} description={text.breathing.description} onClick={() => setOpen('breathing')} />
          </li>
          <li>
            <ToolTile icon={Hand} title={text.grounding.title} description={text.grounding.description} onClick={() => setOpen('grounding')} />
          </li>
          <li>
            <Link href={routes.safetyPlan.path} className={tileClass} aria-describedby={`${headingId}-plan`}>
              <TileBody icon={ClipboardList} title={text.safetyPlan.title} description={text.safetyPlan.description} descriptionId={`${headingId}-plan`} />
            </Link>
          </li>
        </ul>
      </CardContent>

      <Dialog open={open === 'breathing'} onOpenChange={(o) => !o && close()}>
        <DialogContent closeLabel={text.close} className="max-w-md">
          <DialogHeader>
            <DialogTitle>{text.breathing.title}</DialogTitle>
            <DialogDescription className="sr-only">{text.breathing.description}</DialogDescription>
          </DialogHeader>
          <BreathingExercise defaultPattern="4-7-8" />
        </DialogContent>
      </Dialog>
      <Dialog open={open === 'grounding'} onOpenChange={(o) => !o && close()}>
        <DialogContent closeLabel={text.close} className="max-w-md">
          <DialogHeader>
            <DialogTitle>{text.grounding.title}</DialogTitle>
            <DialogDescription>{text.grounding.dialogDescription}</DialogDescription>
          </DialogHeader>
          <GroundingExercise
            finishAction={
              <DialogClose asChild>
                <Button type="button" className="rounded-full">
                  {text.done}
                </Button>
              </DialogClose>
            }
          />
        </DialogContent>
      </Dialog>
    </Card>
  )
}

type ToolTileProps = {
  icon: LucideIcon
  title: string
  description: string
  onClick: () => void
}

function ToolTile({ icon, title, description, onClick }: ToolTileProps) {
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
        {/* Described, not named: the control's name stays the strategy's title. */}
        <span id={descriptionId} aria-hidden="true" className="text-sm text-muted-foreground">
          {description}
        </span>
      </span>
    </>
  )
}
