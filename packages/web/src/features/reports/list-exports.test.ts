import { describe, expect, it } from 'vitest'
import { buildReportRequest } from './form'
import {
  chatListExport,
  chatMessagesExport,
  communityIssuesExport,
  issueThreadExport,
  surveyListExport,
  surveyResponsesExport,
} from './list-exports'

const bodyOf = (form: Parameters<typeof buildReportRequest>[0]) => {
  const built = buildReportRequest(form)
  if (!built.ok) throw new Error(JSON.stringify(built.errors))
  return built.request.body
}

describe('what the export buttons of the lists export', () => {
  it("exports the chats list's status, channel and assignee; 'me' is the signed-in user's id", () => {
    const target = chatListExport(
      { status: 'open', assignee: 'me', channel: 'website', escalated: true, search: 'refund' },
      42,
    )
    expect(bodyOf(target.form)).toEqual({ status: ['open'], channel: ['website'], assignee: 42 })
    expect(target.details).toEqual(['Status: Open', 'Assigned to you', 'Channel: Website'])
    expect(target.notApplied).toEqual(['Escalated only', 'the search'])
  })

  it('exports every chat of the "All" tab, and unassigned ones as "none"', () => {
    const target = chatListExport({ status: 'all', assignee: 'none', channel: '', escalated: false, search: '' }, 42)
    expect(bodyOf(target.form)).toEqual({ assignee: 'none' })
    expect(target.details).toEqual(['Every status', 'Unassigned'])
    expect(target.notApplied).toEqual([])
  })

  it("exports one chat's whole conversation", () => {
    const target = chatMessagesExport(12, 'Ada Lovelace')
    expect(target.form.report).toBe('messages')
    expect(bodyOf(target.form)).toEqual({ chat_id: 12 })
    expect(target.subject).toBe('Messages of the chat with Ada Lovelace')
  })

  it("exports the surveys list's status; its search is not a report filter", () => {
    expect(bodyOf(surveyListExport('published', '').form)).toEqual({ status: ['published'] })
    expect(bodyOf(surveyListExport('all', 'store').form)).toEqual({})
    expect(surveyListExport('all', 'store').notApplied).toEqual(['the search'])
  })

  it("exports a community's issues with the list's state and days", () => {
    const target = communityIssuesExport(
      { communityId: 3, solved: 'open', sort: '-created_at', search: '', from: '2026-11-01', to: '2026-11-30' },
      'Hiking',
    )
    expect(bodyOf(target.form)).toEqual({ community_id: 3, solved: false, from: '2026-11-01', to: '2026-11-30' })
    expect(target.subject).toBe('Issues of Hiking')
  })

  it("exports an issue's thread by the issue", () => {
    expect(bodyOf(issueThreadExport({ id: 9, label: 'Broken tent' }).form)).toEqual({ issue_id: 9 })
  })

  it("exports a survey's responses, of the subgroup the results show", () => {
    const survey = { id: 5, label: 'Store visit' }
    expect(bodyOf(surveyResponsesExport(survey, null).form)).toEqual({ survey_id: 5 })
    const subgroup = surveyResponsesExport(survey, { id: 8, label: 'Nairobi' })
    expect(bodyOf(subgroup.form)).toEqual({ survey_id: 5, subgroup_id: 8 })
    expect(subgroup.details).toEqual(['Subgroup: Nairobi'])
  })
})
