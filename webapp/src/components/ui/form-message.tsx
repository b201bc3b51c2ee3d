import { CircleAlert } from 'lucide-react'
import * as React from 'react'

import { cn } from '@/lib/utils'

export type FormMessageProps = React.ComponentProps<'div'>

/** A form-level error (wrong password, email taken, too many attempts); announced when it appears. */
function FormMessage({ className, children, ...props }: FormMessageProps) {
  if (!children) return null
  return (
    <div
      role="alert"
      data-slot="form-message"
      className={cn(
        'flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-destructive/8 px-3.5 py-3 text-sm text-destructive dark:border-destructive/50 dark:bg-destructive/15 dark:text-red-200',
        className,
      )}
      {...props}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  )
}

export { FormMessage }
