import { ThemeToggle } from '@/components/theme/theme-toggle'

/** Placeholder until the dashboard issue lands: the signed-in home screen. */
export function DashboardRoute() {
  return (
    <main className="mx-auto flex max-w-6xl items-center justify-between px-4 py-8 sm:px-6">
      <title>Dashboard · Lifeline</title>
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <ThemeToggle />
    </main>
  )
}
