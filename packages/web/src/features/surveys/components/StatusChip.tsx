import Chip from '@mui/material/Chip'
import type { SurveyStatus } from '@proxima/contracts'
import { STATUS_LABELS } from '../format'

/** A survey's status: a draft outlined, a published survey green, a closed one grey (colours with readable text). */
export const StatusChip = ({ status }: { status: SurveyStatus }) => (
  <Chip
    component="span"
    size="small"
    label={STATUS_LABELS[status]}
    color={status === 'published' ? 'success' : 'default'}
    variant={status === 'draft' ? 'outlined' : 'filled'}
  />
)
