import type { ApiSchema } from '@/lib/api-schema'

/**
 * One figure of the statistics page (api/openapi.yaml `Statistic`):
 * `category` is `prevalence`, `trends` or `impact` today (anything else gets
 * the default icon), `year` the year the figure describes, `value` as
 * displayed ("48.4 million", "1 in 11"), `sourceUrl` where the source can be
 * read, or "".
 */
export type Statistic = ApiSchema<'Statistic'>
