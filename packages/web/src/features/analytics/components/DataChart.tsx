import Box from '@mui/material/Box'
import { useTheme } from '@mui/material/styles'
import { BarChart } from '@mui/x-charts/BarChart'
import { LineChart } from '@mui/x-charts/LineChart'
import { useState } from 'react'
import { ChartModeSwitch, type ChartMode } from './ChartModeSwitch'
import { DataTable, type Column } from './DataTable'

export type ChartSeries = {
  label: string
  values: (number | null)[]
  format: (value: number | null) => string
  /** A shorter form for the value axis's ticks (the full form shows on hover and in the table). */
  axisFormat?: (value: number) => string
}

type Props = {
  /** The chart's name: its accessible label and the table's caption. */
  title: string
  kind: 'line' | 'bar'
  /** Bars that run sideways, for long category names (topics, cities). */
  horizontal?: boolean
  categoryLabel: string
  categories: string[]
  series: ChartSeries[]
  /** Columns only the table shows (e.g. a share beside a count). */
  extraColumns?: Column[]
  height?: number
}

/**
 * A chart with its exact values on hover, and a Chart / Table switch: the table holds the same numbers, for reading
 * them exactly, for assistive technology and for tests. The chart is one labelled image to assistive technology.
 */
export const DataChart = ({
  title,
  kind,
  horizontal = false,
  categoryLabel,
  categories,
  series,
  extraColumns = [],
  height = 260,
}: Props) => {
  const theme = useTheme()
  const [mode, setMode] = useState<ChartMode>('chart')
  const palette = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.warning.dark]
  const chartSeries = series.map((s, i) => ({
    data: s.values,
    label: s.label,
    color: palette[i % palette.length] ?? theme.palette.primary.main,
    valueFormatter: (value: number | null) => s.format(value),
  }))
  const summary = series
    .map((s) => {
      const known = s.values.filter((v): v is number => v !== null)
      if (known.length === 0) return `${s.label}: no values`
      const top = Math.max(...known)
      return `${s.label}: highest ${s.format(top)} (${categories[s.values.indexOf(top)] ?? ''})`
    })
    .join('; ')
  const chartLabel = `${title}, ${kind === 'line' ? 'line' : 'bar'} chart of ${categories.length} ${categoryLabel.toLowerCase()} values. ${summary}. Switch to Table for every value.`
  const band = { scaleType: 'band' as const, data: categories }
  // Counts get whole-number ticks: a chart of 0 and 1 chats must not label its axis 0, 0.2, 0.4… (or 0, 0, 1, 1).
  const whole = series.every((s) => s.values.every((v) => v === null || Number.isInteger(v)))
  const valueAxis = whole ? { tickMinStep: 1 } : {}
  const longest = Math.max(0, ...categories.map((c) => c.length))

  return (
    <Box>
      <ChartModeSwitch title={title} mode={mode} onChange={setMode} />
      {mode === 'table' ? (
        <DataTable
          caption={title}
          columns={[
            { label: categoryLabel, values: categories },
            ...series.map((s) => ({ label: s.label, values: s.values.map((v) => s.format(v)) })),
            ...extraColumns,
          ]}
        />
      ) : (
        <Box role="img" aria-label={chartLabel} sx={{ width: '100%', height, minWidth: 0 }}>
          {kind === 'line' ? (
            <LineChart
              height={height}
              skipAnimation
              hideLegend={series.length < 2}
              disableKeyboardNavigation
              margin={{ left: 0, right: 12, top: 16, bottom: 0 }}
              xAxis={[{ scaleType: 'point', data: categories }]}
              yAxis={[
                {
                  ...valueAxis,
                  width: 56,
                  valueFormatter: (v: number) => (series[0]?.axisFormat ?? series[0]?.format)?.(v) ?? String(v),
                },
              ]}
              series={chartSeries.map((s) => ({ ...s, showMark: categories.length <= 31, connectNulls: false }))}
            />
          ) : (
            <BarChart
              height={height}
              skipAnimation
              hideLegend={series.length < 2}
              disableKeyboardNavigation
              layout={horizontal ? 'horizontal' : 'vertical'}
              margin={{ left: 0, right: 12, top: 16, bottom: 0 }}
              xAxis={horizontal ? [valueAxis] : [band]}
              yAxis={horizontal ? [{ ...band, width: Math.min(140, 12 + longest * 7) }] : [{ ...valueAxis, width: 56 }]}
              series={chartSeries}
            />
          )}
        </Box>
      )}
    </Box>
  )
}
