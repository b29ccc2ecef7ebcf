import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { ReportQuestion } from '@proxima/contracts'
import { dateTime } from '../../community/format'
import { percent } from '../format'
import { ChoiceBars } from './ChoiceBars'
import { ScaleChart } from './ScaleChart'

const RATING = [1, 2, 3, 4, 5]
const NPS = Array.from({ length: 11 }, (_, i) => i)

const Figure = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
)

const average = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toLocaleString(undefined, { maximumFractionDigits: 1 })

const Figures = ({ question }: { question: ReportQuestion }) => {
  const nps = question.nps
  return (
    <Box
      component="dl"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 3,
        rowGap: 1,
        my: 1,
        '& dt': { typography: 'body2', color: 'text.secondary' },
        '& dd': { m: 0, typography: 'h3' },
      }}
    >
      {question.type === 'rating' ? (
        <>
          <Figure label="Average (of 5)" value={average(question.average)} />
          <Figure label="Satisfied (4–5)" value={percent(question.satisfaction_percentage)} />
        </>
      ) : null}
      {nps ? (
        <>
          <Figure label="NPS" value={nps.score === null ? '—' : Math.round(nps.score).toString()} />
          <Figure label="Promoters (9–10)" value={nps.promoters.toLocaleString()} />
          <Figure label="Passives (7–8)" value={nps.passives.toLocaleString()} />
          <Figure label="Detractors (0–6)" value={nps.detractors.toLocaleString()} />
        </>
      ) : null}
    </Box>
  )
}

const OpenAnswers = ({ question }: { question: ReportQuestion }) => {
  const answers = question.recent_answers ?? []
  if (answers.length === 0) return <Typography color="text.secondary">No answers yet.</Typography>
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {answers.map((answer) => (
        <Box component="li" key={answer.response_id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answer.text}</Typography>
          <Typography variant="caption" color="text.secondary">
            <time dateTime={answer.submitted_at}>{dateTime(answer.submitted_at)}</time>
          </Typography>
        </Box>
      ))}
    </Box>
  )
}

/** One question's results: answered and skipped, then the figures and chart its type has. */
export const QuestionResult = ({ question, number }: { question: ReportQuestion; number: number }) => {
  const headingId = `result-${question.id}`
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {number}. {question.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {question.answered.toLocaleString()} answered · {question.skipped.toLocaleString()} skipped
      </Typography>
      <Figures question={question} />
      {question.answered > 0 && question.type === 'rating' ? <ScaleChart question={question} values={RATING} /> : null}
      {question.answered > 0 && question.type === 'nps' ? <ScaleChart question={question} values={NPS} /> : null}
      {question.type === 'single_choice' || question.type === 'multiple_choice' ? (
        <ChoiceBars question={question} />
      ) : null}
      {question.type === 'open_text' ? <OpenAnswers question={question} /> : null}
    </Paper>
  )
}
