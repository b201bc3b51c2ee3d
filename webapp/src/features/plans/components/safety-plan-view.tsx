import { Phone } from 'lucide-react'

import { telHref } from '@/lib/tel'

import { professionalsSection, safetyPlanText, safetySectionOrder, safetyTextSections } from '../content'
import type { PlanContact, SafetyPlan } from '../types'
import { ownContacts } from '../utils/plan-form'
import { safetyPlanShape } from '../utils/plan-shapes'
import { LifelineRow } from './lifeline-row'
import { PlanStep } from './plan-step'

export type SafetyPlanViewProps = {
  plan: SafetyPlan
}

/** The saved plan to read (and to print from): every step in order, numbers as tap-to-call links. */
export function SafetyPlanView({ plan }: SafetyPlanViewProps) {
  return (
    <div className="grid gap-4" data-testid="safety-plan-view">
      {safetySectionOrder.map((key) => {
        if (key === 'professionals') {
          const own = ownContacts(safetyPlanShape, plan)
          return (
            <PlanStep key={key} step={professionalsSection.step} title={professionalsSection.title} hint={professionalsSection.hint}>
              <div className="grid gap-2">
                <LifelineRow />
                {own.length > 0 && (
                  <ul className="grid gap-2">
                    {own.map((contact, i) => (
                      <ContactRow key={i} contact={contact} />
                    ))}
                  </ul>
                )}
              </div>
            </PlanStep>
          )
        }
        const meta = safetyTextSections[key]
        const entries = plan[key]
        return (
          <PlanStep key={key} step={meta.step} title={meta.title} hint={meta.hint}>
            {entries.length > 0 ? (
              <ul className="grid gap-1.5 pl-11">
                {entries.map((entry, i) => (
                  <li key={i} className="list-disc break-words marker:text-primary">
                    {entry}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="pl-11 text-sm text-muted-foreground italic">{safetyPlanText.emptySection}</p>
            )}
          </PlanStep>
        )
      })}
    </div>
  )
}

function ContactRow({ contact }: { contact: PlanContact }) {
  const href = telHref(contact.phone)
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border px-3.5 py-2.5">
      <p className="min-w-0 font-medium break-words">{contact.name}</p>
      {href ? (
        <a
          href={href}
          className="inline-flex h-10 items-center gap-2 rounded-full border border-primary/30 px-4 font-semibold text-primary outline-none hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <Phone aria-hidden="true" className="size-4" />
          <span className="sr-only">Call {contact.name}:</span> {contact.phone}
        </a>
      ) : (
        contact.phone && <p className="text-sm">{contact.phone}</p>
      )}
    </li>
  )
}
