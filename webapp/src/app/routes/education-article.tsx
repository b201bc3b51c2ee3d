import { useParams, useSearch } from 'wouter'

import { routes } from '@/config/routes'
import { ArticleScreen } from '@/features/education/components/article-screen'
import { categorySearch, readCategory } from '@/features/education/utils/category'

/** `/education/:id?category=...`: one article; its back link returns to the list with the same filter. */
export function EducationArticleRoute() {
  const { id = '' } = useParams<{ id: string }>()
  const category = readCategory(useSearch())
  return <ArticleScreen key={id} id={id} backHref={`${routes.education.path}${categorySearch(category)}`} />
}
