import IconButton from '@mui/material/IconButton'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import MoreVert from '@mui/icons-material/MoreVert'
import type { Staff } from '@proxima/contracts'
import { useId, useState } from 'react'
import { memberName } from '../api'

type Props = {
  member: Staff
  busy: boolean
  onChangeRole: (member: Staff) => void
  onToggleActive: (member: Staff) => void
}

/** The per-row menu an admin uses to change a colleague's role or access. */
export const MemberActions = ({ member, busy, onChangeRole, onToggleActive }: Props) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const menuId = useId()
  const buttonId = useId()
  const open = Boolean(anchor)
  const close = () => setAnchor(null)
  const name = memberName(member)
  const makeAdmin = member.user_type === 'employee'

  return (
    <>
      <IconButton
        id={buttonId}
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy}
        size="small"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            close()
            onChangeRole(member)
          }}
        >
          <ListItemText>{makeAdmin ? 'Make admin' : 'Make employee'}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close()
            onToggleActive(member)
          }}
          sx={member.is_active ? { color: 'error.main' } : undefined}
        >
          <ListItemText>{member.is_active ? 'Disable' : 'Enable'}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  )
}
