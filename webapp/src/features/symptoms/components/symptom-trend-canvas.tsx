/*
 * The symptoms feature's one module that draws with ApexCharts (through src/components/charts). It is loaded
 * with React.lazy (see symptom-trend.tsx), so the page carries none of the
 * chart code until there is a trend to draw.
 */

import { LineChart, type LineChartOptions } from '@/components/charts/line-chart'
import { lineChartBase, markerRing } from '@/components/charts/line-chart-base'

import { SEVERITY_MAX, SEVERITY_MIN, trendText } from '../content'
import type { SymptomDay } from '../types'
import { formatShortDay } from '../utils/format'

export type SymptomTrendCanvasProps = {
  days: SymptomDay[]
  dark: boolean
  /** A phone's width: fewer date labels, so they never run into each other. */
  narrow: boolean
}

/** Chart colours per theme (ApexCharts needs plain colours, not CSS variables). */
const palette = {
  light: { physical: '#0f766e', mental: '#7c3aed', text: '#52606d', grid: '#e7e2d9' },
  dark: { physical: '#5fd0c5', mental: '#c4b5fd', text: '#b4bfca', grid: '#37424d' },
}

export default function SymptomTrendCanvas({ days, dark, narrow }: SymptomTrendCanvasProps) {
  const colors = dark ? palette.dark : palette.light
  const options: LineChartOptions = {
    ...lineChartBase({ id: 'symptom-trend', dark, text: colors.text, grid: colors.grid }),
    colors: [colors.physical, colors.mental],
    // Days without a log are gaps (null), not zeros; markers keep lone days visible.
    stroke: { curve: 'straight', width: 2.5, dashArray: [0, 5] },
    markers: { size: 4, strokeWidth: 2, strokeColors: markerRing(dark), hover: { size: 6 } },
    xaxis: {
      categories: days.map((d) => formatShortDay(d.date)),
      tickAmount: narrow ? 3 : 6,
      labels: { rotate: 0, hideOverlappingLabels: true },
      axisBorder: { show: false },
      axisTicks: { show: false },
      tooltip: { enabled: false },
    },
    yaxis: {
      min: SEVERITY_MIN,
      max: SEVERITY_MAX,
      tickAmount: 9,
      decimalsInFloat: 0,
      labels: { formatter: (v: number) => v.toFixed(0) },
    },
    tooltip: {
      theme: dark ? 'dark' : 'light',
      shared: true,
      intersect: false,
      y: { formatter: (v: number | null) => (v === null || v === undefined ? trendText.none : `${v.toFixed(1)}/10`) },
    },
    legend: { show: true, position: 'top', horizontalAlign: 'left', markers: { size: 5 } },
  }
  return (
    <LineChart
      height={240}
      options={options}
      series={[
        { name: trendText.physical, data: days.map((d) => d.physicalSeverity) },
        { name: trendText.mental, data: days.map((d) => d.mentalSeverity) },
      ]}
    />
  )
}
