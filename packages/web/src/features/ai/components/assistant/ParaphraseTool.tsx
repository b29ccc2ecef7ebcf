import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { AI_TEXT_LIMITS } from '@proxima/contracts'
import { useId } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { SubmitButton } from '../../../../ui/form/FormFooter'
import { FormText } from '../../../../ui/form/FormText'
import { useContractForm } from '../../../../ui/form/use-contract-form'
import { paraphrase, type ParaphraseArgs, type ParaphraseReply } from '../../api'
import { ParaphraseForm } from '../../forms'
import { useAiRequest } from '../../use-ai-request'
import { ProviderNote } from '../ProviderNote'
import { ToneToggle } from '../ToneToggle'
import { CopyButton, ToolFailure, ToolForm, Working, counter, showFieldFailure } from './ToolParts'

const rewrite = (args: ParaphraseArgs, signal: AbortSignal) => paraphrase(args, signal)

/** Other wordings of a text in a chosen tone; once there are wordings, another tone asks again at once. */
export const ParaphraseTool = () => {
  const request = useAiRequest<ParaphraseArgs, ParaphraseReply>(rewrite, 'paraphrase')
  const form = useContractForm(ParaphraseForm, { defaultValues: { text: '', tone: 'neutral' } })
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
        Get other wordings of a text in the tone you choose.
      </Typography>
      <FormText
        control={form.control}
        name="text"
        multiline
        minRows={3}
        maxRows={10}
        required
        label="Text to rewrite"
        helperText={counter(text, AI_TEXT_LIMITS.paraphrase)}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <Controller
          control={form.control}
          name="tone"
          render={({ field, formState }) => (
            <ToneToggle
              value={field.value}
              disabled={formState.isSubmitting}
              onChange={(next) => {
                field.onChange(next)
                if (request.status !== 'idle') void submit()
              }}
            />
          )}
        />
        <SubmitButton control={form.control} pendingLabel="Rewriting…">
          Paraphrase
        </SubmitButton>
      </Box>
      {loading ? <Working label="Rewriting…" /> : null}
      <ToolFailure request={request} errors={form.formState.errors} />
      {request.data && !loading ? (
        <Box sx={{ mt: 3 }}>
          <Typography id={resultId} variant="h3" component="h2" sx={{ fontSize: '1.1rem' }}>
            Wordings
          </Typography>
          <Box component="ul" aria-labelledby={resultId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {request.data.variants.map((variant) => (
              <Paper key={variant} component="li" variant="outlined" sx={{ p: 1.5, my: 1 }}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {variant}
                </Typography>
                <CopyButton text={variant} />
              </Paper>
            ))}
          </Box>
          <ProviderNote meta={request.data} />
        </Box>
      ) : null}
    </ToolForm>
  )
}
