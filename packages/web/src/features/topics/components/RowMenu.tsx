import IconButton from '@mui/material/IconButton'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import MoreVert from '@mui/icons-material/MoreVert'
import { useId, useState } from 'react'

export type RowAction = { label: string; onClick: () => void }

/** A row's "more" menu; `label` names the button for screen readers ("Actions for Billing"). */
export const RowMenu = ({
  label,
  actions,
  disabled = false,
}: {
  label: string
  actions: RowAction[]
  disabled?: boolean
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const menuId = useId()
  const buttonId = useId()
  const open = Boolean(anchor)
  return (
    <>
      <IconButton
        id={buttonId}
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={disabled}
        size="small"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            onClick={() => {
              setAnchor(null)
              action.onClick()
            }}
          >
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
