import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import Add from '@mui/icons-material/Add'
import PollOutlined from '@mui/icons-material/PollOutlined'
import type { Survey } from '@proxima/contracts'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { LoadMoreButton } from '../../../ui/LoadMoreButton'
import { PageHeader } from '../../../ui/PageHeader'
import { SearchField } from '../../../ui/SearchField'
import { EmptyState, ErrorState, SkeletonBlock } from '../../../ui/states'
import { useToast } from '../../../ui/toast'
import { useDebouncedValue } from '../../../ui/use-debounced-value'
import type { StatusFilter } from '../api'

import { SurveyCard } from '../components/SurveyCard'
import { count } from '../format'
import { useSurveyListLive } from '../use-survey-results'
import { useDeleteSurvey, useSurveys } from '../use-surveys'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'
import { ExportButton } from '../../reports/components/ExportButton'
import { surveyListExport } from '../../reports/list-exports'

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
  { value: 'closed', label: 'Closed' },
]

const NewSurveyButton = ({ label }: { label: string }) => (
  <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/surveys/new">
    {label}
  </Button>
)

/** The organisation's surveys: status and figures of each; drafts can be deleted, published ones shared. */
export const SurveysPage = () => {
  const [status, setStatus] = useState<StatusFilter>('all')
  const [search, setSearch] = useState('')
  const query = useDebouncedValue(search.trim(), 300)
  const list = useSurveys(status, query)
  const remove = useDeleteSurvey()
  const toast = useToast()
  const [deleting, setDeleting] = useState<Survey | null>(null)
  useSurveyListLive()
  const filtered = query !== '' || status !== 'all'

  let body
  if (list.isPending) body = <SkeletonBlock height={160} label="Loading surveys…" />
  else if (list.isError && !list.data)
    body = (
      <ErrorState
        title="Surveys could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    )
  else {
    const surveys = list.data.pages.flatMap((page) => page.data)
    const total = list.data.pages[0]?.pagination?.total ?? surveys.length
    body =
      surveys.length === 0 ? (
        <EmptyState
          icon={<PollOutlined />}
          title={filtered ? 'No surveys match' : 'No surveys yet'}
          description={
            filtered
              ? 'Try another word, or show every status.'
              : 'Ask your customers what they think: describe a topic, get questions generated, and publish a link they can answer on their phone.'
          }
          action={
            filtered ? (
              <Button
                variant="outlined"
                onClick={() => {
                  setSearch('')
                  setStatus('all')
                }}
              >
                Show all surveys
              </Button>
            ) : (
              <NewSurveyButton label="Create your first survey" />
            )
          }
        />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {count(total, 'survey')}
          </Typography>
          <Stack spacing={2} sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {surveys.map((survey) => (
              <SurveyCard key={survey.survey_id} survey={survey} onDelete={() => setDeleting(survey)} />
            ))}
          </Stack>
          <LoadMoreButton pages={list} sx={{ mt: 2 }} />
        </>
      )
  }

  const close = () => {
    remove.reset()
    setDeleting(null)
  }

  return (
    <>
      <PageHeader
        title="Surveys"
        description="Ask customers for feedback and watch the answers arrive."
        actions={
          <>
            <ExportButton target={surveyListExport(status, query)} label="Export surveys" />
            <NewSurveyButton label="New survey" />
          </>
        }
      />
      <Box role="search" aria-label="Surveys" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <SearchField
          label="Search surveys"
          value={search}
          onChange={setSearch}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <TextField
          select
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFilter)}
          sx={{ minWidth: 160 }}
          margin="none"
        >
          {FILTERS.map((filter) => (
            <MenuItem key={filter.value} value={filter.value}>
              {filter.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>
        {list.isFetching && list.isPlaceholderData ? <LinearProgress aria-label="Updating surveys" /> : null}
      </Box>
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.survey_topic ?? 'this draft'}?`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.survey_id, {
            onSuccess: () => {
              toast.success(`${deleting.survey_topic} is deleted.`)
              close()
            },
          })
        }
      >
        The draft and its questions are removed for good. Nobody has seen it yet.
      </ConfirmDialog>
    </>
  )
}
