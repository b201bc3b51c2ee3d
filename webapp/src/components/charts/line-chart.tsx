/*
 * The one module that imports ApexCharts' React component (lint enforces it:
 * besides this folder, nothing imports `apexcharts` or `react-apexcharts`).
 * Features draw through it from a `*-canvas.tsx` module they load with
 * React.lazy, so a page carries none of ApexCharts until there is something
 * to draw.
 */
import type { ApexOptions } from 'apexcharts'
import Chart from 'react-apexcharts'

export type LineChartOptions = ApexOptions
export type LineChartSeries = NonNullable<ApexOptions['series']>

export type LineChartProps = {
  options: LineChartOptions
  series: LineChartSeries
  height: number
}

/** A line chart; its looks start from `lineChartBase` (line-chart-base.ts). */
export function LineChart({ options, series, height }: LineChartProps) {
  return <Chart type="line" height={height} options={options} series={series} />
}
