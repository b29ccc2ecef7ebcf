import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { useSurveyOptions } from '../filter-options'
import { DataChart } from '../components/DataChart'
import { Figure } from '../components/Figure'
import { MetricCard } from '../components/MetricCard'
import { ScopeSelect } from '../components/ScopeSelect'
import { changeOf, formatCount, formatDecimal, formatDuration, formatPercent, formatRating } from '../format'
import { useAnalytics } from '../context'
import { useArea, valueOf } from '../use-area'
import { SURVEYS_METRICS } from '../areas'

const ONE = SURVEYS_METRICS
const ALL = ONE.filter((m): m is Exclude<(typeof ONE)[number], 'surveyratings'> => m !== 'surveyratings')
const HEADLINE = ['surveyresponserate'] as const
const stat = { xs: 12, sm: 6, lg: 4 }
const CHOOSE = 'Choose a survey.'

/** Surveys: how many there are, how many people answer, how long they run, and one survey's ratings. */
export const SurveysAnalyticsPage = () => {
  const ctx = useAnalytics()
  const chosen = ctx.view.survey !== null
  // surveyratings needs a survey: without one it is not asked for, and its card asks to choose one.
  const { outcomes: o, previous, retry } = useArea(chosen ? ONE : ALL, HEADLINE)
  const ratings = 'surveyratings' in o ? o.surveyratings : null
  const surveys = useSurveyOptions()
  const before = valueOf(previous.surveyresponserate)
  return (
    <>
      <ScopeSelect
        label="Survey"
        allLabel="All surveys"
        value={ctx.view.survey}
        options={surveys.options}
        loading={surveys.loading}
        onChange={(survey) => ctx.update({ survey })}
      />
      <Grid container spacing={2}>
        <Grid size={stat}>
          <MetricCard title="Surveys" outcome={o.totalsurveys} onRetry={retry}>
            {(d) => (
              <Figure
                value={formatCount(d.survey_count)}
                detail={`${formatCount(d.by_status.published)} published, ${formatCount(d.by_status.closed)} closed, ${formatCount(d.by_status.draft)} drafts; ${formatCount(d.created_in_window)} created in this period.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={stat}>
          <MetricCard title="Response rate" outcome={o.surveyresponserate} onRetry={retry}>
            {(d) => (
              <Figure
                value={formatPercent(d.response_rate)}
                change={changeOf(d.response_rate, before?.response_rate, 'points')}
                detail={
                  d.basis === 'impressions'
                    ? `${formatCount(d.response_count)} responses from ${formatCount(d.impressions)} views.`
                    : `${formatCount(d.respondents)} of ${formatCount(d.audience_size)} invited people answered.`
                }
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={stat}>
          <MetricCard
            title="Average run period"
            outcome={o.averagesurveyrunperiod}
            onRetry={retry}
            isEmpty={(d) => d.survey_count === 0}
            emptyText="No survey closed in this period. Run periods count from publishing to closing."
          >
            {(d) => (
              <Figure
                value={formatDuration(d.avg_survey_period_seconds)}
                detail={`Over ${formatCount(d.survey_count)} surveys closed in this period.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={{ xs: 12 }}>
          <MetricCard
            title="Survey ratings"
            outcome={ratings ?? { status: 'pending' }}
            prompt={ratings ? undefined : CHOOSE}
            onRetry={retry}
            height={240}
            isEmpty={(d) => d.response_count === 0}
            emptyText="No responses to this survey in this period yet."
            testId="metric-surveyratings"
          >
            {(d) => (
              <>
                <Typography sx={{ mb: 1 }}>
                  Average rating {formatRating(d.average_rating)} over {formatCount(d.response_count)} responses
                  {d.nps ? `; NPS ${formatDecimal(d.nps.score, 0)}` : ''}.
                </Typography>
                {d.questions.length > 0 ? (
                  <DataChart
                    title="Average answer per question"
                    kind="bar"
                    horizontal
                    categoryLabel="Question"
                    categories={d.questions.map((q) => q.title)}
                    series={[
                      { label: 'Average', values: d.questions.map((q) => q.average), format: (v) => formatDecimal(v) },
                    ]}
                    extraColumns={[
                      { label: 'Scale', values: d.questions.map((q) => (q.type === 'nps' ? '0–10' : '1–5')) },
                      { label: 'Answers', values: d.questions.map((q) => formatCount(q.count)) },
                    ]}
                    height={Math.max(180, d.questions.length * 36)}
                  />
                ) : (
                  <Typography color="text.secondary">This survey has no rating or NPS questions.</Typography>
                )}
              </>
            )}
          </MetricCard>
        </Grid>
      </Grid>
    </>
  )
}
