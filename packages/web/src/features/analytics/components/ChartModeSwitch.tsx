import Box from '@mui/material/Box'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import type { ReactNode } from 'react'

export type ChartMode = 'chart' | 'table'

/** The Chart / Table switch above a chart, with what else goes on its line (a legend, on the left). */
export const ChartModeSwitch = ({
  title,
  mode,
  onChange,
  children,
}: {
  title: string
  mode: ChartMode
  onChange: (mode: ChartMode) => void
  children?: ReactNode
}) => (
  <Box
    sx={{
      display: 'flex',
      justifyContent: children ? 'space-between' : 'flex-end',
      alignItems: 'center',
      gap: 1,
      mb: 1,
      flexWrap: 'wrap',
    }}
  >
    {children}
    <ToggleButtonGroup
      size="small"
      exclusive
      value={mode}
      onChange={(_, next: ChartMode | null) => {
        if (next) onChange(next)
      }}
      aria-label={`${title}: show as`}
    >
      <ToggleButton value="chart">Chart</ToggleButton>
      <ToggleButton value="table">Table</ToggleButton>
    </ToggleButtonGroup>
  </Box>
)
