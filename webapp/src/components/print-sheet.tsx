import * as React from 'react'
import { createPortal } from 'react-dom'

import { cn } from '@/lib/utils'

/*
 * Printing shows only this sheet: a portal straight under <body>, hidden on
 * screen, and a print rule that hides every other child of <body> (the app
 * with its navigation and buttons, dialogs, toasts), whatever the page frame
 * around it looks like. One sheet per screen; `window.print()` prints it.
 */
const printCss = `@media print {
  body > *:not([data-print-sheet]) { display: none !important; }
  [data-print-sheet] { display: block !important; }
  @page { margin: 16mm; }
}`

export type PrintSheetProps = React.ComponentProps<'div'>

export function PrintSheet({ className, children, ...props }: PrintSheetProps) {
  return createPortal(
    <div data-print-sheet="" className={cn('hidden bg-white text-[11pt] leading-snug text-black', className)} {...props}>
      <style>{printCss}</style>
      {children}
    </div>,
    document.body,
  )
}
