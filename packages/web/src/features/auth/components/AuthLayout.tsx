import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

type Props = { title: string; subtitle?: ReactNode; children: ReactNode; maxWidth?: 'xs' | 'sm' | 'md' | 'lg' }

/** Centered card used by the sign-in, onboarding and password pages. */
export const AuthLayout = ({ title, subtitle, children, maxWidth = 'xs' }: Props) => (
  <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', py: { xs: 2, sm: 6 } }}>
    <Container maxWidth={maxWidth} disableGutters sx={{ px: { xs: 1.5, sm: 3 } }}>
      <Typography
        component="p"
        variant="h5"
        color="primary"
        sx={{ fontWeight: 700, textAlign: 'center', mb: 2, letterSpacing: 0.5 }}
      >
        Proxima
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }} gutterBottom>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </Paper>
    </Container>
  </Box>
)
