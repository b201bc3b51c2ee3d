import { BellOff } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { readApiError } from '@/lib/api-client'

import { useMuteNotes } from '../api/mute-notes'
import { careText } from '../content'
import type { Supporter } from '../types'

export type MuteNotesProps = {
  supporter: Supporter
  name: string
}

/** "Mute notes from Sam" on an active supporter; the supporter is not told. */
export function MuteNotes({ supporter, name }: MuteNotesProps) {
  const text = careText.notes
  const mute = useMuteNotes()
  const muted = Boolean(supporter.notesMuted)
  const toggle = () =>
    mute.mutate(
      { id: supporter.id, muted: !muted },
      {
        onSuccess: () => toast({ title: muted ? text.unmutedToast(name) : text.mutedToast(name) }),
        onError: (error) => toast({ variant: 'destructive', title: readApiError(error)?.message ?? text.muteFailed }),
      },
    )
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {muted ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="notes-muted">
          <BellOff aria-hidden="true" className="size-4" />
          {text.muted(name)}
        </p>
      ) : (
        <span />
      )}
      <Button variant="outline" size="sm" disabled={mute.isPending} onClick={toggle}>
        {muted ? text.unmute(name) : text.mute(name)}
      </Button>
    </div>
  )
}
