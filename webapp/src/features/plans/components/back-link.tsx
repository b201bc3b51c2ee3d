import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'

import { safetyPlanText as text } from '../content'

export type BackLinkProps = {
  href: string
}

/** "Back to Crisis Resources" above every safety plan screen. */
export function BackLink({ href }: BackLinkProps) {
  return (
    <Link
      href={href}
      className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {text.back}
    </Link>
  )
}
