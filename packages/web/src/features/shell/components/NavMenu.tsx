import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import { NavLink, useLocation } from 'react-router'
import { NAV_ITEMS } from '../nav-items'

const isActive = (pathname: string, to: string, exact: boolean) =>
  exact || to === '/' ? pathname === to : pathname === to || pathname.startsWith(`${to}/`)

type Props = { onNavigate?: () => void }

/** Every area of the dashboard; Settings lists its sub-pages beneath it. */
export const NavMenu = ({ onNavigate }: Props) => {
  const { pathname } = useLocation()
  return (
    <nav aria-label="Main">
      <List sx={{ py: 1 }}>
        {NAV_ITEMS.map((item) => (
          <ListItem key={item.to} disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              component={NavLink}
              to={item.to}
              end={item.to === '/' || Boolean(item.children)}
              selected={isActive(pathname, item.to, Boolean(item.children))}
              onClick={onNavigate}
              sx={{ mx: 1, borderRadius: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }} aria-hidden="true">
                {item.icon}
              </ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
            {item.children ? (
              <List disablePadding dense>
                {item.children.map((child) => (
                  <ListItem key={child.to} disablePadding>
                    <ListItemButton
                      component={NavLink}
                      to={child.to}
                      selected={isActive(pathname, child.to, false)}
                      onClick={onNavigate}
                      sx={{ mx: 1, pl: 7, borderRadius: 1 }}
                    >
                      <ListItemText primary={child.label} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            ) : null}
          </ListItem>
        ))}
      </List>
    </nav>
  )
}
