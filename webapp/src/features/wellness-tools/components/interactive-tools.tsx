import { ClipboardList, Flower2, Wind } from 'lucide-react'

import { toolsText as text } from '../content'
import { BreathingExercise } from './breathing-exercise'
import { GuidedMeditation } from './guided-meditation'
import { ToolsCard } from './tools-card'

export type InteractiveToolsProps = {
  /** Where Coping Plan Builder goes (its own screen). */
  copingPlanHref: string
}

/**
 * SPEC.md "Interactive Tools" (Learn & Grow): Guided Meditation and
 * Breathing Exercises open in a dialog; Coping Plan Builder is a screen of
 * its own.
 */
export function InteractiveTools({ copingPlanHref }: InteractiveToolsProps) {
  return (
    <ToolsCard
      title={text.title}
      description={text.description}
      closeLabel={text.close}
      tools={[
        { id: 'meditation', icon: Flower2, ...text.meditation, body: <GuidedMeditation /> },
        { id: 'breathing', icon: Wind, ...text.breathing, body: <BreathingExercise defaultPattern="4-7-8" /> },
        { id: 'coping-plan', icon: ClipboardList, ...text.copingPlan, href: copingPlanHref },
      ]}
    />
  )
}
