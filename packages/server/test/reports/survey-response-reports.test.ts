import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_COLUMNS } from '@proxima/contracts'
import type { TestApp } from '../app.js'
import { auth } from '../factories.js'
import { csvRows, pdfPages, squash } from './report-files.js'
import { QUESTION_COLUMNS, surveyReportWorld, type SurveyReportWorld } from './survey-report-data.js'

/*
 * The survey responses report (contract §9.1): one row per response and one column per question as CSV (choice
 * answers as option labels, the formula guard, times in the report's time zone), the filters, the empty report, and
 * the PDF read back (survey-report-data.ts has the data).
 */

let app: TestApp
let org: SurveyReportWorld['org']
let ids: SurveyReportWorld['ids']
let bobUsername: string

beforeAll(async () => {
  ;({ app, org, ids, bobUsername } = await surveyReportWorld())
})
afterAll(async () => {
  await app.shutdown()
})

const get = (path: string, query: Record<string, string> = {}, token = org.token) =>
  app.inject({ method: 'GET', url: `/api/reports/${path}/`, query, headers: auth(token) })

describe('survey responses report as CSV', () => {
  it('writes one row per response, oldest first, then one column per question in the question order', async () => {
    const res = await get('surveyresponsescsv', { survey_id: String(ids.surveys.feedback) })
    expect(res.headers['x-report-rows']).toBe('3')
    expect(res.headers['content-disposition']).toMatch(/filename="proxima-survey-responses-.+-20261120-1745\.csv"/)
    const [header, ...rows] = csvRows(res)
    expect(header).toEqual([...REPORT_COLUMNS['survey-responses'], ...QUESTION_COLUMNS])
    expect(rows).toEqual([
      [
        String(ids.responses[0]),
        '2026-11-19T11:45:00+05:45',
        'Cora Client',
        'client',
        '4',
        'Fast, Ltd',
        // Labels in the question's order of options, whatever order they were chosen in.
        'Speed; -Price',
        "'=SUM(A1:A9)",
      ],
      // An invitee by the address invited; a null and an empty choice are empty; a line break and quotes survive.
      [
        String(ids.responses[1]),
        '2026-11-19T21:45:00+05:45',
        'invitee@example.com',
        'invitee',
        '5',
        '',
        '',
        'Line one\nline "two", done',
      ],
      // An anonymous respondent is nobody, whatever address they left; unanswered questions are empty.
      [String(ids.responses[2]), '2026-11-20T12:45:00+05:45', '', 'anonymous', '2', '', '', ''],
    ])
  })

  it('guards a choice cell that starts like a formula', async () => {
    await app.db
      .updateTable('survey_responses')
      .set({ answers: JSON.stringify({ q1: 3, q3: ['o3'] }) })
      .where('id', '=', ids.responses[2]!)
      .execute()
    try {
      const rows = csvRows(await get('surveyresponsescsv', { survey_id: String(ids.surveys.feedback) })).slice(1)
      expect(rows[2]!.slice(4)).toEqual(['3', '', "'-Price", ''])
    } finally {
      await app.db
        .updateTable('survey_responses')
        .set({ answers: JSON.stringify({ q1: 2 }) })
        .where('id', '=', ids.responses[2]!)
        .execute()
    }
  })

  it('narrows to a subgroup’s clients and to the window of submission', async () => {
    const only = async (query: Record<string, string>) =>
      csvRows(await get('surveyresponsescsv', { survey_id: String(ids.surveys.feedback), ...query }))
        .slice(1)
        .map((r) => Number(r[0]))
    expect(await only({ subgroup_id: String(ids.subgroup) })).toEqual([ids.responses[0]])
    expect(await only({ from: '2026-11-20' })).toEqual([ids.responses[2]])
    expect(await only({ to: '2026-11-19T20:00:00Z' })).toEqual([ids.responses[0], ids.responses[1]])
    const utc = csvRows(await get('surveyresponsescsv', { survey_id: String(ids.surveys.feedback), timezone: 'UTC' }))
    expect(utc[1]![1]).toBe('2026-11-19T06:00:00+00:00')
  })

  it('takes the filters as a JSON body by POST, and writes the header row alone when nothing matches', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports/surveyresponsescsv/',
      payload: { survey_id: ids.surveys.lapsed },
      headers: auth(org.token),
    })
    const [header, ...rows] = csvRows(res)
    expect(header).toEqual([...REPORT_COLUMNS['survey-responses'], 'Q1. Tell us'])
    expect(rows).toEqual([[String(ids.responses[3]), '2026-11-18T17:45:00+05:45', '', 'anonymous', 'Fine']])
    const none = await get('surveyresponsescsv', { survey_id: String(ids.surveys.draft) })
    expect(none.headers['x-report-rows']).toBe('0')
    expect(none.rawPayload.toString('utf8')).toBe(`\uFEFF${REPORT_COLUMNS['survey-responses'].join(',')}\r\n`)
  })

  it('writes a column for each of a survey’s fifty questions', async () => {
    const [header, row, ...more] = csvRows(await get('surveyresponsescsv', { survey_id: String(ids.surveys.wide) }))
    expect(more).toEqual([])
    expect(header!.length).toBe(54)
    expect(header!.slice(4, 6)).toEqual(['Q1. Item 1', 'Q2. Item 2'])
    expect(header![53]).toBe('Q50. Item 50')
    expect(row!.slice(0, 4)).toEqual([String(ids.responses[4]), '2026-11-17T17:45:00+05:45', bobUsername, 'client'])
    expect(row!.slice(4)).toEqual(Array.from({ length: 50 }, (_, i) => String((i % 5) + 1)))
    const pages = await pdfPages(await get('surveyresponsespdf', { survey_id: String(ids.surveys.wide) }))
    const all = pages.map((p) => p.squashed).join('')
    for (const column of header!) expect(all).toContain(squash(column))
  })
})

describe('survey responses report as PDF', () => {
  it('a survey’s responses by POST: the question columns and the answers', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports/surveyresponsespdf/',
      payload: { survey_id: ids.surveys.feedback, subgroup_id: ids.subgroup },
      headers: auth(org.token),
    })
    expect(res.headers['content-disposition']).toMatch(/filename="proxima-survey-responses-.+\.pdf"/)
    const pages = await pdfPages(res)
    const all = pages.map((p) => p.squashed).join('')
    expect(pages[0]!.text).toContain('Survey responses report')
    expect(pages[0]!.text).toContain(
      'Survey: Delivery feedback · Subgroup: Regulars · Submitted until 2026-11-20 17:45',
    )
    for (const column of [...REPORT_COLUMNS['survey-responses'], ...QUESTION_COLUMNS])
      expect(all).toContain(squash(column))
    for (const value of ['Cora Client', 'Fast, Ltd', 'Speed; -Price', '=SUM(A1:A9)'])
      expect(all).toContain(squash(value))
    expect(all).not.toContain('invitee@example.com')
  })
})
