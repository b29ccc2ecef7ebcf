import { randomUUID } from 'node:crypto'
import {
  AI_TEXT_LIMITS,
  aiTextTooLong,
  Question,
  QuestionType,
  questionProblems,
  type GenerateReply,
  type GenerateRequest,
  type ParaphraseReply,
  type ParaphraseRequest,
  type SummarizeReply,
  type SummarizeRequest,
  type SurveyGenerateReply,
  type SurveyGenerateRequest,
} from '@proxima/contracts'
import type { StaffActor } from '../../http/actor.js'
import { AppError } from '../../lib/errors.js'
import { loadChatFor } from '../chat/chats.service.js'
import type { ChatLine } from './provider.js'
import { AiFailure } from './failure.js'
import { insertGeneration, listTranscriptRows } from './ai.queries.js'
import { createAnswerer, type AiServiceDeps } from './ai.answer.js'
import { TRANSCRIPT_MESSAGES, fitTranscript } from './transcript.js'
import { clip } from './openai-tasks.js'

/** Read by other features (plan usage); they go through this module, never the query module. */
export { aiRequestsThisMonth } from './ai.queries.js'

export type { AiServiceDeps } from './ai.answer.js'

const tooLong = (field: string, max: number) => {
  const message = aiTextTooLong(max)
  return new AppError(422, 'ai.input_too_long', message, { errors: { [field]: [message] } })
}
const chars = (texts: (string | null | undefined)[]) => texts.reduce((n, s) => n + (s?.length ?? 0), 0)
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()

/**
 * The AI helpers (contract §10, §6.5): summaries, rewrites, generated text and survey questions. Each checks its
 * input, then gets its answer through `createAnswerer` (provider, time limit, monthly allowance, fallback).
 */
