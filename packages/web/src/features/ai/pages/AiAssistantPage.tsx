import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import ContentCopy from '@mui/icons-material/ContentCopy'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { PageHeader } from '../../../ui/PageHeader'
import {
  CONTEXT_MAX_LENGTH,
  DRAFT_LENGTHS,
  PARAPHRASE_MAX_LENGTH,
  PROMPT_MAX_LENGTH,
  SUMMARY_TEXT_MAX_LENGTH,
  generate,
  paraphrase,
  summarize,
  type GenerateArgs,
  type GenerateReply,
  type ParaphraseArgs,
  type ParaphraseReply,
  type SummarizeReply,
  type Tone,
} from '../api'
import { AiErrorAlert } from '../components/AiErrorAlert'
import { ProviderNote } from '../components/ProviderNote'
import { SentimentChip, SummaryView } from '../components/SummaryView'
import { ToneToggle } from '../components/ToneToggle'
import { useAiRequest } from '../use-ai-request'

const counter = (length: number, max: number) =>
  length > max
    ? `${(length - max).toLocaleString()} characters over the limit of ${max.toLocaleString()}`
    : `${length.toLocaleString()} / ${max.toLocaleString()}`

/** Copies a text; says so for a moment, or says that the browser refused. */
const CopyButton = ({ text, label = 'Copy' }: { text: string; label?: string }) => {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  return (
    <Button
      size="small"
      startIcon={<ContentCopy fontSize="small" />}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        )
        window.setTimeout(() => setState('idle'), 2500)
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text instead' : label}
    </Button>
  )
}

const Working = ({ label }: { label: string }) => (
  <Box role="status" sx={{ mt: 2 }}>
    <LinearProgress />
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {label}
    </Typography>
  </Box>
)

const Tool = ({ children, onSubmit }: { children: ReactNode; onSubmit: (event: FormEvent) => void }) => (
  <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
    {children}
  </Paper>
)

const generateText = (args: GenerateArgs, signal: AbortSignal) => generate(args, signal)
const rewrite = (args: ParaphraseArgs, signal: AbortSignal) => paraphrase(args, signal)
const summarizeText = (args: { text: string }, signal: AbortSignal) => summarize(args, signal)

const DraftTool = () => {
  const [prompt, setPrompt] = useState('')
  const [context, setContext] = useState('')
  const [length, setLength] = useState<number>(DRAFT_LENGTHS[1].value)
  const [touched, setTouched] = useState(false)
  const request = useAiRequest<GenerateArgs, GenerateReply>(generateText, 'draft')
  const resultId = useId()
  const trimmed = prompt.trim()
  const loading = request.status === 'loading'
  const invalid = !trimmed || trimmed.length > PROMPT_MAX_LENGTH || context.length > CONTEXT_MAX_LENGTH

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (invalid) return
    request.run({ prompt: trimmed, max_length: length, ...(context.trim() ? { context: context.trim() } : {}) })
  }

  return (
    <Tool onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        Describe the text you need (an email, an announcement, an answer to a common question) and get a draft to edit.
      </Typography>
      <TextField
        multiline
        minRows={2}
        maxRows={8}
        required
        label="What should the text say?"
        value={prompt}
        onChange={(event) => setPrompt(event.target.value)}
        error={(touched && !trimmed) || trimmed.length > PROMPT_MAX_LENGTH}
        helperText={
          touched && !trimmed ? 'Say what the text should be about.' : counter(trimmed.length, PROMPT_MAX_LENGTH)
        }
      />
      <TextField
        multiline
        minRows={2}
        maxRows={10}
        label="Background (optional)"
        placeholder="Facts the text may use: product details, dates, policies…"
        value={context}
        onChange={(event) => setContext(event.target.value)}
        error={context.length > CONTEXT_MAX_LENGTH}
        helperText={counter(context.length, CONTEXT_MAX_LENGTH)}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <TextField
          select
          size="small"
          label="Length"
          value={String(length)}
          onChange={(event) => setLength(Number(event.target.value))}
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
        <Button type="submit" variant="contained" disabled={loading}>
          {loading ? 'Generating…' : 'Generate'}
        </Button>
      </Box>
      {loading ? <Working label="Writing a draft… this can take a few seconds." /> : null}
      {request.status === 'error' ? <AiErrorAlert error={request.error} onRetry={request.retry} /> : null}
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
    </Tool>
  )
}

