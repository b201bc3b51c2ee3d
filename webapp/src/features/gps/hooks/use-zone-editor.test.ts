import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_RADIUS_M } from '../content'
import { useZoneEditor } from './use-zone-editor'

const here = { lat: 40.7, lon: -74 }

describe('useZoneEditor', () => {
  it('places a circle by click, keeps its radius when moved, and continues it into the dialog', () => {
    const { result } = renderHook(() => useZoneEditor(here))
    act(() => result.current.changeMode('circle'))
    act(() => result.current.placeCircle({ lat: 1, lon: 2 }))
    expect(result.current.circleDraft).toEqual({ lat: 1, lon: 2, radius: DEFAULT_RADIUS_M })
    act(() => result.current.resizeCircle(300))
    act(() => result.current.placeCircle({ lat: 3, lon: 4 }))
    expect(result.current.circleDraft).toEqual({ lat: 3, lon: 4, radius: 300 })
    act(() => result.current.continueDraft())
    expect(result.current.dialogDraft).toEqual({ shape: 'circle', latitude: 3, longitude: 4, radius: 300 })
    // A new zone saved: the drafts go and drawing stops.
    act(() => result.current.zoneSaved())
    expect(result.current.circleDraft).toBeNull()
    expect(result.current.mode).toBe('none')
  })

  it('adds a zone at the position when nothing is drawn, and switching to an area drops the circle', () => {
    const { result } = renderHook(() => useZoneEditor(here))
    act(() => result.current.addZone())
    expect(result.current.dialogDraft).toEqual({ shape: 'circle', latitude: 40.7, longitude: -74, radius: DEFAULT_RADIUS_M })
    act(() => result.current.closeDialog())
    act(() => result.current.placeCircle({ lat: 1, lon: 2 }))
    act(() => result.current.changeMode('polygon'))
    expect(result.current.circleDraft).toBeNull()
  })

  it('leaves the editor on Escape, but not while the dialog is open', () => {
    const { result } = renderHook(() => useZoneEditor(here))
    act(() => result.current.changeMode('circle'))
    act(() => result.current.placeCircle({ lat: 1, lon: 2 }))
    act(() => result.current.continueDraft())
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    })
    expect(result.current.circleDraft).not.toBeNull()
    act(() => result.current.closeDialog())
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    })
    expect(result.current.circleDraft).toBeNull()
    expect(result.current.mode).toBe('none')
  })
})
