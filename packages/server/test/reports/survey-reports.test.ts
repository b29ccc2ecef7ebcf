import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_COLUMNS, type Survey } from '@proxima/contracts'
import type { TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'
import { csvRows, pdfPages, squash } from './report-files.js'
import { NOW, surveyReportWorld, type SurveyReportWorld } from './survey-report-data.js'

/*
 * The surveys report (contract §9.1): every cell of small known data as CSV (the figures as the survey views count
 * them, a survey's status as of now, times in the report's time zone), the filters, the empty report, the PDF read
 * back, and who may ask (survey-report-data.ts has the data).
 */

let app: TestApp
let org: SurveyReportWorld['org']
let employeeToken: string
let ids: SurveyReportWorld['ids']

beforeAll(async () => {
  ;({ app, org, employeeToken, ids } = await surveyReportWorld())
})
afterAll(async () => {
  await app.shutdown()
})

const get = (path: string, query: Record<string, string> = {}, token = org.token) =>
  app.inject({ method: 'GET', url: `/api/reports/${path}/`, query, headers: auth(token) })

describe('surveys report as CSV', () => {
  it('writes every survey, newest first, without a date bound by default, with the headers of a download', async () => {
    const res = await get('surveycsv')
    expect(res.headers['x-report-rows']).toBe('4')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="proxima-surveys-.+-20261120-1745\.csv"/)
    const [header, ...rows] = csvRows(res)
    expect(header).toEqual(REPORT_COLUMNS.surveys)
    expect(rows).toEqual([
      [
        String(ids.surveys.feedback),
        'Delivery feedback',
        // Guarded, and its comma and quotes survive the quoting.
        `'@team: be honest, "please"`,
        'published',
        'mixed',
        '4',
        // Two chosen clients and an invited address that is no client's.
        '3',
        '3',
        // Cora and the invitation answered of the three; the anonymous response is no one of the audience.
        '66.67',
        '2026-11-18',
        '2026-12-31',
        '2026-11-18T18:45:00+05:45',
        '',
        'Ada Admin',
      ],
      [String(ids.surveys.draft), 'Empty draft', '', 'draft', 'close_ended', '0', '0', '0', '', '', '', '', '', ''],
      [
        String(ids.surveys.wide),
        'Fifty questions',
        '',
        'published',
        'close_ended',
        '50',
        '0',
        '1',
        // No audience and no impressions: no rate.
        '',
        '',
        '',
        '2026-10-31T18:45:00+05:45',
        '',
        '',
      ],
      [
        String(ids.surveys.lapsed),
        'Old open survey',
        'Open answers only',
        'closed',
        'open_ended',
        '1',
        '0',
        '1',
        // No audience: responses over impressions, 1 of 3.
        '33.33',
        '',
        '2026-11-10',
        '2025-10-16T18:45:00+05:45',
        // The end of its end day in Kathmandu.
        '2026-11-11T00:00:00+05:45',
        'Ada Admin',
      ],
    ])
  })

  it('counts the audience, responses and rate as the survey itself shows them', async () => {
    const rows = csvRows(await get('surveycsv')).slice(1)
    for (const row of rows) {
      const res = await app.inject({ method: 'GET', url: `/api/survey/survey/${row[0]}/`, headers: auth(org.token) })
      const survey = res.json<Survey>()
      expect([row[6], row[7], row[8]]).toEqual([
        String(survey.audience_size),
        String(survey.response_count),
        survey.response_rate === null ? '' : String(survey.response_rate),
      ])
      expect(row[3]).toBe(survey.status)
    }
  })

  it('narrows by status as of now and by the window of creation, in the time zone asked for', async () => {
    const only = async (query: Record<string, string>) =>
      csvRows(await get('surveycsv', query))
        .slice(1)
        .map((r) => Number(r[0]))
    const { feedback, draft, lapsed, wide } = ids.surveys
    expect(await only({ status: 'closed' })).toEqual([lapsed])
    expect(await only({ status: 'draft,published' })).toEqual([feedback, draft, wide])
    expect(await only({ from: '2026-11-01' })).toEqual([feedback, draft])
    expect(await only({ to: '2026-01-01' })).toEqual([lapsed])
    // A date is that whole day in the time zone asked for.
    expect(await only({ from: '2026-11-18', to: '2026-11-18', timezone: 'UTC' })).toEqual([feedback])
    const utc = csvRows(await get('surveycsv', { timezone: 'UTC', status: 'closed' }))[1]!
    expect(utc[11]).toBe('2025-10-16T13:00:00+00:00')
    expect(utc[12]).toBe('2026-11-10T18:15:00+00:00')
  })

  it('takes the filters as a JSON body by POST, and writes the header row alone when nothing matches', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports/surveycsv/',
      payload: { status: ['draft'] },
      headers: auth(org.token),
    })
    expect(csvRows(res).map((r) => r[0])).toEqual(['Survey ID', String(ids.surveys.draft)])
    const none = await get('surveycsv', { from: '2026-11-19', to: '2026-11-19' })
    expect(none.headers['x-report-rows']).toBe('0')
    expect(none.rawPayload.toString('utf8')).toBe(`\uFEFF${REPORT_COLUMNS.surveys.join(',')}\r\n`)
  })
})

