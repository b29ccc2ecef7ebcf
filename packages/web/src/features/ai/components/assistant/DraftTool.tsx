import Box from '@mui/material/Box'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { AI_TEXT_LIMITS } from '@proxima/contracts'
import { useId } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { SubmitButton } from '../../../../ui/form/FormFooter'
import { FormText } from '../../../../ui/form/FormText'
import { useContractForm } from '../../../../ui/form/use-contract-form'
import { DRAFT_LENGTHS, generate, type GenerateArgs, type GenerateReply } from '../../api'
import { DraftForm } from '../../forms'
import { useAiRequest } from '../../use-ai-request'
import { ProviderNote } from '../ProviderNote'
import { CopyButton, ToolFailure, ToolForm, Working, counter, showFieldFailure } from './ToolParts'

const generateText = (args: GenerateArgs, signal: AbortSignal) => generate(args, signal)

/** A draft from an instruction and optional background facts, in one of three lengths, to copy. */
export const DraftTool = () => {
  const request = useAiRequest<GenerateArgs, GenerateReply>(generateText, 'draft')
  const form = useContractForm(DraftForm, {
    defaultValues: { prompt: '', context: '', max_length: DRAFT_LENGTHS[1].value },
  })
  const [prompt, context] = useWatch({ control: form.control, name: ['prompt', 'context'] })
  const resultId = useId()
  const loading = request.status === 'loading'

  const submit = form.handleSubmit(async (values) => {
    const outcome = await request.ask({
      prompt: values.prompt,
      max_length: values.max_length,
      ...(values.context ? { context: values.context } : {}),
    })
    showFieldFailure(form.setError, outcome, ['prompt', 'context'])
  })

  return (
    <ToolForm onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        Describe the text you need (an email, an announcement, an answer to a common question) and get a draft to edit.
      </Typography>
      <FormText
        control={form.control}
        name="prompt"
        multiline
        minRows={2}
        maxRows={8}
        required
        label="What should the text say?"
        helperText={counter(prompt, AI_TEXT_LIMITS.prompt)}
      />
      <FormText
        control={form.control}
        name="context"
        multiline
        minRows={2}
        maxRows={10}
        label="Background (optional)"
        placeholder="Facts the text may use: product details, dates, policies…"
        helperText={counter(context, AI_TEXT_LIMITS.context)}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <Controller
          control={form.control}
          name="max_length"
          render={({ field, formState }) => (
            <TextField
              select
              size="small"
              label="Length"
              name={field.name}
              value={String(field.value)}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={formState.isSubmitting}
              fullWidth={false}
              margin="none"
              sx={{ minWidth: 140 }}
            >
              {DRAFT_LENGTHS.map((option) => (
                <MenuItem key={option.value} value={String(option.value)}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <SubmitButton control={form.control} pendingLabel="Generating…">
          Generate
        </SubmitButton>
      </Box>
      {loading ? <Working label="Writing a draft… this can take a few seconds." /> : null}
      <ToolFailure request={request} errors={form.formState.errors} />
      {request.data && !loading ? (
        <Box sx={{ mt: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography id={resultId} variant="h3" component="h2" sx={{ fontSize: '1.1rem', flexGrow: 1 }}>
              Generated text
            </Typography>
            <CopyButton text={request.data.generated_text} />
          </Box>
          <Paper
            variant="outlined"
            role="region"
            aria-labelledby={resultId}
            sx={{ p: 2, my: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover' }}
          >
            <Typography variant="body2">{request.data.generated_text}</Typography>
          </Paper>
          {request.data.finish_reason === 'length' ? (
            <Typography variant="caption" color="warning.dark" component="p">
              The text reached the length limit and may stop mid-sentence. Choose a longer length and generate again.
            </Typography>
          ) : null}
          <ProviderNote meta={request.data} />
        </Box>
      ) : null}
    </ToolForm>
  )
}
