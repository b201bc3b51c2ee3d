import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import * as React from 'react'

import { cn } from '@/lib/utils'

const arrowKeys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']

/**
 * The WAI-ARIA radio group: Tab enters and leaves it as one stop (on the
 * checked option), arrow keys move between the options and select them.
 * Radix selects only while the arrow key is still held when its deferred
 * focus lands, which a quick tap, a test driver or assistive technology
 * misses: so a radio that gains focus from an arrow key is selected here.
 */
function RadioGroup({ className, onKeyDown, onFocus, ...props }: React.ComponentProps<typeof RadioGroupPrimitive.Root>) {
  const arrowed = React.useRef(false)
  return (
    <RadioGroupPrimitive.Root
      data-slot="radio-group"
      className={cn('grid gap-3', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (!arrowKeys.includes(event.key)) return
        arrowed.current = true
        // Radix moves focus in a timeout of its own, queued before this one.
        setTimeout(() => (arrowed.current = false))
      }}
      onFocus={(event) => {
        onFocus?.(event)
        const radio = event.target
        if (!arrowed.current || !(radio instanceof HTMLElement) || radio.getAttribute('role') !== 'radio') return
        arrowed.current = false
        if (radio.getAttribute('aria-checked') !== 'true') radio.click()
      }}
      {...props}
    />
  )
}

function RadioGroupItem({ className, ...props }: React.ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'aspect-square size-5 shrink-0 rounded-full border border-input bg-background shadow-xs transition-[color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="flex items-center justify-center">
        <span className="size-2.5 rounded-full bg-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  )
}

export { RadioGroup, RadioGroupItem }
