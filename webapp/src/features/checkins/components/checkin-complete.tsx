import { CircleCheckBig } from 'lucide-react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'

import { checkinText } from '../content'

export type CheckinCompleteProps = {
  /** Where "Back to Dashboard" goes. */
  dashboardPath: string
}

/** docs/spec.md: today's check-in exists; one a day, come back tomorrow. */
export function CheckinComplete({ dashboardPath }: CheckinCompleteProps) {
  return (
    <Card className="mx-auto w-full max-w-xl text-center">
      <CardContent className="flex flex-col items-center gap-4 py-6">
        <span className="flex size-16 items-center justify-center rounded-full bg-primary/12 text-primary">
          <CircleCheckBig aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{checkinText.completeTitle}</h1>
        <p className="max-w-md text-muted-foreground">{checkinText.completeMessage}</p>
        <Button asChild size="lg" className="mt-2 rounded-full">
          <Link href={dashboardPath}>{checkinText.backToDashboard}</Link>
        </Button>
      </CardContent>
    </Card>
  )
}
