import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

import type { PlanContact } from '../types'

/*
 * The editors of a plan made of short lists (the crisis page's Safety Plan,
 * Learn & Grow's Coping Plan Builder): each row an input, Enter in the last
 * row adds the next, and a remove button per row. The words come from the
 * screen: `item` names one entry ("warning sign" → "Warning sign 2",
 * "Remove warning sign 2", "Add a warning sign").
 */

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

function withArticle(item: string): string {
  return `${/^[aeiou]/i.test(item) ? 'an' : 'a'} ${item}`
}

/** Swaps entry i with its neighbour (-1 up, +1 down). */
function move<T>(values: T[], i: number, by: -1 | 1): T[] {
  const j = i + by
  if (j < 0 || j >= values.length) return values
  const next = [...values]
  ;[next[i], next[j]] = [next[j], next[i]]
  return next
}

const iconButton = 'size-11 shrink-0 rounded-full'

export type TextListEditorProps = {
  /** One entry, lower case: "warning sign". */
  item: string
  placeholder: string
  values: string[]
  onChange: (next: string[]) => void
  maxEntries: number
  maxLength: number
  /** Up and down buttons beside each row. */
  reorderable?: boolean
  /** An error of the whole list (the server's), named on every input. */
  errorId?: string
}

export function TextListEditor({
  item,
  placeholder,
  values,
  onChange,
  maxEntries,
  maxLength,
  reorderable = false,
  errorId,
}: TextListEditorProps) {
  const listRef = React.useRef<HTMLUListElement>(null)
  // Which row takes the focus after the next render: the new last row, or a row just moved.
  const focusRow = React.useRef<number | 'last' | null>(null)
  React.useEffect(() => {
    const target = focusRow.current
    if (target === null) return
    focusRow.current = null
    const inputs = listRef.current?.querySelectorAll('input')
    if (!inputs) return
    inputs[target === 'last' ? inputs.length - 1 : target]?.focus()
  }, [values])

  const add = () => {
    focusRow.current = 'last'
    onChange([...values, ''])
  }

  return (
    <div className="grid gap-2">
      <ul ref={listRef} className="grid gap-2">
        {values.map((value, i) => (
          <li key={i} className="flex items-center gap-1.5 sm:gap-2">
            <Input
              aria-label={`${capitalize(item)} ${i + 1}`}
              aria-invalid={errorId ? true : undefined}
              aria-describedby={errorId}
              placeholder={i === 0 ? placeholder : undefined}
              maxLength={maxLength}
              value={value}
              onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
              onKeyDown={(e) => {
                // Enter in the last row adds the next one instead of submitting half a plan.
                if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                  e.preventDefault()
                  if (i === values.length - 1 && value.trim() !== '' && values.length < maxEntries) add()
                }
              }}
            />
            {reorderable && values.length > 1 && (
              <ReorderButtons
                item={item}
                index={i}
                count={values.length}
                onMove={(by) => {
                  focusRow.current = i + by
                  onChange(move(values, i, by))
                }}
              />
            )}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className={iconButton}
              aria-label={`Remove ${item} ${i + 1}`}
              disabled={values.length === 1 && value === ''}
              onClick={() => onChange(values.length === 1 ? [''] : values.filter((_, j) => j !== i))}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="ghost"
        className="w-fit rounded-full text-primary"
        disabled={values.length >= maxEntries}
        onClick={add}
      >
        <Plus aria-hidden="true" />
        Add {withArticle(item)}
      </Button>
    </div>
  )
}

type ReorderButtonsProps = {
  item: string
  index: number
  count: number
  onMove: (by: -1 | 1) => void
}

function ReorderButtons({ item, index, count, onMove }: ReorderButtonsProps) {
  return (
    <div className="flex shrink-0 print:hidden">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-9 rounded-full sm:size-11"
        aria-label={`Move ${item} ${index + 1} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-9 rounded-full sm:size-11"
        aria-label={`Move ${item} ${index + 1} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </div>
  )
}

export type ContactListEditorProps = {
  /** One entry, lower case: "person to call". */
  item: string
  nameLabel: string
  phoneLabel: string
  namePlaceholder: string
  values: PlanContact[]
  /** Messages under rows, by index (a number without a name). */
  errors: Record<number, string>
  onChange: (next: PlanContact[]) => void
  limits: { entries: number; nameLength: number; phoneLength: number }
}

/** Names with numbers; a row's name input carries `data-contact-name={index}` for the form to focus it. */
export function ContactListEditor({
  item,
  nameLabel,
  phoneLabel,
  namePlaceholder,
  values,
  errors,
  onChange,
  limits,
}: ContactListEditorProps) {
  const idBase = React.useId()
  const set = (i: number, field: keyof PlanContact, value: string) =>
    onChange(values.map((c, j) => (j === i ? { ...c, [field]: value } : c)))
  return (
    <div className="grid gap-2">
      <ul className="grid gap-3">
        {values.map((contact, i) => {
          const errorId = `${idBase}-error-${i}`
          return (
            <li key={i} className="grid gap-1.5">
              <div className="flex items-start gap-2">
                <div className="grid flex-1 gap-2 sm:grid-cols-[1fr_12rem]">
                  <Input
                    data-contact-name={i}
                    aria-label={`${nameLabel} ${i + 1}`}
                    aria-invalid={Boolean(errors[i])}
                    aria-describedby={errors[i] ? errorId : undefined}
                    placeholder={i === 0 ? namePlaceholder : undefined}
                    maxLength={limits.nameLength}
                    value={contact.name}
                    onChange={(e) => set(i, 'name', e.target.value)}
                  />
                  <Input
                    type="tel"
                    inputMode="tel"
                    aria-label={`${phoneLabel} ${i + 1}`}
                    placeholder={i === 0 ? 'e.g. 555-0100' : undefined}
                    maxLength={limits.phoneLength}
                    value={contact.phone}
                    onChange={(e) => set(i, 'phone', e.target.value)}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className={iconButton}
                  aria-label={`Remove ${item} ${i + 1}`}
                  disabled={values.length === 1 && contact.name === '' && contact.phone === ''}
                  onClick={() =>
                    onChange(values.length === 1 ? [{ name: '', phone: '' }] : values.filter((_, j) => j !== i))
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {errors[i] && (
                <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-300">
                  {errors[i]}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <Button
        type="button"
        variant="ghost"
        className="w-fit rounded-full text-primary"
        disabled={values.length >= limits.entries}
        onClick={() => onChange([...values, { name: '', phone: '' }])}
      >
        <Plus aria-hidden="true" />
        Add {withArticle(item)}
      </Button>
    </div>
  )
}

/** The server's message about one section, under it. */
export function PlanSectionError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
      {message}
    </p>
  )
}
