import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import { useRef } from 'react'
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router'
import { PageHeader } from '../../../ui/PageHeader'
import { AREAS } from '../areas'
import { AnalyticsPdfPanel } from '../components/AnalyticsPdfPanel'
import { FilterBar } from '../components/FilterBar'
import { useAnalyticsPdf } from '../use-analytics-pdf'
import { useAnalyticsView } from '../use-analytics-view'

/** /analytics opens the first page with the same filters. */
export const AnalyticsIndex = () => {
  const { search } = useLocation()
  return <Navigate to={{ pathname: '/analytics/chats', search }} replace />
}

/**
 * The analytics pages: their tabs, the shared filter bar (kept in the URL; each page offers the filters its metrics
 * use) with the page's PDF export beside it (the page's metrics with the filter shown, previewed before it is saved),
 * and the page chosen.
 */
export const AnalyticsLayout = () => {
  const { pathname, search } = useLocation()
  // Forecasts have their own controls (period, horizon, channel, community) and keep them in the address.
  const forecasts = pathname.startsWith('/analytics/forecasts')
  const current = AREAS.find((a) => pathname.startsWith(`/analytics/${a.path}`)) ?? AREAS[0]
  const ctx = useAnalyticsView(current.filters)
  const pdf = useAnalyticsPdf(forecasts ? null : current, ctx.filter)
  const exportButton = useRef<HTMLButtonElement>(null)
  return (
    <>
      <PageHeader
        title="Analytics"
        description="How your chats, response times, satisfaction, topics, customers, community, voice messages and surveys are doing, and where they are heading."
      />
      <Box component="nav" aria-label="Analytics pages" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={forecasts ? 'forecasts' : current.path}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Analytics pages"
        >
          {AREAS.map((area) => (
            <Tab
              key={area.path}
              value={area.path}
              label={area.label}
              component={RouterLink}
              to={{ pathname: `/analytics/${area.path}`, search: forecasts ? '' : search }}
            />
          ))}
          <Tab value="forecasts" label="Forecasts" component={RouterLink} to="/analytics/forecasts" />
        </Tabs>
      </Box>
      {forecasts ? null : (
        <>
          {/* The export beside the filters; on a phone, under them, where the filters' button keeps the width. */}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: { xs: 2, sm: 3 } }}>
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <FilterBar ctx={ctx} area={current} />
            </Box>
            <Button
              ref={exportButton}
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              disabled={pdf.request === null || pdf.state.status === 'running'}
              onClick={pdf.start}
              // Enabled the moment the filter is known: no fade through colours that read poorly on the way.
              sx={{ flexShrink: 0, transition: 'none' }}
            >
              Export PDF
            </Button>
          </Box>
          <AnalyticsPdfPanel pdf={pdf} onClosed={() => exportButton.current?.focus()} />
        </>
      )}
      <Outlet context={ctx} />
    </>
  )
}
