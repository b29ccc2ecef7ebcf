import type { ChatFilters } from '../chats/api'
import { CHANNEL_LABEL, STATUS_LABEL } from '../chats/format'
import type { IssueFilters } from '../community/api'
import type { StatusFilter } from '../surveys/api'
import { STATUS_LABELS as SURVEY_STATUS_LABELS } from '../surveys/format'
import { emptyReportForm, type Choice, type ReportForm } from './form'

/*
 * What an export button of a list exports: the report with the list's own filters, and a few words on it for the
 * export dialog. A list filter the report does not have (the chats' search, "Escalated only") is named, so that
 * nobody expects the file to follow it.
 */

export type ListExport = {
  form: ReportForm
  /** "Chats", "Messages of the chat with Ada Lovelace". */
  subject: string
  /** The filters the file follows ("Status: Open"). */
  details: string[]
  /** The list's filters the report does not apply. */
  notApplied: string[]
}

/** The chats list: its status tab, assignee and channel (the report's own); its search and "Escalated only" are not. */
export function chatListExport(filters: ChatFilters, myId: number): ListExport {
  const base = emptyReportForm('chats')
  const form: ReportForm = {
    ...base,
    chats: {
      ...base.chats,
      status: filters.status === 'all' ? [] : [filters.status],
      channel: filters.channel === '' ? [] : [filters.channel],
      assignee: filters.assignee === 'me' ? String(myId) : filters.assignee === 'none' ? 'none' : '',
    },
  }
  const details = [
    filters.status === 'all' ? 'Every status' : `Status: ${STATUS_LABEL[filters.status]}`,
    ...(filters.assignee === 'me' ? ['Assigned to you'] : filters.assignee === 'none' ? ['Unassigned'] : []),
    ...(filters.channel === '' ? [] : [`Channel: ${CHANNEL_LABEL[filters.channel]}`]),
  ]
  const notApplied = [
    ...(filters.escalated ? ['Escalated only'] : []),
    ...(filters.search.trim() !== '' ? ['the search'] : []),
  ]
  return { form, subject: 'Chats', details, notApplied }
}

/** One chat's messages, its whole history. */
export function chatMessagesExport(chatId: number, customer: string): ListExport {
  const base = emptyReportForm('messages')
  return {
    form: { ...base, messages: { ...base.messages, chatId: String(chatId) } },
    subject: `Messages of the chat with ${customer}`,
    details: ['The whole conversation'],
    notApplied: [],
  }
}

/** The surveys list with its status filter; its search is not a report filter. */
export function surveyListExport(status: StatusFilter, search: string): ListExport {
  const base = emptyReportForm('surveys')
  return {
    form: { ...base, surveys: { status: status === 'all' ? [] : [status] } },
    subject: 'Surveys',
    details: [status === 'all' ? 'Every status' : `Status: ${SURVEY_STATUS_LABELS[status]}`],
    notApplied: search.trim() !== '' ? ['the search'] : [],
  }
}

/** A community's issues with the list's state and days; its search and order are not report filters. */
export function communityIssuesExport(filters: IssueFilters, community: string): ListExport {
  const base = emptyReportForm('issues')
  const solved = filters.solved === 'all' ? '' : filters.solved
  return {
    form: {
      ...base,
      from: filters.from,
      to: filters.to,
      issues: { community: { id: filters.communityId, label: community }, solved },
    },
    subject: `Issues of ${community}`,
    details: [filters.solved === 'all' ? 'Solved and open' : filters.solved === 'solved' ? 'Solved' : 'Open'],
    notApplied: filters.search !== '' ? ['the search'] : [],
  }
}

/** An issue's thread: its comments, oldest first. */
export function issueThreadExport(issue: Choice): ListExport {
  const base = emptyReportForm('threads')
  return {
    form: { ...base, threads: { ...base.threads, scope: 'issue', issue } },
    subject: `Comments on ${issue.label}`,
    details: ['The whole thread'],
    notApplied: [],
  }
}

/** A survey's responses, of everyone or of the subgroup the results page shows. */
export function surveyResponsesExport(survey: Choice, subgroup: Choice | null): ListExport {
  const base = emptyReportForm('survey-responses')
  return {
    form: { ...base, 'survey-responses': { survey, subgroup: subgroup ? String(subgroup.id) : '' } },
    subject: `Responses to ${survey.label}`,
    details: [subgroup ? `Subgroup: ${subgroup.label}` : 'Every respondent'],
    notApplied: [],
  }
}
