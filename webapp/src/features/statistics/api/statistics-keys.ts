/** Query keys of the statistics page. */
export const statisticsKeys = {
  all: ['/api', 'statistics'] as const,
  list: () => [...statisticsKeys.all, 'list'] as const,
}
