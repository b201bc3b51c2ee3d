import { Slider as SliderPrimitive } from 'radix-ui'
import * as React from 'react'

import { cn } from '@/lib/utils'

export type SliderProps = React.ComponentProps<typeof SliderPrimitive.Root> & {
  /** Props for the thumb, which carries role="slider": name it with aria-labelledby or aria-label. */
  thumbProps?: React.ComponentProps<typeof SliderPrimitive.Thumb>
}

/**
 * A single-thumb Radix slider: arrow keys, Page Up/Down, Home and End move it,
 * and screen readers hear the value (pass aria-valuetext in thumbProps for words).
 */
function Slider({ className, thumbProps, ...props }: SliderProps) {
  const { className: thumbClassName, ...thumbRest } = thumbProps ?? {}
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn(
        'relative flex w-full touch-none items-center py-3 select-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range data-slot="slider-range" className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        className={cn(
          'block size-6 rounded-full border-2 border-primary bg-background shadow-md transition-[box-shadow] outline-none hover:ring-4 hover:ring-primary/20 focus-visible:ring-[4px] focus-visible:ring-ring disabled:pointer-events-none',
          thumbClassName,
        )}
        {...thumbRest}
      />
    </SliderPrimitive.Root>
  )
}

export { Slider }