export function createAiService(deps: AiServiceDeps) {
  const { db, clock } = deps
  const { tenantOf, answer } = createAnswerer(deps)

  /** A chat the caller may see, as transcript lines that fit in `max` characters, newest kept. */
  async function transcriptOf(actor: StaffActor, chatId: number, max: number) {
    const chat = await loadChatFor(db, actor, chatId)
    const fit = fitTranscript(await listTranscriptRows(db, actor.tenantId, chat.id, TRANSCRIPT_MESSAGES), max)
    if (fit.overflow) throw tooLong('chat_id', max)
    return fit
  }

  async function summarize(actor: StaffActor, input: SummarizeRequest): Promise<SummarizeReply> {
    const t = await tenantOf(actor)
    const max = AI_TEXT_LIMITS.summarize
    let lines: ChatLine[] | null = null
    let text: string
    if (input.chat_id !== undefined) {
      const fit = await transcriptOf(actor, input.chat_id, max)
      if (fit.lines.length === 0)
        throw new AppError(422, 'ai.nothing_to_summarize', 'This chat has no messages to summarise yet.')
      lines = fit.lines
      text = fit.text
    } else {
      text = input.text ?? input.summarize_context ?? ''
      if (text.length > max) throw tooLong(input.text !== undefined ? 'text' : 'summarize_context', max)
    }
    const language = input.language ?? t.locale
    const { result, meta } = await answer(t, 'summarize', text.length, (p, signal) =>
      p.summarize({ lines, text, maxKeyPoints: input.max_key_points, language }, signal),
    )
    const summary = clip(result.summary, 1000)
    const keyPoints = result.key_points.slice(0, input.max_key_points)
    return {
      summary,
      intent: result.intent,
      key_points: keyPoints,
      open_questions: result.open_questions,
      sentiment: result.sentiment,
      sentiment_score: Math.max(-1, Math.min(1, result.sentiment_score)),
      language: result.language || language,
      chat_id: input.chat_id ?? null,
      message_count: lines?.length ?? 0,
      ...meta(chars([summary, result.intent, ...keyPoints, ...result.open_questions])),
    }
  }

  async function paraphrase(actor: StaffActor, input: ParaphraseRequest): Promise<ParaphraseReply> {
    const t = await tenantOf(actor)
    const text = input.text ?? input.paraphrase_context ?? ''
    const max = AI_TEXT_LIMITS.paraphrase
    if (text.length > max) throw tooLong(input.text !== undefined ? 'text' : 'paraphrase_context', max)
    const language = input.language ?? t.locale
    const { result, meta } = await answer(t, 'paraphrase', text.length, async (p, signal) => {
      const got = await p.paraphrase({ text, n: input.n, tone: input.tone, language }, signal)
      // 1 to n distinct rewrites, none equal to the input, whoever wrote them.
      const seen = new Set([norm(text)])
      const variants = got.variants
        .map((v) => v.trim())
        .filter((v) => v && !seen.has(norm(v)) && seen.add(norm(v)))
        .map((v) => clip(v, 4000))
        .slice(0, input.n)
      if (variants.length === 0) throw new AiFailure('invalid', 'No rewrite differs from the text.')
      return variants
    })
    return { variants: result, paraphrase: result[0] ?? '', tone: input.tone, ...meta(chars(result)) }
  }

  async function generate(actor: StaffActor, input: GenerateRequest): Promise<GenerateReply | SurveyGenerateReply> {
    if (input.prompt === undefined) {
      const context = input.full_context ?? ''
      return surveyQuestions(actor, {
        survey_topic: input.survey_topic ?? context.replace(/\s+/g, ' ').slice(0, 80).trim(),
        no_of_questions: input.no_of_questions ?? 5,
        full_context: context,
        question_types: input.question_types,
        language: input.language,
      })
    }
    const prompt = input.prompt
    if (prompt.length > AI_TEXT_LIMITS.prompt) throw tooLong('prompt', AI_TEXT_LIMITS.prompt)
    if ((input.context?.length ?? 0) > AI_TEXT_LIMITS.context) throw tooLong('context', AI_TEXT_LIMITS.context)
    const t = await tenantOf(actor)
    const parts = input.context ? [input.context] : []
    let chat: ChatLine[] | null = null
    if (input.chat_id !== undefined) {
      const fit = await transcriptOf(actor, input.chat_id, AI_TEXT_LIMITS.context)
      if (fit.text) parts.push(`The conversation so far (oldest first):\n${fit.text}`)
      chat = fit.lines
    }
    const context = parts.length > 0 ? parts.join('\n\n') : null
    const maxLength = input.max_length
    const { result, meta } = await answer(t, 'generate', chars([prompt, context]), async (p, signal) => {
      const got = await p.generate(
        { prompt, context, chat, maxLength, temperature: input.temperature, language: input.language ?? t.locale },
        signal,
      )
      const text = got.text.trim()
      if (!text) throw new AiFailure('invalid', 'The text is empty.')
      const cut = text.length > maxLength
      return { text: cut ? clip(text, maxLength) : text, finishReason: cut ? ('length' as const) : got.finishReason }
    })
    return { generated_text: result.text, finish_reason: result.finishReason, ...meta(result.text.length) }
  }

  async function surveyQuestions(actor: StaffActor, input: SurveyGenerateRequest): Promise<SurveyGenerateReply> {
    const context = input.survey_context ?? input.full_context ?? ''
    const max = AI_TEXT_LIMITS.surveyContext
    if (context.length > max) throw tooLong(input.survey_context !== undefined ? 'survey_context' : 'full_context', max)
    const t = await tenantOf(actor)
    const count = input.no_of_questions
    const types = input.question_types ? [...new Set(input.question_types)] : [...QuestionType.options]
    const topic = input.survey_topic
    const { result, meta } = await answer(t, 'survey', chars([topic, context]), async (p, signal) => {
      const got = await p.surveyQuestions(
        { topic, context, count, types, language: input.language ?? t.locale },
        signal,
      )
      // Exactly `count` questions valid against §6.1, with ids q1…qN, whoever wrote them.
      const questions = got.questions.slice(0, count).map((q, i) => Question.safeParse({ ...q, id: `q${i + 1}` }))
      const valid = questions.flatMap((q) =>
        q.success && questionProblems(q.data).length === 0 && types.includes(q.data.type) ? [q.data] : [],
      )
      if (valid.length !== count) throw new AiFailure('invalid', 'The questions are not valid.')
      return valid
    })
    const reply = meta(chars(result.flatMap((q) => [q.title, q.description, ...(q.options ?? []).map((o) => o.label)])))
    const generationId = randomUUID()
    await insertGeneration(db, t.id, {
      id: generationId,
      user_id: actor.userId,
      kind: 'survey_questions',
      topic,
      questions: result,
      provider: reply.provider,
      model: reply.model,
      fallback: reply.fallback,
      created_at: clock.now(),
    })
    return { generation_id: generationId, survey_topic: topic, questions: result, ...reply }
  }

  return { summarize, paraphrase, generate, surveyQuestions }
}

export type AiService = ReturnType<typeof createAiService>
