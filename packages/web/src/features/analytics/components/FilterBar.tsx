import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import FilterList from '@mui/icons-material/FilterList'
import { useId, useRef, useState } from 'react'
import type { Area } from '../areas'
import type { AnalyticsContext } from '../context'
import { useStaffOptions, useTopicOptions } from '../filter-options'
import { filterSummary } from '../summary'
import { FilterControls } from './FilterControls'

/**
 * The filters of an analytics page, in a search landmark. On a desktop or tablet they are one row above the numbers.
 * On a phone they fold behind a "Filters" button that says which are active ("Last 30 days · UTC · 2 channels") and
 * opens them in place; Escape inside closes them again and returns to the button.
 */
export const FilterBar = ({ ctx, area }: { ctx: AnalyticsContext; area: Area }) => {
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true })
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const topics = useTopicOptions(area.filters.includes('topic_id'))
  const staff = useStaffOptions(area.filters.includes('assignee'))
  const controls = <FilterControls ctx={ctx} area={area} choices={{ topics, staff }} />

  if (!phone)
    return (
      <Box role="search" aria-label="Analytics filters">
        {controls}
      </Box>
    )

  const summary = filterSummary(ctx.view, ctx.timeZone, area.filters, {
    topic: topics.options?.find((t) => t.id === ctx.view.topic)?.label,
    assignee: staff.options?.find((s) => s.id === ctx.view.assignee)?.label,
  })
  return (
    <Box role="search" aria-label="Analytics filters">
      <Button
        ref={button}
        fullWidth
        variant="outlined"
        color="inherit"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        startIcon={<FilterList />}
        endIcon={open ? <ExpandLess /> : <ExpandMore />}
        sx={{ justifyContent: 'flex-start', textAlign: 'left', py: 1, borderColor: 'divider' }}
      >
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block' }}>
            Filters
          </Box>
          <Box
            component="span"
            sx={{
              display: 'block',
              typography: 'body2',
              color: 'text.secondary',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {summary}
          </Box>
        </Box>
      </Button>
      <Collapse
        in={open}
        id={panelId}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || e.defaultPrevented) return
          setOpen(false)
          button.current?.focus()
        }}
      >
        <Box sx={{ pt: 2 }}>{controls}</Box>
      </Collapse>
    </Box>
  )
}
