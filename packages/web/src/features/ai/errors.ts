import { errorMessage, isApiError } from '../../api/errors'

/** How an AI failure is shown: the server's sentence and what the user can do next. */
export type AiErrorView = {
  message: string
  /** A hint after the message, when the server's sentence does not already say what to do. */
  next: string | null
  /** Whether asking again can help (not for a text that is too long or a chat that is gone). */
  retryable: boolean
  /** Seconds to wait before asking again (429 with Retry-After). */
  retryAfter: number | null
  /** The plan's AI allowance is used up or the subscription has ended: the plan page helps. */
  plan: boolean
}

/**
 * Contract §10.6: each AI error in the server's words (they are written for the user and say what to do, e.g.
 * "Shorten it to 2000 characters.", "Try again."), with the next step where the sentence leaves it open.
 */
export const describeAiError = (error: unknown): AiErrorView => {
  const message = errorMessage(error)
  const base: AiErrorView = { message, next: null, retryable: true, retryAfter: null, plan: false }
  if (!isApiError(error)) return base
  const { status, code } = error
  if (code === 'ai.input_too_long' || status === 422) return { ...base, retryable: false }
  if (code === 'ai.quota_exceeded') return { ...base, retryable: false, retryAfter: error.retryAfter, plan: true }
  if (status === 429) return { ...base, retryAfter: error.retryAfter ?? 30 }
  if (code === 'ai.unavailable' || status === 503)
    return {
      ...base,
      next: 'An administrator can check the server’s AI provider settings. Meanwhile, write the text yourself.',
    }
  if (status === 402) return { ...base, retryable: false, plan: true }
  if (status === 404)
    return { ...base, retryable: false, next: 'It may have been deleted: reload the page to see the current list.' }
  if (status === 400) {
    const first = Object.values(error.fieldErrors)[0]?.[0]
    return { ...base, message: first ?? message, retryable: false }
  }
  return base
}
