import { ChevronDown, ChevronUp } from 'lucide-react'
import type * as React from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export type DisclosureButtonProps = {
  /** Whether the part it shows is open. */
  open: boolean
  /** The id of the part it shows and hides. */
  controls: string
  onToggle: () => void
  /** The words while closed and while open ("Details", "Hide the details"). */
  children: [closed: React.ReactNode, opened: React.ReactNode]
  className?: string
}

/** The WAI-ARIA disclosure: a quiet button that shows and hides a part below it, with a chevron that says which way. */
export function DisclosureButton({ open, controls, onToggle, children: [closed, opened], className }: DisclosureButtonProps) {
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      className={cn('-ml-2 rounded-full', className)}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? opened : closed}
      {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
    </Button>
  )
}
