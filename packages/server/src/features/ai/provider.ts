import type { Question, QuestionType, Tone } from '@proxima/contracts'

/** One message of a chat transcript handed to a provider, oldest first. */
export type ChatLine = { speaker: 'customer' | 'agent' | 'assistant'; name: string; text: string; at: string }

export type SummarizeInput = {
  /** The chat's messages when summarising a chat; null for a plain text. */
  lines: ChatLine[] | null
  /** The text to summarise (for a chat: its transcript, one "Name: text" line per message). */
  text: string
  maxKeyPoints: number
  /** BCP 47, e.g. `en`. */
  language: string
}

export type SummaryResult = {
  /** At most 1,000 characters. */
  summary: string
  /** One sentence: what the customer wants. */
  intent: string
  key_points: string[]
  /** The customer's questions that have not been answered yet. */
  open_questions: string[]
  sentiment: 'positive' | 'neutral' | 'negative' | 'mixed'
  /** −1 to 1. */
  sentiment_score: number
  language: string
}

export type ParaphraseInput = { text: string; n: number; tone: Tone; language: string }
/** 1 to n distinct rewrites, none equal to the input. */
export type ParaphraseResult = { variants: string[] }

export type GenerateInput = {
  prompt: string
  /**
   * Product details, background, … For a reply in a chat it ends with the chat's transcript ("Name: text" lines,
   * after a heading line), for providers that read the conversation as text.
   */
  context: string | null
  /** The chat's messages, oldest first, when the text is drafted for a chat; null otherwise. */
  chat: ChatLine[] | null
  maxLength: number
  temperature: number
  language: string
}
export type GenerateResult = { text: string; finishReason: 'stop' | 'length' }

export type QuestionsInput = {
  topic: string
  context: string
  count: number
  /** The question types allowed (all when the author named none). */
  types: QuestionType[]
  language: string
}
/** Exactly `count` questions, valid against contract §6.1, with ids q1…qN. */
export type QuestionsResult = { questions: Question[] }

/**
 * What the AI helpers need from a model. Two implementations: `local` (an offline engine written for these jobs,
 * deterministic) and `openai` (any OpenAI-compatible chat-completions server). Each call may be cancelled by
 * `signal` (the service's time limit).
 */
export type AiProvider = {
  name: 'local' | 'openai'
  /** `local-v1` for the local engine; the configured model otherwise. */
  model: string
  summarize(input: SummarizeInput, signal?: AbortSignal): Promise<SummaryResult>
  paraphrase(input: ParaphraseInput, signal?: AbortSignal): Promise<ParaphraseResult>
  generate(input: GenerateInput, signal?: AbortSignal): Promise<GenerateResult>
  surveyQuestions(input: QuestionsInput, signal?: AbortSignal): Promise<QuestionsResult>
}
