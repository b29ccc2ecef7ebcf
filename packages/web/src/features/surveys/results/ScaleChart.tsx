import Box from '@mui/material/Box'
import { useTheme } from '@mui/material/styles'
import { BarChart } from '@mui/x-charts/BarChart'
import type { ReportQuestion } from '@proxima/contracts'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { percent } from '../format'

type Props = { question: ReportQuestion; values: number[] }

/**
 * How often each value of a rating (1–5) or NPS (0–10) scale was chosen: a bar chart for the eye, and the same
 * numbers as a table for assistive technology (the chart itself is hidden from it).
 */
export const ScaleChart = ({ question, values }: Props) => {
  const theme = useTheme()
  const rows = values.map((value) => {
    const entry = question.distribution?.find((d) => d.value === value)
    return { value, count: entry?.count ?? 0, percentage: entry?.percentage ?? 0 }
  })
  return (
    <Box>
      <Box aria-hidden="true" sx={{ width: '100%', height: 200 }}>
        <BarChart
          height={200}
          skipAnimation
          hideLegend
          disableKeyboardNavigation
          margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => String(r.value)), label: 'Answer' }]}
          yAxis={[{ tickMinStep: 1, width: 36 }]}
          series={[
            {
              data: rows.map((r) => r.count),
              label: 'Answers',
              color: theme.palette.primary.main,
              barLabel: (item) => (item.value ? String(item.value) : null),
              barLabelPlacement: 'outside',
            },
          ]}
        />
      </Box>
      {/* A table is at least as wide as its cells, whatever its own width: a hidden box around it clips it. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>Answers to “{question.title}” by value</caption>
          <thead>
            <tr>
              <th scope="col">Answer</th>
              <th scope="col">Count</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <th scope="row">{row.value}</th>
                <td>{row.count}</td>
                <td>{percent(row.percentage, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  )
}
