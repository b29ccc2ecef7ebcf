import Box from '@mui/material/Box'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router'
import { PageHeader } from '../../../ui/PageHeader'
import { AREAS } from '../areas'
import { FilterBar } from '../components/FilterBar'
import { useAnalyticsView } from '../use-analytics-view'

/** /analytics opens the first page with the same filters. */
export const AnalyticsIndex = () => {
  const { search } = useLocation()
  return <Navigate to={{ pathname: '/analytics/chats', search }} replace />
}

/**
 * The analytics pages: their tabs, the shared filter bar (kept in the URL; each page offers the filters its metrics
 * use) and the page chosen.
 */
export const AnalyticsLayout = () => {
  const { pathname, search } = useLocation()
  // Forecasts have their own controls (period, horizon, channel, community) and keep them in the address.
  const forecasts = pathname.startsWith('/analytics/forecasts')
  const current = AREAS.find((a) => pathname.startsWith(`/analytics/${a.path}`)) ?? AREAS[0]
  const ctx = useAnalyticsView(current.filters)
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
      {forecasts ? null : <FilterBar ctx={ctx} area={current} />}
      <Outlet context={ctx} />
    </>
  )
}
