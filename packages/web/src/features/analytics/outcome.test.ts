import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import { metricOutcomes, rejectionMessage } from './outcome'

describe('the message of a rejected analytics request', () => {
  it("is the server's message field first", () => {
    const error = new ApiError({
      status: 400,
      code: 'validation.failed',
      message: 'The request failed (HTTP 400).',
      body: { message: 'Choose a survey.', code: 'analytics.scope_required' },
    })
    expect(rejectionMessage(error)).toBe('Choose a survey.')
    expect(rejectionMessage({ response: { data: { message: 'Too many buckets.' } }, message: 'Bad request' })).toBe(
      'Too many buckets.',
    )
  })

  it("is the error's own message when the server sent none", () => {
    expect(
      rejectionMessage(new ApiError({ status: 502, code: 'http.unknown', message: 'Bad gateway', body: '<html>' })),
    ).toBe('Bad gateway')
    expect(rejectionMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch')
  })

  it('is the error as text otherwise', () => {
    expect(rejectionMessage('timeout')).toBe('timeout')
    expect(rejectionMessage(42)).toBe('42')
    expect(rejectionMessage({ reason: 'x' })).toBe('{"reason":"x"}')
  })
})

describe('the outcome of each metric', () => {
  it('is pending while the batch is', () => {
    expect(metricOutcomes(['countchats', 'leasttopics'], { status: 'pending' })).toEqual({
      countchats: { status: 'pending' },
      leasttopics: { status: 'pending' },
    })
  })

  it("is each metric's reply or its own error", () => {
    const reply = { chat_count: 3 }
    const outcomes = metricOutcomes(['countchats', 'leasttopics', 'totalsurveys'], {
      status: 'success',
      data: {
        results: { countchats: reply },
        errors: { leasttopics: { message: 'Topics are unavailable.', code: 'internal' } },
      },
    })
    expect(outcomes.countchats).toEqual({ status: 'fulfilled', data: reply })
    expect(outcomes.leasttopics).toEqual({ status: 'rejected', message: 'Topics are unavailable.', code: 'internal' })
    expect(outcomes.totalsurveys.status).toBe('rejected')
  })

  it('rejects every metric with the rule above when the batch fails', () => {
    const error = new ApiError({ status: 403, code: 'http.unknown', message: 'x', body: { message: 'Staff only.' } })
    expect(metricOutcomes(['countchats'], { status: 'error', error })).toEqual({
      countchats: { status: 'rejected', message: 'Staff only.' },
    })
  })
})
