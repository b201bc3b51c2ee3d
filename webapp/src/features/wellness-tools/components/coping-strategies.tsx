import { ClipboardList, Hand, Wind } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { DialogClose } from '@/components/ui/dialog'

import { copingText as text } from '../content'
import { BreathingExercise } from './breathing-exercise'
import { GroundingExercise } from './grounding-exercise'
import { ToolsCard } from './tools-card'

export type CopingStrategiesProps = {
  /** Where the Safety Plan tile goes. */
  safetyPlanHref: string
}

/**
 * SPEC.md "Immediate Coping Strategies" (the crisis page): 4-7-8 Breathing
 * and 5-4-3-2-1 Grounding open in a dialog (no API, no waiting); Safety Plan
 * goes to the plan in one tap.
 */
export function CopingStrategies({ safetyPlanHref }: CopingStrategiesProps) {
  return (
    <ToolsCard
      title={text.title}
      description={text.description}
      closeLabel={text.close}
      tools={[
        { id: 'breathing', icon: Wind, ...text.breathing, body: <BreathingExercise defaultPattern="4-7-8" /> },
        {
          id: 'grounding',
          icon: Hand,
          ...text.grounding,
          body: (
            <GroundingExercise
              finishAction={
                <DialogClose asChild>
                  <Button type="button" className="rounded-full">
                    {text.done}
                  </Button>
                </DialogClose>
              }
            />
          ),
        },
        { id: 'safety-plan', icon: ClipboardList, ...text.safetyPlan, href: safetyPlanHref },
      ]}
    />
  )
}
