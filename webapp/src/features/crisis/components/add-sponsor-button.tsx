import { UserPlus } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

import { sponsorText } from '../content'
import { ContactDialog } from './contact-dialog'

export type AddSponsorButtonProps = {
  /** The button's words (default "Add my sponsor"). */
  label?: string
  size?: 'default' | 'sm'
  className?: string
}

const sponsorPreset = { relationship: 'sponsor' } as const

/** "Add my sponsor": the Add Emergency Contact dialog with the relationship already set to sponsor. */
export function AddSponsorButton({ label = sponsorText.add, size, className }: AddSponsorButtonProps) {
  const [open, setOpen] = React.useState(false)
  const opener = React.useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={opener}
        type="button"
        variant="outline"
        size={size}
        className={cn('rounded-full', className)}
        onClick={() => setOpen(true)}
      >
        <UserPlus aria-hidden="true" />
        {label}
      </Button>
      <ContactDialog open={open} onOpenChange={setOpen} preset={sponsorPreset} returnFocus={opener} />
    </>
  )
}
