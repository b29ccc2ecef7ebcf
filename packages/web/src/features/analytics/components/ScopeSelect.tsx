import Box from '@mui/material/Box'
import { PickFilter } from './PickFilter'

type Props = {
  label: string
  /** What no choice means, shown in the empty field ("All communities"). */
  allLabel: string
  value: number | null
  options: { id: number; name: string }[] | undefined
  loading: boolean
  onChange: (id: number | null) => void
}

/**
 * Which community or survey a page is about, or all of them. Typing narrows the list (an organisation may run
 * hundreds); clearing the field goes back to all. An id not in the list (deleted, or from an old link) shows as itself.
 */
export const ScopeSelect = ({ options, ...props }: Props) => (
  <Box sx={{ mb: 2 }}>
    <PickFilter
      {...props}
      wide
      options={options?.map((o) => ({ id: o.id, label: o.name }))}
      unknownLabel={(id) => `#${id}`}
    />
  </Box>
)
