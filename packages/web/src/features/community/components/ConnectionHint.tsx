import Typography from '@mui/material/Typography'
import { useRealtimeStatus } from '../../../api/realtime'

/** Says when live updates are not flowing, so a moderator knows to expect a delay. */
export const ConnectionHint = () => {
  const status = useRealtimeStatus()
  if (status === 'open') return null
  return (
    <Typography variant="caption" color="text.secondary" role="status" sx={{ display: 'block', mb: 1 }}>
      {status === 'connecting' ? 'Connecting to live updates…' : 'Live updates are paused; reconnecting…'}
    </Typography>
  )
}
