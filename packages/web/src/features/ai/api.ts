import {
  AI_TEXT_LIMITS,
  type GenerateReply,
  type ParaphraseReply,
  type SummarizeReply,
  type Tone,
} from '@proxima/contracts'
import { apiFetch } from '../../api/client'

export type { GenerateReply, ParaphraseReply, SummarizeReply, Tone }

/** Limits of contract §10.3–§10.4 the chat's AI buttons check before a request, so the reason shows at once. */
export const PARAPHRASE_MAX_LENGTH = AI_TEXT_LIMITS.paraphrase
export const PROMPT_MAX_LENGTH = AI_TEXT_LIMITS.prompt

export const TONES: { value: Tone; label: string }[] = [
  { value: 'neutral', label: 'Neutral' },
  { value: 'friendly', label: 'Friendly' },
  { value: 'formal', label: 'Formal' },
  { value: 'concise', label: 'Concise' },
  { value: 'empathetic', label: 'Empathetic' },
]

export const DRAFT_LENGTHS = [
  { value: 300, label: 'Short' },
  { value: 800, label: 'Medium' },
  { value: 2000, label: 'Long' },
] as const

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})

export type SummarizeArgs = { chat_id: number } | { text: string }

/** §10.2: a chat of the tenant (its latest messages) or a text. */
export const summarize = (args: SummarizeArgs, signal?: AbortSignal) =>
  apiFetch<SummarizeReply>('/api/summarize/summarize', { method: 'POST', body: args, ...withSignal(signal) })

export type ParaphraseArgs = { text: string; tone: Tone; n?: number }

/** §10.3: up to `n` rewrites of a text in a tone. */
export const paraphrase = ({ text, tone, n = 3 }: ParaphraseArgs, signal?: AbortSignal) =>
  apiFetch<ParaphraseReply>('/api/aiapp/paraphrase', { method: 'POST', body: { text, tone, n }, ...withSignal(signal) })

export type GenerateArgs = { prompt: string; chat_id?: number; context?: string; max_length?: number }

/** §10.4 text mode: a draft from a prompt, optionally with a chat's transcript or other context. */
export const generate = (args: GenerateArgs, signal?: AbortSignal) =>
  apiFetch<GenerateReply>('/api/generation/generation', { method: 'POST', body: args, ...withSignal(signal) })
