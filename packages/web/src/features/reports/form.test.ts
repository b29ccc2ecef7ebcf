import { describe, expect, it } from 'vitest'
import { buildReportRequest, emptyReportForm, usesDates, type ReportForm } from './form'

const form = (report: ReportForm['report'], change: Partial<ReportForm> = {}): ReportForm => ({
  ...emptyReportForm(report),
  ...change,
})

describe('the request a report form becomes', () => {
  it('sends nothing but the format for an untouched chats form, so the server applies its last 30 days', () => {
    expect(buildReportRequest(form('chats'))).toEqual({
      ok: true,
      request: { report: 'chats', format: 'csv', body: {} },
    })
  })

  it('sends the chosen statuses, channels, assignee, topic and days of a chats report', () => {
    const built = buildReportRequest(
      form('chats', {
        format: 'pdf',
        from: '2026-11-01',
        to: '2026-11-20',
        chats: { status: ['open', 'pending'], channel: ['website'], assignee: '42', topic: '7' },
      }),
    )
    expect(built).toEqual({
      ok: true,
      request: {
        report: 'chats',
        format: 'pdf',
        body: {
          from: '2026-11-01',
          to: '2026-11-20',
          status: ['open', 'pending'],
          channel: ['website'],
          assignee: 42,
          topic_id: 7,
        },
      },
    })
  })

  it('sends unassigned chats as assignee "none"', () => {
    const built = buildReportRequest(form('chats', { chats: { status: [], channel: [], assignee: 'none', topic: '' } }))
    expect(built.ok && built.request.body).toEqual({ assignee: 'none' })
  })

  it('says beside "until" that a window ending before it starts is refused, in the contract\'s words', () => {
    expect(buildReportRequest(form('issues', { from: '2026-11-20', to: '2026-11-01' }))).toEqual({
      ok: false,
      errors: { to: 'The end must be after the start.' },
    })
  })

  it('accepts a window of one day', () => {
    expect(buildReportRequest(form('surveys', { from: '2026-11-20', to: '2026-11-20' })).ok).toBe(true)
  })

  it("leaves the days out of one chat's messages, which are its whole history", () => {
    const chat = form('messages', {
      from: '2026-11-01',
      to: '2026-11-20',
      messages: { chatId: '12', channel: [], sender: ['client', 'tenant'] },
    })
    expect(usesDates(chat)).toBe(false)
    expect(buildReportRequest(chat)).toEqual({
      ok: true,
      request: { report: 'messages', format: 'csv', body: { chat_id: 12, sender: ['client', 'tenant'] } },
    })
    const window = form('messages', { from: '2026-11-01', messages: { chatId: '', channel: ['email'], sender: [] } })
    expect(usesDates(window)).toBe(true)
    expect(buildReportRequest(window).ok && buildReportRequest(window)).toMatchObject({
      request: { body: { from: '2026-11-01', channel: ['email'] } },
    })
  })

  it('sends survey statuses as a list', () => {
    const built = buildReportRequest(form('surveys', { surveys: { status: ['closed'] } }))
    expect(built.ok && built.request.body).toEqual({ status: ['closed'] })
  })

  it('sends the community and the solved state of an issues report; "solved and open" sends neither', () => {
    const solved = buildReportRequest(
      form('issues', { issues: { community: { id: 3, label: 'Hiking' }, solved: 'solved' } }),
    )
    expect(solved.ok && solved.request.body).toEqual({ community_id: 3, solved: true })
    const open = buildReportRequest(form('issues', { issues: { community: null, solved: 'open' } }))
    expect(open.ok && open.request.body).toEqual({ solved: false })
    const all = buildReportRequest(form('issues'))
    expect(all.ok && all.request.body).toEqual({})
  })

  it('sends exactly one of community, issue and thread for a threads report, the one its scope names', () => {
    const threads = (scope: 'community' | 'issue' | 'thread') =>
      buildReportRequest(
        form('threads', {
          threads: {
            scope,
            community: { id: 3, label: 'Hiking' },
            issue: { id: 9, label: 'Broken tent' },
            threadId: '21',
          },
        }),
      )
    expect(threads('community')).toMatchObject({ ok: true, request: { body: { community_id: 3 } } })
    expect(threads('issue')).toMatchObject({ ok: true, request: { body: { issue_id: 9 } } })
    expect(threads('thread')).toMatchObject({ ok: true, request: { body: { thread_id: 21 } } })
    const issue = threads('issue')
    expect(issue.ok && Object.keys(issue.request.body)).toEqual(['issue_id'])
  })

  it('asks for the community, issue or thread a threads report is about when it is missing', () => {
    const missing = (scope: 'community' | 'issue' | 'thread') =>
      buildReportRequest(form('threads', { threads: { scope, community: null, issue: null, threadId: '' } }))
    expect(missing('community')).toEqual({ ok: false, errors: { community_id: 'Choose a community.' } })
    expect(missing('issue')).toEqual({ ok: false, errors: { issue_id: 'Choose an issue.' } })
    expect(missing('thread')).toEqual({ ok: false, errors: { thread_id: 'Enter the number of a thread.' } })
  })

  it('requires the survey of a survey responses report, and sends its subgroup when one is chosen', () => {
    expect(buildReportRequest(form('survey-responses'))).toEqual({
      ok: false,
      errors: { survey_id: 'Choose a survey.' },
    })
    const built = buildReportRequest(
      form('survey-responses', { 'survey-responses': { survey: { id: 5, label: 'Store visit' }, subgroup: '8' } }),
    )
    expect(built.ok && built.request.body).toEqual({ survey_id: 5, subgroup_id: 8 })
  })

  it("refuses a chat number that is not a positive whole number with the contract's reason", () => {
    const built = buildReportRequest(form('messages', { messages: { chatId: '0', channel: [], sender: [] } }))
    expect(built).toEqual({ ok: false, errors: { chat_id: 'Must be a positive whole number.' } })
  })
})
