import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { formatDuration } from '../format'
import { voicePlaybackUrl } from '../voice-url'

type Props = {
  src: string | null
  durationMs: number | null | undefined
  caption?: string | null
  transcript?: string | null
}

/** A voice message: the player, its length, and the caption or transcript when there is one. */
export const VoiceMessage = ({ src, durationMs, caption, transcript }: Props) => {
  const duration = formatDuration(durationMs)
  const playable = voicePlaybackUrl(src)
  return (
    <Box sx={{ display: 'grid', gap: 0.5, width: { xs: 220, sm: 260 }, maxWidth: '100%' }}>
      {playable ? (
        <audio
          controls
          preload="metadata"
          src={playable}
          aria-label={duration ? `Voice message, ${duration}` : 'Voice message'}
          style={{ width: '100%', height: 36 }}
        />
      ) : (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          The recording is not available.
        </Typography>
      )}
      <Typography variant="caption" sx={{ opacity: 0.85 }}>
        Voice message{duration ? ` · ${duration}` : ''}
      </Typography>
      {caption ? <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{caption}</Typography> : null}
      {transcript ? (
        <Typography variant="body2" sx={{ fontStyle: 'italic', opacity: 0.85 }}>
          “{transcript}”
        </Typography>
      ) : null}
    </Box>
  )
}
