import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** The page around a survey: the organisation's name, then one card, narrow enough to read on a phone. */
export const SurveyFrame = ({ organisation, children }: { organisation?: string | undefined; children: ReactNode }) => (
  <Box
    component="main"
    sx={{ minHeight: '100vh', bgcolor: 'background.default', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 5 } }}
  >
    <Box sx={{ maxWidth: 600, mx: 'auto' }}>
      {organisation ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, px: 0.5, overflowWrap: 'anywhere' }}>
          {organisation}
        </Typography>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        {children}
      </Paper>
    </Box>
  </Box>
)

type MessageProps = { title: string; children?: ReactNode; organisation?: string | undefined; action?: ReactNode }

/** A page that only says something: the survey is closed, answered, or the link does not work. */
export const SurveyMessage = ({ title, children, organisation, action }: MessageProps) => (
  <SurveyFrame organisation={organisation}>
    <Typography variant="h1" component="h1" gutterBottom sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
      {title}
    </Typography>
    {children ? <Typography color="text.secondary">{children}</Typography> : null}
    {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
  </SurveyFrame>
)

/** A survey for known respondents only, opened without an invitation. */
export const SignInNeeded = ({ organisation }: { organisation: string }) => (
  <SurveyMessage title="This survey is by invitation" organisation={organisation}>
    Open it from the link in the invitation email you received, or answer it in the {organisation} app while signed in.
  </SurveyMessage>
)
