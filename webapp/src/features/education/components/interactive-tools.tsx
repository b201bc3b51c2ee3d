import { ClipboardList, Flower2, Wind } from 'lucide-react'
import * as React from 'react'

import { BreathingExercise } from '@/components/tools/breathing-exercise'
import { GuidedMeditation } from '@/components/tools/guided-meditation'
import { ToolTileButton, ToolTileLink } from '@/components/tools/tool-tile'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'

import { toolsText as text } from '../content'

type Tool = 'meditation' | 'breathing'

export type InteractiveToolsProps = {
  /** Where Coping Plan Builder goes (its own screen). */
  copingPlanHref: string
}

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
            <ToolTileButton
              icon={Flower2}
              title={text.meditation.title}
              description={text.meditation.description}
              onClick={() => setOpen('meditation')}
            />
          </li>
          <li>
            <ToolTileButton
              icon={Wind}
              title={text.breathing.title}
              description={text.breathing.description}
              onClick={() => setOpen('breathing')}
            />
          </li>
          <li>
            <ToolTileLink
              href={copingPlanHref}
              icon={ClipboardList}
              title={text.copingPlan.title}
              description={text.copingPlan.description}
            />
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
