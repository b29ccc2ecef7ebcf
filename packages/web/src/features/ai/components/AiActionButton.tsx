import Button from '@mui/material/Button'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import type { MouseEvent, ReactNode } from 'react'

type Props = {
  label: string
  icon: ReactNode
  onClick: (event: MouseEvent<HTMLButtonElement>) => void
  disabled?: boolean
  /** `dialog` when the action opens one (announced as such). */
  popup?: 'dialog'
  expanded?: boolean
  /**
   * The width of the nearest size container (`containerType: 'inline-size'`) from which the label shows; below it
   * only the icon does (the label stays the button's name). Without a container the icon alone shows.
   */
  labelFrom?: number
  variant?: 'text' | 'outlined'
}

/**
 * An AI helper's trigger: icon and label where there is room, the icon alone (named by the label) where space is
 * short. Only one of the two is displayed at a time, so assistive technology meets one button.
 */
export const AiActionButton = ({
  label,
  icon,
  onClick,
  disabled = false,
  popup,
  expanded,
  labelFrom = 480,
  variant = 'text',
}: Props) => {
  const aria = {
    ...(popup ? { 'aria-haspopup': popup } : {}),
    ...(expanded !== undefined ? { 'aria-expanded': expanded } : {}),
  }
  const wide = `@container (min-width: ${labelFrom}px)`
  return (
    <>
      {/* The wrapper lets the tooltip show for a disabled button too; the label names the button itself. */}
      <Tooltip title={label} describeChild>
        <Box component="span" sx={{ display: 'inline-flex', [wide]: { display: 'none' } }}>
          <IconButton aria-label={label} onClick={onClick} disabled={disabled} color="primary" {...aria}>
            {icon}
          </IconButton>
        </Box>
      </Tooltip>
      <Button
        variant={variant}
        size="small"
        startIcon={icon}
        onClick={onClick}
        disabled={disabled}
        sx={{ display: 'none', whiteSpace: 'nowrap', flexShrink: 0, [wide]: { display: 'inline-flex' } }}
        {...aria}
      >
        {label}
      </Button>
    </>
  )
}
