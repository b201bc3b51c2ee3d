import { ClipboardList } from 'lucide-react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'

import { useInstruments } from '../api/get-instruments'
import { useMeasures } from '../api/get-measures'
import { dueText as text } from '../content'

export type DueMeasuresCardProps = {
  takePath: (id: string) => string
  listPath: string
}

/** The dashboard's small card: the questionnaires due now, each a link to take it; nothing when none is due (or on an error). */
export function DueMeasuresCard({ takePath, listPath }: DueMeasuresCardProps) {
  const statuses = useMeasures()
  const instruments = useInstruments()
  if (!statuses.isSuccess || !instruments.isSuccess) return null
  const due = statuses.data.filter((s) => s.due)
  if (due.length === 0) return null
  const title = (id: string) => instruments.data.find((i) => i.id === id)?.title ?? id
  return (
    <Card role="region" aria-labelledby="due-measures-title" data-testid="due-measures">
      <CardHeader className="px-4 sm:px-6">
        <h2 id="due-measures-title" className="flex items-center gap-2 text-lg font-semibold">
          <ClipboardList aria-hidden="true" className="size-5 text-primary" />
          {text.title}
        </h2>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2 px-4 sm:px-6">
        {due.map((s) => (
          <Button key={s.instrument} asChild variant="outline">
            <Link href={takePath(s.instrument)}>{text.take(title(s.instrument))}</Link>
          </Button>
        ))}
        <Button asChild variant="ghost">
          <Link href={listPath}>{text.all}</Link>
        </Button>
      </CardContent>
    </Card>
  )
}
