import { describe, expect, it } from 'vitest'
import { ApiError, type ApiErrorCode } from '../../api/errors'
import { describeAiError } from './errors'

const fail = (status: number, code: ApiErrorCode, message: string, retryAfter: number | null = null) =>
  new ApiError({ status, code, message, retryAfter })

describe('describeAiError', () => {
  it('shows the server message of each AI error with what can be done next', () => {
    const tooLong = describeAiError(
      fail(422, 'ai.input_too_long', 'The text is too long to process. Shorten it to 2000 characters.'),
    )
    expect(tooLong).toMatchObject({ retryable: false, message: expect.stringContaining('Shorten it to 2000') })

    const quota = describeAiError(
      fail(429, 'ai.quota_exceeded', "Your plan's AI allowance for this month is used up.", 86_400),
    )
    expect(quota).toMatchObject({ plan: true, retryable: false, retryAfter: 86_400 })

    expect(describeAiError(fail(429, 'rate_limited', 'Too many requests. Try again in 12 seconds.', 12))).toMatchObject(
      { retryable: true, retryAfter: 12 },
    )
    expect(
      describeAiError(fail(502, 'ai.provider_error', 'The AI service failed to answer. Try again.')),
    ).toMatchObject({ retryable: true, message: 'The AI service failed to answer. Try again.' })
    expect(describeAiError(fail(503, 'ai.unavailable', 'AI features are not available right now.'))).toMatchObject({
      retryable: true,
      next: expect.stringContaining('administrator'),
    })
    expect(
      describeAiError(fail(504, 'ai.timeout', 'The AI service took too long to answer. Try again.')),
    ).toMatchObject({ retryable: true, next: null })
  })

  it('uses the first field error of a rejected request', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation.failed',
      message: 'Check the highlighted fields.',
      fieldErrors: { text: ['Text is required.'] },
    })
    expect(describeAiError(error)).toMatchObject({ message: 'Text is required.', retryable: false })
  })
})
