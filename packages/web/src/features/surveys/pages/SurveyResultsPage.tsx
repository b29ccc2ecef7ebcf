import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import LockOutlined from '@mui/icons-material/LockOutlined'
import type { Survey } from '@proxima/contracts'
import { useState } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { PageHeader } from '../../../ui/PageHeader'
import { EmptyState, ErrorState, LoadingState, SkeletonBlock } from '../../../ui/states'
import { useToast } from '../../../ui/toast'

import { PublicLink } from '../components/PublicLink'
import { StatusChip } from '../components/StatusChip'
import { runPeriod } from '../format'
import { ConclusionSection } from '../results/ConclusionSection'
import { EditSurveyButton } from '../results/EditSurveyDialog'
import { InvitationsSection } from '../results/InvitationsSection'
import { InviteButton } from '../results/InviteDialog'
import { QuestionResult } from '../results/QuestionResult'
import { SubgroupsSection } from '../results/SubgroupsSection'
import { SummaryFigures } from '../results/SummaryFigures'
import { useSubgroups, useSurveyLiveResults, useSurveyReport } from '../use-survey-results'
import { useCloseSurvey, useSurvey } from '../use-surveys'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'
import { ExportButton } from '../../reports/components/ExportButton'
import { surveyResponsesExport } from '../../reports/list-exports'

const CloseButton = ({ survey }: { survey: Survey }) => {
  const [open, setOpen] = useState(false)
  const close = useCloseSurvey()
  const toast = useToast()
  const dismiss = () => {
    close.reset()
    setOpen(false)
  }
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<LockOutlined />} onClick={() => setOpen(true)}>
        Close survey
      </Button>
      <ConfirmDialog
        open={open}
        title={`Close ${survey.survey_topic}?`}
        confirmLabel="Close survey"
        busyLabel="Closing…"
        busy={close.isPending}
        error={close.error}
        onClose={dismiss}
        onConfirm={() =>
          close.mutate(survey.survey_id, {
            onSuccess: () => {
              toast.success(`${survey.survey_topic} is closed.`)
              dismiss()
            },
          })
        }
      >
        Nobody can answer it any more, and it cannot be opened again. Its results and reports stay here.
      </ConfirmDialog>
    </>
  )
}

const Results = ({ survey }: { survey: Survey }) => {
  const [subgroupId, setSubgroupId] = useState<number | null>(null)
  const report = useSurveyReport(survey.survey_id, subgroupId)
  const subgroups = useSubgroups(survey.survey_id)
  useSurveyLiveResults(survey.survey_id)
  const period = runPeriod(survey)
  const chosen = subgroups.data?.find((s) => s.subgroup_id === subgroupId)
  const subgroup = chosen ? { id: chosen.subgroup_id, label: chosen.subgroup_name } : null

  let body
  if (report.isPending) body = <SkeletonBlock height={240} label="Loading the results…" />
  else if (report.isError && !report.data)
    body = (
      <ErrorState
        title="The results could not be loaded"
        error={report.error}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      />
    )
  else
    body = (
      <>
        <SummaryFigures report={report.data} />
        <Box component="section" aria-labelledby="survey-answers-heading" sx={{ mt: 4 }}>
          <Typography id="survey-answers-heading" variant="h2" gutterBottom>
            Answers
          </Typography>
          {report.data.response_count === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              No responses yet. They appear here as they arrive.
            </Typography>
          ) : null}
          <Stack spacing={2} sx={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
            {report.data.questions.map((question, index) => (
              <QuestionResult key={question.id} question={question} number={index + 1} />
            ))}
          </Stack>
        </Box>
        <ConclusionSection surveyId={survey.survey_id} reports={report.data.reports} />
      </>
    )

  return (
    <>
      <PageHeader
        title={survey.survey_topic}
        description={
          <>
            <StatusChip status={survey.status} /> {period}
          </>
        }
        actions={
          <>
            <Button component={RouterLink} to="/surveys">
              All surveys
            </Button>
            <ExportButton
              label="Export responses"
              target={surveyResponsesExport({ id: survey.survey_id, label: survey.survey_topic }, subgroup)}
            />
            {survey.status === 'published' ? (
              <>
                <EditSurveyButton survey={survey} />
                <InviteButton surveyId={survey.survey_id} />
                <CloseButton survey={survey} />
              </>
            ) : null}
          </>
        }
      />
      {survey.status === 'published' && survey.public_url ? (
        <Box sx={{ mb: 3, maxWidth: 720 }}>
          <PublicLink url={survey.public_url} topic={survey.survey_topic} />
        </Box>
      ) : null}
      {(subgroups.data ?? []).length > 0 ? (
        <TextField
          select
          label="Respondents"
          value={subgroupId ?? 0}
          onChange={(event) => setSubgroupId(Number(event.target.value) || null)}
          sx={{ minWidth: 240, mb: 2 }}
          margin="none"
        >
          <MenuItem value={0}>Everyone</MenuItem>
          {(subgroups.data ?? []).map((subgroup) => (
            <MenuItem key={subgroup.subgroup_id} value={subgroup.subgroup_id}>
              Subgroup: {subgroup.subgroup_name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <Box sx={{ height: 4, mb: 1 }}>
        {report.isFetching && !report.isPending ? <LinearProgress aria-label="Updating the results" /> : null}
      </Box>
      {body}
      <SubgroupsSection
        survey={survey}
        onDeleted={(deleted) => setSubgroupId((current) => (current === deleted ? null : current))}
      />
      <InvitationsSection surveyId={survey.survey_id} />
    </>
  )
}

/** A survey's results as they arrive, its close button, and the staff's reports about it. */
export const SurveyResultsPage = () => {
  const { surveyId } = useParams()
  const id = Number(surveyId)
  const valid = Number.isInteger(id) && id > 0
  const survey = useSurvey(valid ? id : null)
  if (!valid)
    return (
      <EmptyState
        title="This survey does not exist"
        action={
          <Button variant="outlined" component={RouterLink} to="/surveys">
            All surveys
          </Button>
        }
      />
    )
  if (survey.isPending) return <LoadingState label="Loading the survey…" />
  if (survey.isError)
    return (
      <ErrorState
        title="The survey could not be loaded"
        error={survey.error}
        onRetry={() => void survey.refetch()}
        retrying={survey.isFetching}
      />
    )
  if (survey.data.status === 'draft')
    return (
      <EmptyState
        title="This survey is a draft"
        description="Results appear once it is published."
        action={
          <Button variant="contained" component={RouterLink} to={`/surveys/${id}/edit`}>
            Edit the draft
          </Button>
        }
      />
    )
  return <Results survey={survey.data} />
}
