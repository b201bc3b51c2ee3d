import { cva, type VariantProps } from 'class-variance-authority'
import { X } from 'lucide-react'
import { Toast as ToastPrimitives } from 'radix-ui'
import * as React from 'react'

import { cn } from '@/lib/utils'

/** docs/spec.md §9: toasts stay 5000 ms and are dismissed by a swipe right of 50 px. */
export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50

function ToastProvider({
  duration = TOAST_DURATION_MS,
  swipeDirection = 'right',
  swipeThreshold = TOAST_SWIPE_THRESHOLD_PX,
  ...props
}: React.ComponentProps<typeof ToastPrimitives.Provider>) {
  return (
    <ToastPrimitives.Provider
      duration={duration}
      swipeDirection={swipeDirection}
      swipeThreshold={swipeThreshold}
      {...props}
    />
  )
}

/** F8 (Radix's default hotkey) moves focus to this notification area. */
function ToastViewport({
  className,
  hotkey = ['F8'],
  ...props
}: React.ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      hotkey={hotkey}
      className={cn(
        'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  )
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-lg border p-5 pr-8 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0',
  {
    variants: {
      variant: {
        default: 'border bg-background text-foreground',
        destructive: 'destructive group border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: {
      variant: 'default',
    },
  },
)

type ToastProps = React.ComponentProps<typeof ToastPrimitives.Root> &
  VariantProps<typeof toastVariants>

function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitives.Root className={cn(toastVariants({ variant }), className)} {...props} />
}

function ToastAction({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center rounded-md border bg-transparent px-3 text-sm font-medium transition-colors outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 group-[.destructive]:border-white/40 group-[.destructive]:hover:bg-white/10',
        className,
      )}
      {...props}
    />
  )
}

function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 text-foreground/60 opacity-0 transition-opacity outline-none group-hover:opacity-100 hover:text-foreground focus:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring group-[.destructive]:text-white/80 group-[.destructive]:hover:text-white',
        className,
      )}
      aria-label="Close"
      toast-close=""
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitives.Close>
  )
}

function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn('text-sm font-semibold', className)} {...props} />
}

function ToastDescription({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitives.Description>) {
  return (
    <ToastPrimitives.Description className={cn('text-sm opacity-90', className)} {...props} />
  )
}

type ToastActionElement = React.ReactElement<typeof ToastAction>

export {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  type ToastActionElement,
  type ToastProps,
}
