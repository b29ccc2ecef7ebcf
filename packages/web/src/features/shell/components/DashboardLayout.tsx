import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import MenuIcon from '@mui/icons-material/Menu'
import { Suspense, useState } from 'react'
import { Outlet } from 'react-router'
import { RealtimeProvider } from '../../../api/realtime'
import { useSessionUser } from '../../../app/hooks'
import { LoadingState } from '../../../ui/states'
import { NotificationBell } from '../../notifications/components/NotificationBell'
import { VerifyEmailBanner } from '../../profile/components/VerifyEmailBanner'
import { SearchLauncher } from '../../search/components/SearchLauncher'
import { NavMenu } from './NavMenu'
import { UserMenu } from './UserMenu'

const DRAWER_WIDTH = 264

/** The signed-in frame: top bar, side navigation and the current page, sharing one realtime connection. */
export const DashboardLayout = () => {
  const user = useSessionUser()
  const [mobileOpen, setMobileOpen] = useState(false)
  // The route guard opens sign-in when there is no session.
  if (!user) return null

  const tenantName = user.tenant_id?.tenant_name ?? ''
  return (
    <RealtimeProvider>
      <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
        <AppBar position="fixed" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              aria-expanded={mobileOpen}
              onClick={() => setMobileOpen(true)}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            {/* On phones the organisation's name goes under the product's, so the buttons keep their room. */}
            <Box
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                alignItems: { xs: 'flex-start', sm: 'center' },
                minWidth: 0,
              }}
            >
              <Typography
                component="span"
                variant="h6"
                sx={{ fontWeight: 700, letterSpacing: 0.5, lineHeight: { xs: 1.3, sm: 1.6 } }}
              >
                Proxima
              </Typography>
              {tenantName ? (
                <Typography
                  component="span"
                  noWrap
                  sx={{
                    opacity: 0.9,
                    maxWidth: '100%',
                    minWidth: 0,
                    fontSize: { xs: '0.8125rem', sm: '1rem' },
                    lineHeight: { xs: 1.4, sm: 1.5 },
                    ml: { sm: 2 },
                    pl: { sm: 1.5 },
                    borderLeft: { sm: 1 },
                    borderColor: { sm: 'rgba(255,255,255,0.4)' },
                  }}
                  title={tenantName}
                >
                  {tenantName}
                </Typography>
              ) : null}
            </Box>
            <Box sx={{ flexGrow: 1 }} />
            <SearchLauncher />
            <NotificationBell />
            <UserMenu user={user} />
          </Toolbar>
        </AppBar>

        <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
          >
            <Toolbar />
            <NavMenu onNavigate={() => setMobileOpen(false)} />
          </Drawer>
          <Drawer
            variant="permanent"
            open
            sx={{
              display: { xs: 'none', md: 'block' },
              '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
            }}
          >
            <Toolbar />
            <NavMenu />
          </Drawer>
        </Box>

        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
          <Toolbar />
          <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
            <VerifyEmailBanner />
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Box>
    </RealtimeProvider>
  )
}
