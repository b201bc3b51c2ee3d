import type { ApexOptions } from 'apexcharts'

export type LineChartTheme = {
  /** ApexCharts' element id. */
  id: string
  dark: boolean
  /** Axis and legend text, and the grid lines (plain colours: ApexCharts takes no CSS variables). */
  text: string
  grid: string
}

/**
 * What every Lifeline line chart shares: no toolbar, zoom or animation, the
 * page's font, a transparent background and a dashed grid. Only the type
 * of ApexCharts is imported here, so this module costs the page nothing.
 */
export function lineChartBase({ id, dark, text, grid }: LineChartTheme): ApexOptions {
  return {
    chart: {
      id,
      type: 'line',
      background: 'transparent',
      fontFamily: 'inherit',
      foreColor: text,
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      parentHeightOffset: 0,
    },
    theme: { mode: dark ? 'dark' : 'light' },
    dataLabels: { enabled: false },
    grid: { borderColor: grid, strokeDashArray: 4, padding: { left: 8, right: 12 } },
  }
}

/** The ring around a marker: the card's colour, so points stand off the line. */
export function markerRing(dark: boolean): string {
  return dark ? '#1b2329' : '#ffffff'
}
