/** One figure of the statistics page (docs/api.md "Statistic"). */
export type Statistic = {
  id: number
  slug: string
  title: string
  /** `prevalence`, `trends` or `impact` today; anything else gets the default icon. */
  category: string
  /** The year the figure describes. */
  year: number
  /** As displayed: "48.4 million", "1 in 11". */
  value: string
  description: string
  source: string
  /** Where the source can be read, or "". */
  sourceUrl: string
}
