/** Query and mutation keys of the alerts feature: `alertKeys.list()` fetches `/api/alerts`. */
export const alertKeys = {
  all: ['/api', 'alerts'] as const,
  list: () => [...alertKeys.all] as const,
  detail: (id: number) => [...alertKeys.all, id] as const,
  markRead: () => [...alertKeys.all, 'read'] as const,
}
