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
  const current = AREAS.find((a) => pathname.startsWith(`/analytics/${a.path}`)) ?? AREAS[0]
  const ctx = useAnalyticsView(current.filters)
  return (
    <>
      <PageHeader
        title="Analytics"
        description="How your chats, response times, satisfaction, topics, customers, community, voice messages and surveys are doing."
      />
      <Box component="nav" aria-label="Analytics pages" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={current.path}
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
              to={{ pathname: `/analytics/${area.path}`, search }}
            />
          ))}
        </Tabs>
      </Box>
      <FilterBar ctx={ctx} area={current} />
      <Outlet context={ctx} />
    </>
  )
}
