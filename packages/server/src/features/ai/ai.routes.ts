import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  GenerateReply,
  GenerateRequest,
  ParaphraseReply,
  ParaphraseRequest,
  SummarizeReply,
  SummarizeRequest,
  SurveyGenerateReply,
  SurveyGenerateRequest,
} from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import { limitPerTenant, type Limits } from '../../http/rate-limit.js'
import type { AiService } from './ai.service.js'

/**
 * The AI helpers (contract §10.1–§10.4, §6.5) and their aliases (§1.1; the root ones answer POST only): staff only,
 * the AI rate bucket per tenant. The time limit on these routes leaves room for the provider's own limit and a
 * fallback answer, so the service's 504 `ai.timeout` is what a slow provider produces.
 */
export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiService; limits: Limits | null; timeoutMs: number }> = async (
  app,
  { ai, limits, timeoutMs },
) => {
  const tags = ['ai']
  const config = { roles: STAFF, rateLimit: limitPerTenant(limits, 'ai') }
  const handlerTimeout = 2 * timeoutMs + 15_000
  const alias = (url: string, canonical: string) =>
    url === canonical ? {} : { summary: `Alias of ${canonical}`, 'x-alias-of': canonical }

  for (const url of ['/api/summarize/summarize', '/summarize/summarize']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Summarise a chat or a text: summary, intent, key points, open questions, sentiment',
          body: SummarizeRequest,
          response: { 200: SummarizeReply },
          ...alias(url, '/api/summarize/summarize'),
        },
        config,
        handlerTimeout,
      },
      (req) => ai.summarize(staffOf(req), req.body),
    )
  }

  for (const url of ['/api/aiapp/paraphrase', '/aiapp/paraphrase', '/api/paraphrase/paraphrase']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Rewrite a text in up to five variants and a tone',
          body: ParaphraseRequest,
          response: { 200: ParaphraseReply },
          ...alias(url, '/api/aiapp/paraphrase'),
        },
        config,
        handlerTimeout,
      },
      (req) => ai.paraphrase(staffOf(req), req.body),
    )
  }

  for (const url of ['/api/generation/generation', '/generation/generation']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Generate text from a prompt (a body with full_context and no prompt generates survey questions)',
          body: GenerateRequest,
          response: { 200: z.union([GenerateReply, SurveyGenerateReply]) },
          ...alias(url, '/api/generation/generation'),
        },
        config,
        handlerTimeout,
      },
      (req) => ai.generate(staffOf(req), req.body),
    )
  }

  app.post(
    '/api/survey/generate/',
    {
      schema: {
        tags: ['surveys', ...tags],
        summary: 'Generate survey questions from a topic and a description (stored as a generation)',
        body: SurveyGenerateRequest,
        response: { 200: SurveyGenerateReply },
      },
      config,
      handlerTimeout,
    },
    (req) => ai.surveyQuestions(staffOf(req), req.body),
  )
}
