import { Heart } from 'lucide-react'

import { cn } from '@/lib/utils'

export type BrandMarkProps = {
  className?: string
}

/** The Lifeline logo: a heart in a rounded tile, with the product name. */
export function BrandMark({ className }: BrandMarkProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 text-lg font-semibold tracking-tight', className)}>
      <span className="flex size-9 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
        <Heart aria-hidden="true" className="size-5 fill-current" />
      </span>
      Lifeline
    </span>
  )
}
