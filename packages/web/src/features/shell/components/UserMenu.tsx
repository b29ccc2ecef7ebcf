import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import MenuItem from '@mui/material/MenuItem'
import MenuList from '@mui/material/MenuList'
import Popover from '@mui/material/Popover'
import Typography from '@mui/material/Typography'
import LogoutOutlined from '@mui/icons-material/LogoutOutlined'
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined'
import PersonOutlined from '@mui/icons-material/PersonOutlined'
import type { StaffSession } from '@proxima/contracts'
import { useId, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { useAppDispatch } from '../../../app/hooks'
import { loggedOut } from '../../../app/session'
import { leaveForSignIn } from '../../../app/sign-in-link'
import { logout } from '../../auth/logout'

export const initials = (user: Pick<StaffSession, 'first_name' | 'last_name' | 'username'>): string => {
  const letters = `${user.first_name?.trim()[0] ?? ''}${user.last_name?.trim()[0] ?? ''}`
  return (letters || user.username?.trim()[0] || '?').toUpperCase()
}

export const displayName = (user: Pick<StaffSession, 'first_name' | 'last_name' | 'username'>): string =>
  [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.username

export const roleLabel = (userType: StaffSession['user_type']) => (userType === 'admin' ? 'Admin' : 'Employee')

export const UserMenu = ({ user }: { user: StaffSession }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [signingOut, setSigningOut] = useState(false)
  const menuId = useId()
  const dispatch = useAppDispatch()

  const signOut = async () => {
    setSigningOut(true)
    try {
      await logout()
    } catch {
      // Signing out locally does not depend on the server revoking the token.
    }
    // The stored session goes first, so the sign-in page does not send the user straight back.
    dispatch(loggedOut())
    leaveForSignIn()
  }

  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={user.profile_photo ?? undefined}
          alt=""
          sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: 16 }}
        >
          {initials(user)}
        </Avatar>
      </IconButton>
      <Popover
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 0.5 } } }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
          <Typography sx={{ fontWeight: 500 }}>{displayName(user)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {roleLabel(user.user_type)} · {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuList id={menuId} autoFocusItem={Boolean(anchor)} aria-label="Account">
          <MenuItem component={RouterLink} to="/profile" onClick={() => setAnchor(null)}>
            <ListItemIcon aria-hidden="true">
              <PersonOutlined fontSize="small" />
            </ListItemIcon>
            Profile
          </MenuItem>
          <MenuItem component={RouterLink} to="/notifications" onClick={() => setAnchor(null)}>
            <ListItemIcon aria-hidden="true">
              <NotificationsOutlined fontSize="small" />
            </ListItemIcon>
            Notifications
          </MenuItem>
          <MenuItem onClick={() => void signOut()} disabled={signingOut}>
            <ListItemIcon aria-hidden="true">
              <LogoutOutlined fontSize="small" />
            </ListItemIcon>
            Sign out
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  )
}
