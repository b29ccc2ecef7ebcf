import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

type Props = { title: string; description?: ReactNode; actions?: ReactNode }

export const PageHeader = ({ title, description, actions }: Props) => (
  <Box
    component="header"
    sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 3 }}
  >
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h1" component="h1" gutterBottom={Boolean(description)}>
        {title}
      </Typography>
      {description ? (
        <Typography variant="body1" color="text.secondary">
          {description}
        </Typography>
      ) : null}
    </Box>
    {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
  </Box>
)