const ParaphraseTool = () => {
  const [text, setText] = useState('')
  const [tone, setTone] = useState<Tone>('neutral')
  const [touched, setTouched] = useState(false)
  const request = useAiRequest<ParaphraseArgs, ParaphraseReply>(rewrite, 'paraphrase')
  const resultId = useId()
  const trimmed = text.trim()
  const loading = request.status === 'loading'
  const invalid = !trimmed || trimmed.length > PARAPHRASE_MAX_LENGTH

  const ask = (nextTone: Tone) => {
    setTouched(true)
    if (invalid) return
    request.run({ text: trimmed, tone: nextTone })
  }

  return (
    <Tool
      onSubmit={(event) => {
        event.preventDefault()
        ask(tone)
      }}
    >
      <Typography variant="body2" color="text.secondary">
        Get other wordings of a text in the tone you choose.
      </Typography>
      <TextField
        multiline
        minRows={3}
        maxRows={10}
        required
        label="Text to rewrite"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={(touched && !trimmed) || trimmed.length > PARAPHRASE_MAX_LENGTH}
        helperText={touched && !trimmed ? 'Enter the text to rewrite.' : counter(trimmed.length, PARAPHRASE_MAX_LENGTH)}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <ToneToggle
          value={tone}
          onChange={(next) => {
            setTone(next)
            if (request.status !== 'idle') ask(next)
          }}
        />
        <Button type="submit" variant="contained" disabled={loading}>
          {loading ? 'Rewriting…' : 'Paraphrase'}
        </Button>
      </Box>
      {loading ? <Working label="Rewriting…" /> : null}
      {request.status === 'error' ? <AiErrorAlert error={request.error} onRetry={request.retry} /> : null}
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
    </Tool>
  )
}

const SummaryTool = () => {
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const request = useAiRequest<{ text: string }, SummarizeReply>(summarizeText, 'summary')
  const resultId = useId()
  const trimmed = text.trim()
  const loading = request.status === 'loading'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (!trimmed || trimmed.length > SUMMARY_TEXT_MAX_LENGTH) return
    request.run({ text: trimmed })
  }

  return (
    <Tool onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        Paste an email, a review or a long message to see its gist, key points, open questions and mood. Chats have
        their own Summarise button in the chat window.
      </Typography>
      <TextField
        multiline
        minRows={5}
        maxRows={16}
        required
        label="Text to summarise"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={(touched && !trimmed) || trimmed.length > SUMMARY_TEXT_MAX_LENGTH}
        helperText={
          touched && !trimmed ? 'Paste the text to summarise.' : counter(trimmed.length, SUMMARY_TEXT_MAX_LENGTH)
        }
      />
      <Button type="submit" variant="contained" disabled={loading} sx={{ mt: 1 }}>
        {loading ? 'Summarising…' : 'Summarise'}
      </Button>
      {loading ? <Working label="Summarising…" /> : null}
      {request.status === 'error' ? <AiErrorAlert error={request.error} onRetry={request.retry} /> : null}
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
    </Tool>
  )
}

const TOOLS = [
  { id: 'draft', label: 'Draft text', Tool: DraftTool },
  { id: 'paraphrase', label: 'Paraphrase', Tool: ParaphraseTool },
  { id: 'summarise', label: 'Summarise text', Tool: SummaryTool },
] as const

/**
 * The AI helpers outside a chat: draft a text, rewrite one in a tone, summarise one. Results are not kept: they
 * are there to be copied.
 */
export const AiAssistantPage = () => {
  const [tab, setTab] = useState(0)
  const baseId = useId()
  return (
    <>
      <PageHeader
        title="AI assistant"
        description="Draft, rewrite and summarise text. In a chat, Summarise, Paraphrase and Generate draft are in the chat window."
      />
      <Tabs
        value={tab}
        onChange={(_event, value: number) => setTab(value)}
        aria-label="AI tools"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TOOLS.map((tool, i) => (
          <Tab key={tool.id} label={tool.label} id={`${baseId}-tab-${i}`} aria-controls={`${baseId}-panel-${i}`} />
        ))}
      </Tabs>
      {TOOLS.map(({ id, Tool: Panel }, i) => (
        <Box
          key={id}
          role="tabpanel"
          id={`${baseId}-panel-${i}`}
          aria-labelledby={`${baseId}-tab-${i}`}
          hidden={tab !== i}
          sx={{ maxWidth: 860 }}
        >
          {/* Panels stay mounted, so switching tabs keeps what was typed and generated. */}
          <Panel />
        </Box>
      ))}
    </>
  )
}
