import type { AiConfig } from '../../config.js'
import { createOpenAiProvider } from './openai.js'
import type { AiProvider } from './provider.js'

/** The external provider the configuration describes: any OpenAI-compatible server, or null when `AI_BASE_URL` is unset. */
export function createConfiguredOpenAi(ai: AiConfig): AiProvider | null {
  if (!ai.baseUrl) return null
  return createOpenAiProvider({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    timeoutMs: ai.timeoutMs,
    maxRetries: ai.maxRetries,
  })
}
