import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import { useCallback, useState } from 'react'
import type { ListExport } from '../list-exports'
import { ExportDialog } from './ExportDialog'

type Props = {
  /** What the list would export now; read when the dialog opens, so it follows the list's filters. */
  target: ListExport
  /** The button's words ("Export"), or its name as an icon where space is short. */
  label?: string
  icon?: boolean
  size?: 'small' | 'medium'
}

/** Opens the export of a list: its filters as a CSV or a PDF (previewed first). */
export const ExportButton = ({ target, label = 'Export', icon = false, size = 'medium' }: Props) => {
  // The list's filters when the dialog opened: a live list changing behind it does not change the export.
  const [opened, setOpened] = useState<ListExport | null>(null)
  const close = useCallback(() => setOpened(null), [])
  return (
    <>
      {icon ? (
        <Tooltip title={label}>
          <IconButton aria-label={label} onClick={() => setOpened(target)} size={size}>
            <FileDownloadOutlined />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="outlined" size={size} startIcon={<FileDownloadOutlined />} onClick={() => setOpened(target)}>
          {label}
        </Button>
      )}
      {opened ? <ExportDialog target={opened} onClose={close} /> : null}
    </>
  )
}
