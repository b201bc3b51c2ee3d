/*
 * The measures feature's one module that draws with ApexCharts (through src/components/charts). It is loaded
 * with React.lazy (see measure-history.tsx), so the page carries none of the
 * chart code until there is a trend to draw.
 */

import { LineChart, type LineChartOptions } from '@/components/charts/line-chart'
import { lineChartBase, markerRing } from '@/components/charts/line-chart-base'

import type { TrendSeries } from '../types'

export type MeasureTrendCanvasProps = {
  id: string
  categories: string[]
  series: TrendSeries[]
  max: number
  dark: boolean
}

const palette = {
  light: { lines: ['#0f766e', '#b45309', '#7c3aed'], text: '#52606d', grid: '#e7e2d9' },
  dark: { lines: ['#5fd0c5', '#fbbf24', '#c4b5fd'], text: '#b4bfca', grid: '#37424d' },
}

export default function MeasureTrendCanvas({ id, categories, series, max, dark }: MeasureTrendCanvasProps) {
  const colors = dark ? palette.dark : palette.light
  const options: LineChartOptions = {
    ...lineChartBase({ id: `measure-trend-${id}`, dark, text: colors.text, grid: colors.grid }),
    colors: colors.lines,
    stroke: { curve: 'straight', width: 2.5, dashArray: [0, 5, 2] },
    markers: { size: 4, strokeWidth: 2, strokeColors: markerRing(dark), hover: { size: 6 } },
    xaxis: {
      categories,
      tickAmount: Math.min(categories.length, 6),
      labels: { rotate: 0, hideOverlappingLabels: true },
      axisBorder: { show: false },
      axisTicks: { show: false },
      tooltip: { enabled: false },
    },
    // Every published maximum (27, 21, 24, 12) divides by 3: whole-number ticks, evenly spaced.
    yaxis: { min: 0, max, tickAmount: max % 3 === 0 ? max / 3 : undefined, decimalsInFloat: 0, labels: { formatter: (v: number) => v.toFixed(0) } },
    tooltip: { theme: dark ? 'dark' : 'light', shared: true, intersect: false },
    legend: { show: series.length > 1, position: 'top', horizontalAlign: 'left', markers: { size: 5 } },
  }
  return <LineChart height={240} options={options} series={series} />
}
