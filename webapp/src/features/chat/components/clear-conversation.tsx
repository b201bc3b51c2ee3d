import { Eraser } from 'lucide-react'
import * as React from 'react'

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

import { chatText } from '../content'

export type ClearConversationProps = {
  onClear: () => void
  disabled?: boolean
}

/** Clear conversation, after a confirmation. */
export function ClearConversation({ onClear, disabled }: ClearConversationProps) {
  const [open, setOpen] = React.useState(false)
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="shrink-0 rounded-full max-sm:size-10 max-sm:px-0" disabled={disabled}>
          <Eraser aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{chatText.clear}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{chatText.clearTitle}</AlertDialogTitle>
          <AlertDialogDescription>{chatText.clearBody}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel className="rounded-full">{chatText.clearCancel}</AlertDialogCancel>
          <Button
            variant="destructive"
            className="rounded-full"
            onClick={() => {
              onClear()
              setOpen(false)
            }}
          >
            {chatText.clearConfirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
