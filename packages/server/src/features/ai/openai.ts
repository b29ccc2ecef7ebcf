import OpenAI, { APIConnectionTimeoutError, APIError, BadRequestError } from 'openai'
import type {
  AiProvider,
  GenerateInput,
  GenerateResult,
  ParaphraseInput,
  QuestionsInput,
  SummarizeInput,
} from './provider.js'
import { AiFailure } from './failure.js'
import { clip, paraphraseTask, parseJsonReply, questionsTask, summaryTask, type JsonTask } from './openai-tasks.js'

type Message = OpenAI.Chat.ChatCompletionMessageParam

export type OpenAiOptions = {
  /** The server's OpenAI-compatible API root, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseUrl: string
  /** Sent as `Authorization: Bearer <key>`; no header when unset (Ollama, llama.cpp and vLLM need none). */
  apiKey: string | undefined
  model: string
  /** Per HTTP request; the service bounds the whole answer (retries and the repair attempt included) too. */
  timeoutMs: number
  maxRetries: number
}

/** What went wrong, for the service's log line (no prompt or output text). */
function toFailure(err: unknown, signal: AbortSignal | undefined): AiFailure {
  if (err instanceof AiFailure) return err
  if (signal?.aborted) return new AiFailure('timeout', 'The answer was cancelled at the time limit.')
  if (err instanceof APIConnectionTimeoutError) return new AiFailure('timeout', 'The AI server did not answer in time.')
  if (err instanceof APIError) {
    return new AiFailure(
      'failed',
      err.status ? `The AI server answered ${err.status}.` : 'The AI server is unreachable.',
      {
        status: typeof err.status === 'number' ? err.status : undefined,
      },
    )
  }
  return new AiFailure('failed', 'The AI server could not be reached.')
}

const REPAIR = (problems: string[]) =>
  [
    'Your answer could not be used:',
    ...problems.map((p) => `- ${p}`),
    'Answer again with only the corrected JSON object.',
  ].join('\n')

/**
 * The `openai` provider: any server that speaks OpenAI's chat-completions protocol (OpenAI, Ollama, vLLM,
 * llama.cpp's server, …) through the official client, with its timeout and retries. Summaries, paraphrases and
 * survey questions are asked for as one JSON object (`response_format: json_object`, read leniently when a server
 * ignores it), validated with zod, and repaired once by sending the problems back; generated text is plain text.
 */
export function createOpenAiProvider(opts: OpenAiOptions): AiProvider {
  const client = new OpenAI({
    baseURL: opts.baseUrl,
    apiKey: opts.apiKey ?? 'none',
    // No key: no Authorization header at all.
    ...(opts.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    organization: null,
    project: null,
    timeout: opts.timeoutMs,
    maxRetries: opts.maxRetries,
    // The client's own logging could print requests; the service logs sizes and timings.
    logLevel: 'off',
  })
  // Set once a server refuses `response_format` (a few older OpenAI-compatible servers do).
  let jsonMode = true

  async function complete(
    messages: Message[],
    params: { json: boolean; temperature: number; maxTokens?: number },
    signal: AbortSignal | undefined,
  ): Promise<{ content: string; finishReason: string | null }> {
    const json = params.json && jsonMode
    try {
      const res = await client.chat.completions.create(
        {
          model: opts.model,
          messages,
          temperature: params.temperature,
          ...(json ? { response_format: { type: 'json_object' as const } } : {}),
          ...(params.maxTokens ? { max_tokens: params.maxTokens } : {}),
        },
        { signal: signal ?? null },
      )
      const choice = res.choices?.[0]
      const content = choice?.message?.content
      if (typeof content !== 'string') throw new AiFailure('invalid', 'The answer holds no message.')
      return { content, finishReason: choice?.finish_reason ?? null }
    } catch (err) {
      if (json && err instanceof BadRequestError && /response_format|json_object/i.test(err.message)) {
        jsonMode = false
        return complete(messages, params, signal)
      }
      throw toFailure(err, signal)
    }
  }

  async function structured<T>(task: JsonTask<T>, signal: AbortSignal | undefined): Promise<T> {
    const messages: Message[] = [
      { role: 'system', content: task.system },
      { role: 'user', content: task.user },
    ]
    const read = (content: string) => {
      const parsed = parseJsonReply(content)
      if (!parsed.ok) return { ok: false as const, problems: ['the answer is not a JSON object.'] }
      return task.read(parsed.value)
    }
    const first = await complete(messages, { json: true, temperature: task.temperature }, signal)
    const r1 = read(first.content)
    if (r1.ok) return r1.value
    const repair: Message[] = [
      ...messages,
      { role: 'assistant', content: first.content },
      { role: 'user', content: REPAIR(r1.problems) },
    ]
    const second = await complete(repair, { json: true, temperature: 0 }, signal)
    const r2 = read(second.content)
    if (r2.ok) return r2.value
    throw new AiFailure('invalid', `The answer failed validation twice (${r2.problems.length} problems).`)
  }

  async function generate(input: GenerateInput, signal?: AbortSignal): Promise<GenerateResult> {
    const system = [
      'You write text for the support team of an organisation: replies to customers, product descriptions,',
      'announcements. Answer with the requested text only: no preamble, no quotes around it, no notes.',
      `Keep it under ${input.maxLength} characters.`,
      `Write in the language of the request (the organisation's default is "${input.language}").`,
      ...(input.context ? ['Use this context; never invent facts that it does not support:', input.context] : []),
    ].join('\n')
    const messages: Message[] = [
      { role: 'system', content: system },
      { role: 'user', content: input.prompt },
    ]
    // About four characters a token; the margin lets the model end its sentence.
    const params = { json: false, temperature: input.temperature, maxTokens: Math.ceil(input.maxLength / 2) + 32 }
    let answer = await complete(messages, params, signal)
    if (!answer.content.trim()) {
      const retry: Message[] = [...messages, { role: 'user', content: 'Your answer was empty. Write the text.' }]
      answer = await complete(retry, params, signal)
      if (!answer.content.trim()) throw new AiFailure('invalid', 'The answer was empty twice.')
    }
    const text = answer.content.trim()
    const cut = text.length > input.maxLength
    return {
      text: cut ? clip(text, input.maxLength) : text,
      finishReason: cut || answer.finishReason === 'length' ? 'length' : 'stop',
    }
  }

  return {
    name: 'openai',
    model: opts.model,
    summarize: (input: SummarizeInput, signal?: AbortSignal) => structured(summaryTask(input), signal),
    paraphrase: (input: ParaphraseInput, signal?: AbortSignal) => structured(paraphraseTask(input), signal),
    generate,
    surveyQuestions: (input: QuestionsInput, signal?: AbortSignal) => structured(questionsTask(input), signal),
  }
}
