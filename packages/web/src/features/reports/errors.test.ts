import { describe, expect, it } from 'vitest'
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api/errors'
import { exportErrorMessage } from './errors'
import type { PathRequest } from './export-request'
import type { ReportRequest } from './form'

const chatsPdf: ReportRequest = { report: 'chats', format: 'pdf', body: {} }

describe('why an export failed', () => {
  it("says the server's 413 sentence, which tells to narrow the filters or download CSV", () => {
    const error = new ApiError({
      status: 413,
      code: 'report.too_large',
      message: 'This report has more than 5,000 rows. Narrow the filters or download CSV.',
    })
    expect(exportErrorMessage(error, chatsPdf)).toBe(
      'This report has more than 5,000 rows. Narrow the filters or download CSV.',
    )
  })

  it('adds how long to wait when two exports are already running', () => {
    const error = new ApiError({
      status: 429,
      code: 'rate_limited',
      message: '2 reports of your organization are being made. Try again when one has finished.',
      retryAfter: 5,
    })
    expect(exportErrorMessage(error, chatsPdf)).toBe(
      '2 reports of your organization are being made. Try again when one has finished. Try again in 5 seconds.',
    )
  })

  it('gives the field reasons of a 400 after its sentence', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation.failed',
      message: 'Some fields are not valid.',
      fieldErrors: { to: ['The end must be after the start.'] },
    })
    expect(exportErrorMessage(error, chatsPdf)).toBe('Some fields are not valid. The end must be after the start.')
  })

  it('names what a 404 may be about: the thing the report names, else the report itself', () => {
    const notFound = new ApiError({ status: 404, code: 'not_found', message: 'Not found.' })
    expect(exportErrorMessage(notFound, { report: 'messages', format: 'csv', body: { chat_id: 12 } })).toBe(
      'The chat this report is about was not found: it may have been deleted. If it is there, this server may not offer the messages report as CSV yet.',
    )
    expect(exportErrorMessage(notFound, chatsPdf)).toBe('This server does not offer the chats report as PDF yet.')
  })

  it("names an analytics page's community, and the page's PDF by its title", () => {
    const notFound = new ApiError({ status: 404, code: 'not_found', message: 'Not found.' })
    const communityPdf: PathRequest = {
      path: '/api/reports/analyticspdf/',
      format: 'pdf',
      body: { area: 'community', community: 7 },
      title: 'Community analytics',
      fallbackName: 'proxima-analytics-community.pdf',
      countsRows: false,
    }
    expect(exportErrorMessage(notFound, communityPdf)).toBe(
      'The community this report is about was not found: it may have been deleted. If it is there, this server may not offer the community analytics as PDF yet.',
    )
    expect(exportErrorMessage(notFound, { ...communityPdf, body: { area: 'community' } })).toBe(
      'This server does not offer the community analytics as PDF yet.',
    )
  })

  it('says the connection failed when no answer came, or when the file stopped coming', () => {
    const offline = new ApiError({ status: 0, code: 'network.unreachable', message: NETWORK_ERROR_MESSAGE })
    expect(exportErrorMessage(offline, chatsPdf)).toBe(NETWORK_ERROR_MESSAGE)
    expect(exportErrorMessage(new TypeError('network error'), chatsPdf)).toBe(
      'The download stopped before the end. Check your connection and try again.',
    )
  })
})
