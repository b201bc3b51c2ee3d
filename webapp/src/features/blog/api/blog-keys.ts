/** Query keys of the blog feature. */
export const blogKeys = {
  all: ['/api', 'blog'] as const,
  list: () => [...blogKeys.all, 'list'] as const,
  detail: (ref: string) => [...blogKeys.all, 'detail', ref] as const,
}
