import { Button } from '@/components/ui/button'
import { serverPaths } from '@/config/routes'

import { landingText } from '../content'

export function ClosingCta() {
  const { closing } = landingText
  return (
    <section aria-labelledby="landing-closing-title" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-4xl rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12 dark:border dark:border-primary/30 dark:bg-primary/15 dark:text-foreground dark:shadow-none">
        <h2 id="landing-closing-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {closing.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty opacity-90">{closing.description}</p>
        <Button
          asChild
          size="lg"
          variant="secondary"
          className="mt-8 w-full rounded-full focus-visible:ring-primary-foreground/70 focus-visible:ring-offset-primary sm:w-auto dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90 dark:focus-visible:ring-ring dark:focus-visible:ring-offset-background"
        >
          <a href={serverPaths.login}>{closing.cta}</a>
        </Button>
      </div>
    </section>
  )
}
