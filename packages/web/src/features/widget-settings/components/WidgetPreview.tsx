import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import ChatBubble from '@mui/icons-material/ChatBubble'
import { useState } from 'react'
import { DEFAULT_AWAY_MESSAGE } from '../../../../widget/texts'
import { widgetTheme } from '../../../../widget/theme'

export type PreviewValues = {
  color: string
  greeting: string
  offline_message: string
  enabled: boolean
}

// The widget's own neutral colours (widget/styles.ts), so the preview looks like what visitors get.
const INK = '#1c2230'
const MUTED = '#5b6478'
const BUBBLE = '#f1f3f9'
const AWAY_BG = '#fff4e5'
const AWAY_TEXT = '#6b3d00'
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

/**
 * The widget as visitors will see it, drawn from the form's current values (before saving): its colour, greeting
 * and, outside business hours, the offline message.
 */
export const WidgetPreview = ({ values, tenantName }: { values: PreviewValues; tenantName: string }) => {
  const [mode, setMode] = useState<'open' | 'away'>('open')
  const theme = widgetTheme(values.color)
  return (
    <Card>
      <CardContent>
        <Typography variant="h2" component="h2" gutterBottom>
          Preview
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Follows your changes before you save them.
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_, next: 'open' | 'away' | null) => next && setMode(next)}
          aria-label="Preview the widget"
          sx={{ mb: 2, flexWrap: 'wrap' }}
        >
          <ToggleButton value="open">During business hours</ToggleButton>
          <ToggleButton value="away">Outside business hours</ToggleButton>
        </ToggleButtonGroup>
        <Box
          component="figure"
          aria-label="Preview of the chat widget"
          data-testid="widget-preview"
          sx={{ m: 0, fontFamily: FONT, fontSize: 14, color: INK, maxWidth: 370 }}
        >
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '14px', overflow: 'hidden', bgcolor: '#fff' }}>
            <Box
              data-testid="widget-preview-header"
              sx={{ bgcolor: theme.accent, color: theme.onAccent, px: 2, py: 1.75 }}
            >
              <Box component="p" sx={{ m: 0, fontSize: 16, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {tenantName}
              </Box>
              {values.greeting.trim() ? (
                <Box component="p" sx={{ m: 0, mt: 0.25, fontSize: 13, overflowWrap: 'anywhere' }}>
                  {values.greeting.trim()}
                </Box>
              ) : null}
            </Box>
            {mode === 'away' ? (
              <Box
                data-testid="widget-preview-away"
                sx={{
                  mx: 1.5,
                  mt: 1,
                  px: 1.25,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: AWAY_BG,
                  color: AWAY_TEXT,
                  fontSize: 13,
                }}
              >
                {values.offline_message.trim() || DEFAULT_AWAY_MESSAGE}
              </Box>
            ) : null}
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1.5 }}>
              <Box sx={{ alignSelf: 'flex-start', maxWidth: '82%', bgcolor: BUBBLE, borderRadius: 3, px: 1.5, py: 1 }}>
                Hello! How can we help you today?
              </Box>
              <Box
                sx={{
                  alignSelf: 'flex-end',
                  maxWidth: '82%',
                  bgcolor: theme.accent,
                  color: theme.onAccent,
                  borderRadius: 3,
                  px: 1.5,
                  py: 1,
                }}
              >
                I have a question about my order.
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'center' }}>
              <Box
                sx={{
                  flex: 1,
                  border: '1px solid #c9cfdc',
                  borderRadius: 2,
                  px: 1.25,
                  py: 0.75,
                  color: MUTED,
                  minWidth: 0,
                }}
              >
                Write a message…
              </Box>
              <Box
                sx={{
                  bgcolor: theme.accent,
                  color: theme.onAccent,
                  borderRadius: 2,
                  px: 1.5,
                  py: 0.75,
                  fontWeight: 600,
                }}
              >
                Send
              </Box>
            </Box>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
            <Box
              data-testid="widget-preview-launcher"
              sx={{
                width: 56,
                height: 56,
                borderRadius: '50%',
                bgcolor: theme.accent,
                color: theme.onAccent,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                boxShadow: '0 6px 20px rgba(20, 30, 70, .3)',
              }}
            >
              <ChatBubble aria-hidden="true" />
            </Box>
          </Box>
        </Box>
        {values.enabled ? null : (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The widget is turned off: visitors see nothing until you turn it on.
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
