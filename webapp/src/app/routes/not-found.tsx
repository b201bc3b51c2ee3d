import { CircleAlert } from 'lucide-react'
import { Link } from 'wouter'

import { ThemeToggle } from '@/components/theme/theme-toggle'
import { Card, CardContent } from '@/components/ui/card'
import { routes } from '@/config/routes'

import { notFoundText } from './not-found-content'

/** The not-found card alone; inside the shell for signed-in people. */
export function NotFoundContent() {
  return (
    <Card className="mx-auto w-full max-w-md">
      <title>Page not found · Lifeline</title>
      <CardContent>
        <div className="flex items-center gap-3">
          <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
          <h1 className="text-2xl font-bold">{notFoundText.title}</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">{notFoundText.hint}</p>
        <Link
          href={routes.home.path}
          className="mt-6 inline-block rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          {notFoundText.homeLink}
        </Link>
      </CardContent>
    </Card>
  )
}

/** The full not-found page for signed-out visitors. */
export function NotFoundRoute() {
  return (
    <div className="relative flex min-h-dvh items-center justify-center bg-muted/40 px-4">
      <ThemeToggle className="absolute top-4 right-4" />
      <main className="w-full max-w-md">
        <NotFoundContent />
      </main>
    </div>
  )
}
