import { ClipboardList, Hand, Wind } from 'lucide-react'
import * as React from 'react'

import { BreathingExercise } from '@/components/tools/breathing-exercise'
import { GroundingExercise } from '@/components/tools/grounding-exercise'
import { ToolTileButton, ToolTileLink } from '@/components/tools/tool-tile'
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
            <ToolTileButton icon={Wind} title={text.breathing.title} description={text.breathing.description} onClick={() => setOpen('breathing')} />
          </li>
          <li>
            <ToolTileButton icon={Hand} title={text.grounding.title} description={text.grounding.description} onClick={() => setOpen('grounding')} />
          </li>
          <li>
            <ToolTileLink href={routes.safetyPlan.path} icon={ClipboardList} title={text.safetyPlan.title} description={text.safetyPlan.description} />
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