describe('surveys report as PDF', () => {
  it('a surveys report: the title, the filters, the columns and the values unguarded', async () => {
    const [page, ...more] = await pdfPages(await get('surveypdf', { status: 'published,closed' }))
    expect(more).toEqual([])
    expect(page!.text).toContain('Surveys report')
    expect(page!.text).toContain('Status: published, closed · Times in Asia/Kathmandu')
    for (const column of REPORT_COLUMNS.surveys) expect(page!.squashed).toContain(squash(column))
    for (const value of ['Delivery feedback', '@team: be honest, "please"', '66.67', '33.33', 'Ada Admin'])
      expect(page!.squashed).toContain(squash(value))
    expect(page!.squashed).not.toContain(squash("'@team"))
    expect(page!.text).toContain('Page 1 of 1')
  })

  it('an empty report is the header page and "No data for these filters."', async () => {
    const [page, ...more] = await pdfPages(await get('surveyresponsespdf', { survey_id: String(ids.surveys.draft) }))
    expect(more).toEqual([])
    expect(page!.text).toContain('Survey responses report')
    expect(page!.text).toContain('No data for these filters.')
    const [surveys] = await pdfPages(await get('surveypdf', { from: '2026-11-19', to: '2026-11-19' }))
    expect(surveys!.text).toContain('Surveys report')
    expect(surveys!.text).toContain('No data for these filters.')
  })
})

describe('refusals', () => {
  it('answers 400 naming the field for a bad filter or a missing survey', async () => {
    for (const [path, query, field] of [
      ['surveycsv', { status: 'archived' }, 'status'],
      ['surveycsv', { from: '2026-11-20', to: '2026-11-19' }, 'to'],
      ['surveyresponsescsv', {}, 'survey_id'],
      ['surveyresponsespdf', { survey_id: 'abc' }, 'survey_id'],
    ] as const) {
      const res = await get(path, query)
      expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400)
      expect(res.json<{ code: string }>().code).toBe('validation.failed')
      expect(Object.keys(res.json<{ errors: object }>().errors).map((k) => k.split('.')[0])).toContain(field)
    }
  })

  it('answers 404 for another organization’s survey or subgroup, and for a subgroup of another survey', async () => {
    const stranger = await createTenantWithAdmin(app)
    const feedback = String(ids.surveys.feedback)
    for (const path of ['surveyresponsescsv', 'surveyresponsespdf']) {
      expect((await get(path, { survey_id: feedback }, stranger.token)).statusCode).toBe(404)
      expect(
        (await get(path, { survey_id: feedback, subgroup_id: String(ids.subgroup) }, stranger.token)).statusCode,
      ).toBe(404)
    }
    expect(
      (await get('surveyresponsescsv', { survey_id: feedback, subgroup_id: String(ids.otherSubgroup) })).statusCode,
    ).toBe(404)
    expect((await get('surveyresponsescsv', { survey_id: '999999999' })).statusCode).toBe(404)
    // This organization's subgroup with the stranger's own survey.
    const theirs = await app.db
      .insertInto('surveys')
      .values({
        tenant_id: stranger.tenant.tenant_id,
        topic: 'Theirs',
        questions: '[]',
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const mixed = { survey_id: String(theirs.id), subgroup_id: String(ids.subgroup) }
    expect((await get('surveyresponsescsv', mixed, stranger.token)).statusCode).toBe(404)
    expect(csvRows(await get('surveyresponsescsv', { survey_id: String(theirs.id) }, stranger.token)).length).toBe(1)
    // The stranger's own surveys report shows nothing of this organization.
    expect(csvRows(await get('surveycsv', {}, stranger.token)).length).toBe(1)
    expect((await get('surveycsv', { tenant_id: String(org.tenant.tenant_id) }, stranger.token)).statusCode).toBe(404)
  })

  it('lets employees export every survey, and refuses customers (403)', async () => {
    expect(csvRows(await get('surveycsv', {}, employeeToken)).length).toBe(5)
    expect(
      csvRows(await get('surveyresponsescsv', { survey_id: String(ids.surveys.feedback) }, employeeToken)).length,
    ).toBe(4)
    const { token } = await createClient(app)
    for (const path of ['surveycsv', 'surveypdf']) expect((await get(path, {}, token)).statusCode).toBe(403)
    for (const path of ['surveyresponsescsv', 'surveyresponsespdf'])
      expect((await get(path, { survey_id: String(ids.surveys.feedback) }, token)).statusCode).toBe(403)
  })
})
