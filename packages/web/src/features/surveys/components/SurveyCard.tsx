import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import EditOutlined from '@mui/icons-material/EditOutlined'
import InsightsOutlined from '@mui/icons-material/InsightsOutlined'
import type { Survey } from '@proxima/contracts'
import { Link as RouterLink } from 'react-router'
import { count, percent, runPeriod } from '../format'
import { PublicLink } from './PublicLink'
import { StatusChip } from './StatusChip'

type Props = { survey: Survey; onDelete: () => void }

/** A survey in the list: status, its figures, and what can be done with it now. */
export const SurveyCard = ({ survey, onDelete }: Props) => {
  const draft = survey.status === 'draft'
  const to = draft ? `/surveys/${survey.survey_id}/edit` : `/surveys/${survey.survey_id}`
  const period = runPeriod(survey)
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }} aria-labelledby={`survey-${survey.survey_id}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          id={`survey-${survey.survey_id}`}
          variant="h3"
          component="h2"
          sx={{ flex: '1 1 240px', minWidth: 0 }}
        >
          <Link component={RouterLink} to={to} underline="hover" sx={{ overflowWrap: 'anywhere' }}>
            {survey.survey_topic}
          </Link>
        </Typography>
        <StatusChip status={survey.status} />
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 3,
          rowGap: 0.5,
          my: 1,
          color: 'text.secondary',
          '& div': { display: 'flex', gap: 0.5 },
          '& dt, & dd': { m: 0, typography: 'body2' },
        }}
      >
        <div>
          <dt>Questions:</dt>
          <dd>{survey.question_count}</dd>
        </div>
        <div>
          <dt>Responses:</dt>
          <dd>{survey.response_count.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Response rate:</dt>
          <dd>{percent(survey.response_rate)}</dd>
        </div>
        <div>
          <dt>Audience:</dt>
          <dd>{count(survey.audience_size, 'person', 'people')}</dd>
        </div>
        {period ? (
          <div>
            <dt>Runs:</dt>
            <dd>{period}</dd>
          </div>
        ) : null}
      </Box>
      {survey.status === 'published' && survey.public_url ? (
        <Box sx={{ my: 1.5 }}>
          <PublicLink url={survey.public_url} topic={survey.survey_topic} />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {draft ? (
          <>
            <Button size="small" startIcon={<EditOutlined />} component={RouterLink} to={to}>
              Edit draft
            </Button>
            <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onDelete}>
              Delete
            </Button>
          </>
        ) : (
          <Button size="small" startIcon={<InsightsOutlined />} component={RouterLink} to={to}>
            Results
          </Button>
        )}
      </Box>
    </Paper>
  )
}
