import { ClipboardList } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { loginUrl } from '@/config/routes'

import { safetyPlanText as text } from '../content'
import { BackLink } from './back-link'

export type SafetyPlanSignInProps = {
  /** This screen's path, to come back to after signing in. */
  path: string
  backHref: string
}

/** Signed out: what the plan is, and a Sign In button that comes back here. */
export function SafetyPlanSignIn({ path, backHref }: SafetyPlanSignInProps) {
  return (
    <div className="grid gap-6">
      <title>{text.pageTitle}</title>
      <BackLink href={backHref} />
      <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
      <Card>
        <CardHeader className="flex-row items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
            <ClipboardList aria-hidden="true" className="size-5" />
          </span>
          <p className="text-muted-foreground">{text.description}</p>
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-4">
          <p className="font-medium">{text.signInPrompt}</p>
          <Button asChild className="rounded-full">
            <a href={loginUrl(path)}>{text.signIn}</a>
          </Button>
          <p className="text-sm text-muted-foreground">{text.emergencyLine}</p>
        </CardContent>
      </Card>
    </div>
  )
}
