import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { alpha, useTheme } from '@mui/material/styles'
import { LineChart, lineClasses } from '@mui/x-charts/LineChart'
import type { ForecastGranularity, SeriesForecast } from '@proxima/contracts'
import { useState } from 'react'
import { ChartModeSwitch, type ChartMode } from '../../analytics/components/ChartModeSwitch'
import { DataTable } from '../../analytics/components/DataTable'
import { NONE } from '../../analytics/format'
import { chartRows } from '../view'

type Props = {
  /** The chart's name: its accessible label and the table's caption. */
  title: string
  forecast: Pick<SeriesForecast, 'history' | 'current_period' | 'forecast'>
  granularity: ForecastGranularity
  timeZone: string
  format: (value: number | null) => string
  height?: number
}

/**
 * History, forecast and its ranges in one chart: the history as a line, the forecast dashed from the last whole
 * period on, the 80 % and 95 % ranges shaded around it, and the unfinished period's value so far as a dot. A Chart /
 * Table switch shows the same numbers exactly.
 */
export const ForecastChart = ({ title, forecast, granularity, timeZone, format, height = 280 }: Props) => {
  const theme = useTheme()
  const [mode, setMode] = useState<ChartMode>('chart')
  const rows = chartRows(forecast, granularity, timeZone)
  const main = theme.palette.primary.main
  const gap = (upper: (number | null)[], lower: (number | null)[]) =>
    upper.map((u, i) => (u === null || lower[i] === null ? null : u - lower[i]!))
  const at =
    (values: (number | null)[]) =>
    (_: number | null, { dataIndex }: { dataIndex: number }) =>
      format(values[dataIndex] ?? null)
  const first = forecast.forecast[0]
  const last = forecast.forecast.at(-1)
  const summary =
    first && last
      ? `Forecast from ${rows.labels[rows.labels.length - forecast.forecast.length]} to ${rows.labels.at(-1)}: ` +
        `${format(first.value)} to ${format(last.value)}, with 80% of outcomes expected between ${format(last.lower_80)} and ${format(last.upper_80)} at the end.`
      : 'No forecast.'
  const chartLabel = `${title}, line chart of ${forecast.history.length} past periods and ${forecast.forecast.length} forecast periods. ${summary} Switch to Table for every value.`
  const hidden = (id: string) => `& .${lineClasses.line}[data-series="${id}"]`
  return (
    <Box>
      <ChartModeSwitch title={title} mode={mode} onChange={setMode}>
        <Typography variant="body2" color="text.secondary">
          Solid: what happened. Dashed: the forecast. Shaded: where 80% and 95% of outcomes should fall.
        </Typography>
      </ChartModeSwitch>
      {mode === 'table' ? (
        <DataTable
          caption={title}
          columns={[
            { label: 'Period', values: rows.labels },
            {
              label: 'Actual',
              values: rows.actual.map((v, i) => (v === null ? format(rows.soFar[i] ?? null) : format(v))),
            },
            {
              label: 'Forecast',
              values: rows.lower80.map((v, i) => (v === null ? NONE : format(rows.forecast[i] ?? null))),
            },
            { label: '80% low', values: rows.lower80.map(format) },
            { label: '80% high', values: rows.upper80.map(format) },
            { label: '95% low', values: rows.lower95.map(format) },
            { label: '95% high', values: rows.upper95.map(format) },
          ]}
        />
      ) : (
        <Box
          role="img"
          aria-label={chartLabel}
          sx={{
            width: '100%',
            height,
            minWidth: 0,
            [hidden('low95')]: { display: 'none' },
            [hidden('high95')]: { display: 'none' },
            [hidden('low80')]: { display: 'none' },
            [hidden('high80')]: { display: 'none' },
            [`& .${lineClasses.line}[data-series="forecast"]`]: { strokeDasharray: '6 4' },
          }}
        >
          <LineChart
            height={height}
            skipAnimation
            hideLegend
            disableKeyboardNavigation
            margin={{ left: 0, right: 12, top: 16, bottom: 0 }}
            xAxis={[{ scaleType: 'point', data: rows.labels }]}
            yAxis={[{ width: 56, min: 0, valueFormatter: (v: number) => format(v) }]}
            series={[
              {
                id: 'low95',
                data: rows.lower95,
                stack: 'b95',
                area: true,
                color: 'transparent',
                label: '95% low',
                valueFormatter: at(rows.lower95),
                showMark: false,
                curve: 'linear',
              },
              {
                id: 'high95',
                data: gap(rows.upper95, rows.lower95),
                stack: 'b95',
                area: true,
                color: alpha(main, 0.12),
                label: '95% high',
                valueFormatter: at(rows.upper95),
                showMark: false,
                curve: 'linear',
              },
              {
                id: 'low80',
                data: rows.lower80,
                stack: 'b80',
                area: true,
                color: 'transparent',
                label: '80% low',
                valueFormatter: at(rows.lower80),
                showMark: false,
                curve: 'linear',
              },
              {
                id: 'high80',
                data: gap(rows.upper80, rows.lower80),
                stack: 'b80',
                area: true,
                color: alpha(main, 0.22),
                label: '80% high',
                valueFormatter: at(rows.upper80),
                showMark: false,
                curve: 'linear',
              },
              {
                id: 'actual',
                data: rows.actual,
                color: main,
                label: 'Actual',
                valueFormatter: (v) => format(v),
                showMark: false,
                curve: 'linear',
              },
              {
                id: 'forecast',
                data: rows.forecast,
                color: main,
                label: 'Forecast',
                valueFormatter: (v) => format(v),
                showMark: false,
                curve: 'linear',
              },
              {
                id: 'sofar',
                data: rows.soFar,
                color: theme.palette.secondary.main,
                label: 'So far',
                valueFormatter: (v) => format(v),
                showMark: true,
                shape: 'circle',
              },
            ]}
          />
        </Box>
      )}
    </Box>
  )
}
