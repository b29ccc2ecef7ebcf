import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined'
import type { Plan } from '@proxima/contracts'
import { formatPrice, planLines } from '../plan-text'

type Props = {
  plan: Plan
  selected: boolean
  onChoose?: () => void
  /** Label of the choose button; defaults to "Choose <name>". */
  actionLabel?: string
  badge?: string
  disabled?: boolean
}

export const PlanCard = ({ plan, selected, onChoose, actionLabel, badge, disabled }: Props) => {
  const headingId = `plan-${plan.plan}-name`
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: selected ? 'primary.main' : undefined,
        borderWidth: selected ? 2 : 1,
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography id={headingId} variant="h3" component="h3">
            {plan.name}
          </Typography>
          {badge ? <Chip label={badge} size="small" color="primary" /> : null}
        </Box>
        <Typography component="p" sx={{ mt: 1, fontWeight: 500, fontSize: '1.75rem' }}>
          {formatPrice(plan)}
          <Typography component="span" color="text.secondary">
            {' '}
            / month
          </Typography>
        </Typography>
        <Typography color="primary" sx={{ fontWeight: 500 }}>
          {plan.trial_days}-day free trial
        </Typography>
        <List dense disablePadding sx={{ mt: 1 }}>
          {planLines(plan).map((line) => (
            <ListItem key={line} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckCircleOutlined fontSize="small" color="primary" aria-hidden="true" />
              </ListItemIcon>
              <ListItemText primary={line} />
            </ListItem>
          ))}
        </List>
      </CardContent>
      {onChoose ? (
        <CardActions sx={{ p: 2, pt: 0 }}>
          <Button
            fullWidth
            variant={selected ? 'contained' : 'outlined'}
            onClick={onChoose}
            aria-pressed={selected}
            disabled={disabled ?? false}
          >
            {actionLabel ?? `Choose ${plan.name}`}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  )
}
