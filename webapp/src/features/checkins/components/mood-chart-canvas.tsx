/*
 * The check-ins feature's one module that draws with ApexCharts (through src/components/charts), loaded with React.lazy
 * (see mood-chart.tsx), so the first page carries none of its ~155 kB.
 */

import { LineChart, type LineChartOptions } from '@/components/charts/line-chart'
import { lineChartBase, markerRing } from '@/components/charts/line-chart-base'

import { moodChartText, SCALE_MAX, SCALE_MIN } from '../content'
import { formatShortDate } from '../utils/dates'
import type { MoodPoint } from '../utils/summaries'

export type MoodChartCanvasProps = {
  points: MoodPoint[]
  average: number | null
  dark: boolean
}

/** Chart colours per theme (ApexCharts needs plain colours, not CSS variables). */
const palette = {
  light: { line: '#0f766e', text: '#52606d', grid: '#e7e2d9', average: '#b45309' },
  dark: { line: '#5fd0c5', text: '#b4bfca', grid: '#37424d', average: '#fbbf24' },
}

export default function MoodChartCanvas({ points, average, dark }: MoodChartCanvasProps) {
  const colors = dark ? palette.dark : palette.light
  const options: LineChartOptions = {
    ...lineChartBase({ id: 'mood-trend', dark, text: colors.text, grid: colors.grid }),
    colors: [colors.line],
    stroke: { curve: 'smooth', width: 3 },
    markers: { size: 5, strokeWidth: 2, strokeColors: markerRing(dark), hover: { size: 7 } },
    xaxis: {
      categories: points.map((p) => formatShortDate(p.date)),
      axisBorder: { show: false },
      axisTicks: { show: false },
      tooltip: { enabled: false },
    },
    yaxis: {
      min: SCALE_MIN,
      max: SCALE_MAX,
      tickAmount: 9,
      decimalsInFloat: 0,
      labels: { formatter: (v: number) => v.toFixed(0) },
    },
    annotations:
      average === null
        ? undefined
        : {
            yaxis: [
              {
                y: average,
                borderColor: colors.average,
                strokeDashArray: 5,
                label: {
                  text: `${moodChartText.average} ${average.toFixed(1)}`,
                  position: 'left',
                  textAnchor: 'start',
                  offsetX: 8,
                  borderColor: 'transparent',
                  style: { background: 'transparent', color: colors.average, fontWeight: 600 },
                },
              },
            ],
          },
    tooltip: {
      theme: dark ? 'dark' : 'light',
      y: { formatter: (v: number) => `${v.toFixed(0)}/10` },
    },
    legend: { show: false },
  }
  return (
    <LineChart
      height={240}
      options={options}
      series={[{ name: moodChartText.series, data: points.map((p) => p.mood) }]}
    />
  )
}
