import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { AI_TEXT_LIMITS } from '@proxima/contracts'
import { useId } from 'react'
import { useWatch } from 'react-hook-form'
import { SubmitButton } from '../../../../ui/form/FormFooter'
import { FormText } from '../../../../ui/form/FormText'
import { useContractForm } from '../../../../ui/form/use-contract-form'
import { summarize, type SummarizeReply } from '../../api'
import { SummaryForm } from '../../forms'
import { useAiRequest } from '../../use-ai-request'
import { SentimentChip, SummaryView } from '../SummaryView'
import { ToolFailure, ToolForm, Working, counter, showFieldFailure } from './ToolParts'

const summarizeText = (args: { text: string }, signal: AbortSignal) => summarize(args, signal)

/** The gist, key points, open questions and mood of a pasted text. */
export const SummaryTool = () => {
  const request = useAiRequest<{ text: string }, SummarizeReply>(summarizeText, 'summary')
  const form = useContractForm(SummaryForm, { defaultValues: { text: '' } })
  const text = useWatch({ control: form.control, name: 'text' })
  const resultId = useId()
  const loading = request.status === 'loading'

  const submit = form.handleSubmit(async (values) => {
    const outcome = await request.ask(values)
    showFieldFailure(form.setError, outcome, ['text'])
  })

  return (
    <ToolForm onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        Paste an email, a review or a long message to see its gist, key points, open questions and mood. Chats have
        their own Summarise button in the chat window.
      </Typography>
      <FormText
        control={form.control}
        name="text"
        multiline
        minRows={5}
        maxRows={16}
        required
        label="Text to summarise"
        helperText={counter(text, AI_TEXT_LIMITS.summarize)}
      />
      <SubmitButton control={form.control} pendingLabel="Summarising…" sx={{ mt: 1 }}>
        Summarise
      </SubmitButton>
      {loading ? <Working label="Summarising…" /> : null}
      <ToolFailure request={request} errors={form.formState.errors} />
      {request.data && !loading ? (
        <Box component="section" aria-labelledby={resultId} sx={{ mt: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={resultId} variant="h3" component="h2" sx={{ fontSize: '1.1rem' }}>
              Summary
            </Typography>
            <SentimentChip data={request.data} />
          </Box>
          <SummaryView data={request.data} source="text" />
        </Box>
      ) : null}
    </ToolForm>
  )
}
