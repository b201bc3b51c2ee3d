import { Pencil, Plus, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react'

import { ConfirmRemoval } from '@/components/confirm-removal'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'

import { useDeleteZone } from '../api/delete-zone'
import { gpsText, ZONE_COLORS } from '../content'
import type { Zone } from '../types'

export type ZonesCardProps = {
  zones: readonly Zone[] | undefined
  isPending?: boolean
  onAdd: () => void
  onEdit: (zone: Zone) => void
}

/**
 * docs/spec.md Safe Zones card (name, rounded radius, Active/Inactive), listing
 * the user's safe and avoid zones with their type in words, and the editor's
 * keyboard path: add, edit and delete.
 */
export function ZonesCard({ zones, isPending = false, onAdd, onEdit }: ZonesCardProps) {
  const text = gpsText.zones
  const removal = useConfirmedRemoval(useDeleteZone(), {
    done: (zone: Zone) => gpsText.toasts.zoneDeleted(zone.name),
    failed: gpsText.toasts.deleteFailed,
  })

  return (
    <Card className="gap-3" data-testid="zones-card">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 whitespace-nowrap">
          <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
          {text.title}
        </CardTitle>
        <Button size="sm" variant="outline" className="rounded-full" onClick={onAdd}>
          <Plus aria-hidden="true" />
          {text.add}
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : !zones || zones.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <ul className="grid gap-2" aria-label={text.title}>
            {zones.map((zone) => {
              const Icon = zone.type === 'avoid' ? ShieldAlert : ShieldCheck
              return (
                <li
                  key={zone.id}
                  data-testid="zone-row"
                  data-zone-type={zone.type}
                  className="grid gap-1.5 rounded-lg border bg-background/60 py-2 pr-1.5 pl-3 text-sm"
                >
                  <div className="flex items-start gap-2">
                    <Icon aria-hidden="true" className="mt-2 size-4 shrink-0" style={{ color: ZONE_COLORS[zone.type] }} />
                    <span className="min-w-0 flex-1 py-1.5 font-medium break-words" data-testid="zone-name">
                      {zone.name}
                    </span>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 rounded-full"
                      aria-label={text.edit(zone.name)}
                      title={text.edit(zone.name)}
                      onClick={() => onEdit(zone)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 rounded-full text-destructive hover:text-destructive"
                      aria-label={text.remove(zone.name)}
                      title={text.remove(zone.name)}
                      onClick={(e) => removal.ask(zone, e.currentTarget)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  <div className="flex flex-wrap items-center gap-1.5 pl-6">
                    <span className="text-xs text-muted-foreground" data-testid="zone-size">
                      {zone.radius !== null && zone.radius !== undefined ? text.radius(zone.radius) : text.polygon}
                    </span>
                    <Badge variant={zone.type === 'avoid' ? 'danger' : 'success'}>{text.typeLabel[zone.type]}</Badge>
                    <Badge variant={zone.isActive ? 'outline' : 'muted'}>{zone.isActive ? text.active : text.inactive}</Badge>
                    {zone.dwellMinutes ? <span className="text-xs text-muted-foreground">{text.dwell(zone.dwellMinutes)}</span> : null}
                    {zone.schedule ? (
                      <span className="text-xs text-muted-foreground">{text.schedule(zone.schedule.start, zone.schedule.end)}</span>
                    ) : null}
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
      <ConfirmRemoval
        removal={removal}
        title={(zone) => text.deleteTitle(zone.name)}
        description={text.deleteDescription}
        cancelLabel={text.cancel}
        confirmLabel={text.deleteConfirm}
        pendingLabel={text.deleting}
      />
    </Card>
  )
}
