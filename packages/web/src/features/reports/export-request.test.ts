import { describe, expect, it } from 'vitest'
import { describeExport, reportPath, type PathRequest } from './export-request'

describe('where an export goes and how it is named', () => {
  it("sends a list report to its path, in the dashboard's words, counted in rows", () => {
    expect(describeExport({ report: 'chats', format: 'pdf', body: { status: ['open'] } })).toEqual({
      path: '/api/reports/chatspdf/',
      format: 'pdf',
      body: { status: ['open'] },
      title: 'Chats report',
      fallbackName: 'proxima-chats.pdf',
      countsRows: true,
    })
    expect(describeExport({ report: 'survey-responses', format: 'csv', body: { survey_id: 4 } })).toMatchObject({
      path: reportPath('survey-responses', 'csv'),
      title: 'Survey responses report',
      fallbackName: 'proxima-survey-responses.csv',
    })
  })

  it('sends a file asked for by its path as it is', () => {
    const request: PathRequest = {
      path: '/api/reports/analyticspdf/',
      format: 'pdf',
      body: { area: 'voice', from: '2026-03-01' },
      title: 'Voice analytics',
      fallbackName: 'proxima-analytics-voice.pdf',
      countsRows: false,
    }
    expect(describeExport(request)).toEqual(request)
  })
})
