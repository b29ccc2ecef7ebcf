import {
  AI_TEXT_LIMITS,
  GenerateRequest,
  ParaphraseRequest,
  SummarizeRequest,
  Tone,
  aiTextTooLong,
} from '@proxima/contracts'
import { z } from 'zod'

/**
 * The assistant page's forms, from the requests' own fields. The service refuses a text over its limit with 422
 * rather than 400, so the limit is added here, with the service's sentence, to be said before asking.
 */
const within = (text: z.ZodString, max: number) => text.max(max, { error: aiTextTooLong(max) })

export const DraftForm = z.object({
  prompt: within(GenerateRequest.shape.prompt.unwrap(), AI_TEXT_LIMITS.prompt),
  context: within(GenerateRequest.shape.context.unwrap(), AI_TEXT_LIMITS.context),
  max_length: GenerateRequest.shape.max_length,
})

export const ParaphraseForm = z.object({
  text: within(ParaphraseRequest.shape.text.unwrap(), AI_TEXT_LIMITS.paraphrase),
  tone: Tone,
})

export const SummaryForm = z.object({
  text: within(SummarizeRequest.shape.text.unwrap(), AI_TEXT_LIMITS.summarize),
})
