import { Circle, Hexagon, Square } from 'lucide-react'

import { Button } from '@/components/ui/button'

import { gpsText } from '../content'
import type { CircleDraft, EditMode, PolygonDraft } from '../types'

export type ZoneToolbarProps = {
  mode: EditMode
  onModeChange: (mode: EditMode) => void
}

/** Creating zones on the map: a circle (click, then drag its radius handle) or a drawn area. */
export function ZoneToolbar({ mode, onModeChange }: ZoneToolbarProps) {
  const text = gpsText.editor
  return (
    <div className="grid gap-2">
      <div role="toolbar" aria-label={text.toolbar} className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          variant={mode === 'circle' ? 'default' : 'outline'}
          aria-pressed={mode === 'circle'}
          className="rounded-full"
          onClick={() => onModeChange(mode === 'circle' ? 'none' : 'circle')}
        >
          <Circle aria-hidden="true" />
          {text.circle}
        </Button>
        <Button
          type="button"
          size="sm"
          variant={mode === 'polygon' ? 'default' : 'outline'}
          aria-pressed={mode === 'polygon'}
          className="rounded-full"
          onClick={() => onModeChange(mode === 'polygon' ? 'none' : 'polygon')}
        >
          <Hexagon aria-hidden="true" />
          {text.polygon}
        </Button>
        {mode !== 'none' && (
          <Button type="button" size="sm" variant="ghost" className="rounded-full" onClick={() => onModeChange('none')}>
            <Square aria-hidden="true" />
            {text.stop}
          </Button>
        )}
      </div>
    </div>
  )
}

export type ZoneEditPanelProps = {
  mode: EditMode
  circleDraft: CircleDraft | null
  polygonDraft: PolygonDraft | null
  onContinue: () => void
  onDiscard: () => void
}

/**
 * The hint and the draft's actions, laid over the top of the map so that
 * nothing moves the map under the pointer while a zone is being placed.
 */
export function ZoneEditPanel({ mode, circleDraft, polygonDraft, onContinue, onDiscard }: ZoneEditPanelProps) {
  const text = gpsText.editor
  const draft = circleDraft
    ? text.draftCircle(circleDraft.radius)
    : polygonDraft
      ? text.draftPolygon(polygonDraft.corners)
      : null
  if (!draft && mode === 'none') return null
  return (
    <div className="pointer-events-none absolute inset-x-12 top-2 z-10 grid justify-items-end gap-2">
      {mode !== 'none' && !draft && (
        <p className="pointer-events-auto max-w-sm rounded-lg border bg-background/95 px-3 py-2 text-sm shadow-sm" aria-live="polite">
          {mode === 'circle' ? text.circleHint : text.polygonHint}
        </p>
      )}
      {draft && (
        <div
          className="pointer-events-auto flex max-w-sm flex-wrap items-center justify-end gap-2 rounded-lg border border-primary/40 bg-background/95 px-3 py-2 shadow-sm"
          data-testid="zone-draft"
        >
          <span className="text-sm font-medium" aria-live="polite">
            {draft}
          </span>
          <span className="flex gap-2">
            <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
              {text.discard}
            </Button>
            <Button type="button" size="sm" onClick={onContinue}>
              {text.continue}
            </Button>
          </span>
        </div>
      )}
    </div>
  )
}
