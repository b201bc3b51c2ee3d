/** Placeholder until the dashboard issue lands: the signed-in home screen, inside the shell. */
export function DashboardRoute() {
  return (
    <>
      <title>Dashboard · Lifeline</title>
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
    </>
  )
}
