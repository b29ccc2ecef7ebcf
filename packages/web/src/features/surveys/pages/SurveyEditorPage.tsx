import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { Survey } from '@proxima/contracts'
import { useState } from 'react'
import { useFieldArray, useFormState, type Control } from 'react-hook-form'
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { PageHeader } from '../../../ui/PageHeader'
import { ErrorState, LoadingState } from '../../../ui/states'
import { useToast } from '../../../ui/toast'
import { AudienceSection } from '../editor/AudienceSection'
import {
  SurveyDraft,
  draftField,
  emptyDraft,
  surveyDraft,
  toBody,
  type Generation,
  type SurveyDraftValues,
} from '../editor/draft'
import { GeneratePanel } from '../editor/GeneratePanel'
import { PublishDialog } from '../editor/PublishDialog'
import { QuestionsSection } from '../editor/QuestionsSection'
import { ScheduleSection } from '../editor/ScheduleSection'
import { useSaveSurvey, useSurvey } from '../use-surveys'

/** Saves the draft, then opens the publish dialog; disabled while the form is saving. */
const PublishButton = ({
  control,
  busy,
  onClick,
}: {
  control: Control<SurveyDraft>
  busy: boolean
  onClick: () => void
}) => {
  const { isSubmitting } = useFormState({ control })
  return (
    <Button variant="contained" onClick={onClick} disabled={isSubmitting}>
      {isSubmitting && busy ? 'Saving…' : 'Save and publish…'}
    </Button>
  )
}

const Editor = ({ survey }: { survey: Survey | null }) => {
  const navigate = useNavigate()
  const toast = useToast()
  const saveSurvey = useSaveSurvey()
  const [generation, setGeneration] = useState<Generation>(null)
  const location = useLocation()
  // A new survey saved to be published opens again at its own address, where the publish dialog follows it.
  const [publishing, setPublishing] = useState<Survey | null>(() =>
    survey && (location.state as { publish?: boolean } | null)?.publish ? survey : null,
  )
  // Which button sent the form, for what the buttons say while it saves.
  const [intent, setIntent] = useState<'save' | 'publish'>('save')
  const form = useContractForm(SurveyDraft, { defaultValues: survey ? surveyDraft(survey) : emptyDraft() })
  const questions = useFieldArray({ control: form.control, name: 'questions' })
  const surveyId = survey?.survey_id ?? null

  const persist = async (values: SurveyDraftValues, then: 'save' | 'publish') => {
    if (then === 'publish' && values.questions.length === 0) {
      form.setError('questions', { type: 'manual', message: 'Add at least one question before publishing.' })
      return
    }
    try {
      const saved = await saveSurvey.mutateAsync({ id: surveyId, body: toBody(values, generation, surveyId === null) })
      form.reset(surveyDraft(saved))
      setGeneration(null)
      if (then === 'save') toast.success('Draft saved.')
      if (surveyId === null)
        void navigate(`/surveys/${saved.survey_id}/edit`, { replace: true, state: { publish: then === 'publish' } })
      else if (then === 'publish') setPublishing(saved)
    } catch (error) {
      showSubmitError(form.setError, error, draftField)
    }
  }

  // The dialog is not to open again when the page reloads.
  const closePublishing = () => {
    setPublishing(null)
    void navigate(location.pathname, { replace: true, state: null })
  }

  // Enter in a field and "Save draft" submit the form; "Save and publish…" saves it the same way, then publishes.
  const save = (then: 'save' | 'publish') => {
    setIntent(then)
    return form.handleSubmit((values) => persist(values, then))()
  }

  return (
    <>
      <PageHeader
        title={survey ? `Edit ${survey.survey_topic}` : 'New survey'}
        description="Generate questions from a topic, edit them, choose who answers and when, then publish."
        actions={
          <Button component={RouterLink} to="/surveys">
            Back to surveys
          </Button>
        }
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save('save')
        }}
      >
        <GeneratePanel form={form} questions={questions} onGenerated={setGeneration} />
        <QuestionsSection form={form} questions={questions} />
        <AudienceSection control={form.control} surveyId={surveyId} />
        <ScheduleSection control={form.control} />
        <FormAlert control={form.control} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 3 }}>
          <SubmitButton
            control={form.control}
            variant="outlined"
            pendingLabel={intent === 'save' ? 'Saving…' : 'Save draft'}
          >
            Save draft
          </SubmitButton>
          <PublishButton control={form.control} busy={intent === 'publish'} onClick={() => void save('publish')} />
        </Box>
      </form>
      <PublishDialog
        survey={publishing}
        open={publishing !== null}
        onClose={closePublishing}
        onNotPublishable={(error) => {
          closePublishing()
          showSubmitError(form.setError, error, draftField)
        }}
        onPublished={(published) => {
          setPublishing(null)
          toast.success(`${published.survey_topic} is published.`)
          void navigate(`/surveys/${published.survey_id}`)
        }}
      />
    </>
  )
}

/** A new survey (`/surveys/new`) or a draft to change (`/surveys/:surveyId/edit`). */
export const SurveyEditorPage = () => {
  const { surveyId } = useParams()
  const id = surveyId ? Number(surveyId) : null
  const survey = useSurvey(id !== null && Number.isInteger(id) && id > 0 ? id : null)
  if (id === null) return <Editor survey={null} />
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
  if (survey.data.status !== 'draft')
    return (
      <>
        <PageHeader title={survey.data.survey_topic} />
        <Alert
          severity="info"
          action={
            <Button color="inherit" component={RouterLink} to={`/surveys/${survey.data.survey_id}`}>
              See results
            </Button>
          }
        >
          {survey.data.status === 'published'
            ? 'This survey is published: change its topic, description and last day, or add to its audience, with Edit on its results page.'
            : 'This survey is closed: it no longer changes.'}
        </Alert>
      </>
    )
  return <Editor key={survey.data.survey_id} survey={survey.data} />
}
