import { getCenter } from 'ol/extent'
import Feature from 'ol/Feature'
import type Point from 'ol/geom/Point'
import { Circle as CircleStyle, RegularShape } from 'ol/style'
import type Style from 'ol/style/Style'
import { describe, expect, it } from 'vitest'

import { makeZone } from '@/testing/gps-data'

import { geodesicCircle } from './features'
import { AVOID_DASH, drawsAsMark, wrapLabel, zoneStyle, zoneStylesAt } from './styles'
import { zoneExtent } from './view-fit'

// 150 m around San Francisco: about 380 map units across (Web Mercator stretches it by 1/cos 37.8°).
const extent = zoneExtent(makeZone({ radius: 150 }))!
const AT_ZOOM_13 = 19.11 // map units per pixel
const AT_ZOOM_17 = 1.19

const label = (styles: Style[]) => styles.find((s) => s.getText())?.getText()?.getText()
const images = (styles: Style[]) => styles.map((s) => s.getImage()).filter((i) => i !== null)

describe('zone styles', () => {
  it('draws a zone as its area when it is large enough on screen', () => {
    expect(drawsAsMark(extent, AT_ZOOM_17)).toBe(false)
    const styles = zoneStylesAt('safe', 'Home', extent, AT_ZOOM_17)
    expect(styles[0].getStroke()?.getColor()).toBe('#10b981')
    expect(styles[0].getFill()?.getColor()).toBe('rgba(16, 185, 129, 0.2)')
    expect(images(styles)).toEqual([])
    expect(label(styles)).toBe('Home')
    // The name sits under the area, away from a position marker at its centre.
    const at = (styles[1].getGeometry() as Point).getCoordinates()
    expect(at[1]).toBe(extent[1])
  })

  it('draws a zone too small to see as a mark of the minimum size, with its name under it', () => {
    expect(drawsAsMark(extent, AT_ZOOM_13)).toBe(true)
    const styles = zoneStylesAt('safe', 'Home', extent, AT_ZOOM_13)
    const [ring] = images(styles)
    expect(ring).toBeInstanceOf(CircleStyle)
    expect((ring as CircleStyle).getRadius()).toBe(18)
    expect(label(styles)).toBe('Home')
    expect(styles.find((s) => s.getText())?.getText()?.getOffsetY()).toBeGreaterThan(18)
  })

  it('tells avoid zones from safe zones by more than colour: a dashed edge, and a barred mark', () => {
    const safeArea = zoneStylesAt('safe', 'Home', extent, AT_ZOOM_17)[0]
    const avoidArea = zoneStylesAt('avoid', 'Bar', extent, AT_ZOOM_17)[0]
    expect(safeArea.getStroke()?.getLineDash()).toBeNull()
    expect(avoidArea.getStroke()?.getLineDash()).toEqual(AVOID_DASH)
    expect(avoidArea.getStroke()?.getColor()).toBe('#ef4444')

    const safeMark = images(zoneStylesAt('safe', 'Home', extent, AT_ZOOM_13))
    const avoidMark = images(zoneStylesAt('avoid', 'Bar', extent, AT_ZOOM_13))
    expect(safeMark.some((i) => i instanceof RegularShape && !(i instanceof CircleStyle))).toBe(false)
    expect(avoidMark.some((i) => i instanceof RegularShape && !(i instanceof CircleStyle))).toBe(true)
  })

  it("places a mark at its zone's centre through the feature's style function", () => {
    const feature = new Feature({ geometry: geodesicCircle({ lat: 37.7749, lon: -122.4194 }, 150) })
    const styles = zoneStyle('avoid', 'Home')(feature, AT_ZOOM_13) as Style[]
    const mark = styles.find((s) => s.getImage())!
    const at = (mark.getGeometryFunction()(feature) as Point).getCoordinates()
    expect(at[0]).toBeCloseTo(getCenter(extent)[0], 6)
    expect(at[1]).toBeCloseTo(getCenter(extent)[1], 6)
    expect(zoneStyle('safe', 'Nowhere')(new Feature(), AT_ZOOM_13)).toEqual([])
  })

  it('wraps a long name between words, three lines at most', () => {
    expect(wrapLabel('Home')).toBe('Home')
    expect(wrapLabel("  Murphy's   Bar on Fifth Street, the corner one ")).toBe("Murphy's Bar on Fifth\nStreet, the corner one")
    expect(wrapLabel('Supercalifragilisticexpialidocious place')).toBe('Supercalifragilisticexpialidocious\nplace')
    expect(wrapLabel('one two three four five six seven eight nine ten eleven twelve thirteen fourteen', 10)).toBe(
      'one two\nthree four\nfive six…',
    )
  })
})
