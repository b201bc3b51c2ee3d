import { cn } from '@/lib/utils'

import { articleCategories, educationText as text } from '../content'
import type { ArticleCategory } from '../types'

export type CategoryFilterProps = {
  /** The chosen category, or null for All. */
  value: ArticleCategory | null
  onChange: (category: ArticleCategory | null) => void
}

const buttonClass =
  'min-h-10 rounded-full border px-4 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring ' +
  'bg-background text-foreground hover:border-primary/40 hover:bg-primary/5 ' +
  'aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:hover:bg-primary/90'

/**
 * docs/spec.md's six category buttons, plus All: a group of toggle buttons
 * (aria-pressed), exactly one pressed. Pressing the pressed category again
 * goes back to All.
 */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  return (
    <div role="group" aria-label={text.categories} className="flex flex-wrap gap-2">
      <button type="button" aria-pressed={value === null} onClick={() => onChange(null)} className={buttonClass}>
        {text.all}
      </button>
      {articleCategories.map((category) => (
        <button
          key={category.id}
          type="button"
          aria-pressed={value === category.id}
          onClick={() => onChange(value === category.id ? null : category.id)}
          className={cn(buttonClass)}
        >
          {category.label}
        </button>
      ))}
    </div>
  )
}
