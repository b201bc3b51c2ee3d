import { MapPin, Search } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

import { useSearchPlaces } from '../api/search-places'
import { gpsText } from '../content'
import type { Place } from '../types'

export type AddressSearchProps = {
  /** The configured Nominatim-compatible search URL. */
  geocoderUrl: string
  onChoose: (place: Place) => void
}

/**
 * The zone editor's address search: it asks when the person presses Search
 * (or Enter), never as they type, and lists what was found as buttons.
 * It sits inside the zone form, so Enter here searches instead of saving.
 */
export function AddressSearch({ geocoderUrl, onChoose }: AddressSearchProps) {
  const text = gpsText.form.search
  const inputId = React.useId()
  const hintId = React.useId()
  const [typed, setTyped] = React.useState('')
  const [query, setQuery] = React.useState('')
  const places = useSearchPlaces(geocoderUrl, query)
  const host = React.useMemo(() => new URL(geocoderUrl).host, [geocoderUrl])

  const search = () => setQuery(typed.trim())
  const choose = (place: Place) => {
    onChoose(place)
    setQuery('')
  }

  return (
    <div className="grid gap-2" data-testid="address-search">
      <Label htmlFor={inputId}>{text.label}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="search"
          autoComplete="off"
          aria-describedby={hintId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            search()
          }}
        />
        <Button type="button" variant="outline" onClick={search} disabled={typed.trim() === ''}>
          <Search aria-hidden="true" />
          {text.button}
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {text.hint(host)}
      </p>
      <div role="status" className="text-sm empty:hidden">
        {query === '' ? null : places.isPending ? (
          text.searching
        ) : places.isError ? (
          text.failed
        ) : places.data.length === 0 ? (
          text.none(query)
        ) : null}
      </div>
      {query !== '' && places.data && places.data.length > 0 && (
        <ul aria-label={text.results} className="grid gap-1.5">
          {places.data.map((place) => (
            <li key={`${place.lat},${place.lon},${place.label}`}>
              <button
                type="button"
                onClick={() => choose(place)}
                className="flex w-full items-start gap-2 rounded-lg border bg-background px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
              >
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-medium break-words">{place.name}</span>
                  <span className="text-xs break-words text-muted-foreground">{place.label}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
