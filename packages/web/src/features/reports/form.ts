import {
  ChatsReportFilter,
  IssuesReportFilter,
  MessagesReportFilter,
  SurveyResponsesReportFilter,
  SurveysReportFilter,
  ThreadsReportFilter,
  type Channel,
  type ChatStatus,
  type MessageSender,
  type Report,
  type ReportFormat,
  type SurveyStatus,
} from '@proxima/contracts'
import type { z } from 'zod'

/*
 * The report form: what the Reports page and the export buttons of the lists fill in, and the request it becomes.
 * The request is checked with the contract's own filter schema before it is sent, so a window that ends before it
 * starts or a missing survey is said beside its field at once, in the words the server would use.
 */

/** A picked community, issue or survey: its id, and its name to show in the field. */
export type Choice = { id: number; label: string }

export type ThreadScope = 'community' | 'issue' | 'thread'
export type SolvedChoice = '' | 'solved' | 'open'

export type ReportForm = {
  report: Report
  format: ReportFormat
  /** Days (YYYY-MM-DD) in the organization's time zone, or '' for the report's default window. */
  from: string
  to: string
  /** `assignee`: '' for anyone, 'none' for unassigned chats, else a staff member's id; `topic`: '' or an id. */
  chats: { status: ChatStatus[]; channel: Channel[]; assignee: string; topic: string }
  /** `chatId`: one chat's whole history (the dates do not apply), or '' for the date window. */
  messages: { chatId: string; channel: Channel[]; sender: MessageSender[] }
  surveys: { status: SurveyStatus[] }
  issues: { community: Choice | null; solved: SolvedChoice }
  /** Exactly one of a community's threads, an issue's or one thread (§9.1). */
  threads: { scope: ThreadScope; community: Choice | null; issue: Choice | null; threadId: string }
  /** `subgroup`: '' for every respondent, else a subgroup's id. */
  'survey-responses': { survey: Choice | null; subgroup: string }
}

/** The filters of each report, as the contract defines them. */
const FILTERS = {
  chats: ChatsReportFilter,
  messages: MessagesReportFilter,
  surveys: SurveysReportFilter,
  issues: IssuesReportFilter,
  threads: ThreadsReportFilter,
  'survey-responses': SurveyResponsesReportFilter,
} satisfies Record<Report, z.ZodType>

/** A report's filters as sent: the output of its contract schema. */
export type ReportBody = z.output<(typeof FILTERS)[Report]>

export type ReportRequest = { report: Report; format: ReportFormat; body: ReportBody }

/** Reasons by the request's field names (`from`, `survey_id`…), the keys the server's 400 uses too. */
export type FieldErrors = Partial<Record<string, string>>

export type BuiltRequest = { ok: true; request: ReportRequest } | { ok: false; errors: FieldErrors }

export const emptyReportForm = (report: Report = 'chats'): ReportForm => ({
  report,
  format: 'csv',
  from: '',
  to: '',
  chats: { status: [], channel: [], assignee: '', topic: '' },
  messages: { chatId: '', channel: [], sender: [] },
  surveys: { status: [] },
  issues: { community: null, solved: '' },
  threads: { scope: 'community', community: null, issue: null, threadId: '' },
  'survey-responses': { survey: null, subgroup: '' },
})

const list = <T>(values: readonly T[]) => (values.length > 0 ? [...values] : undefined)
const text = (value: string) => (value.trim() === '' ? undefined : value.trim())

/** Whether the report reads the date fields: a messages report of one chat is its whole history. */
export const usesDates = (form: ReportForm) => !(form.report === 'messages' && text(form.messages.chatId))

/** The filters of the chosen report as plain values, before the contract checks them; and what is missing. */
function draftOf(form: ReportForm): { draft: Record<string, unknown>; missing: FieldErrors } {
  const window = usesDates(form) ? { from: text(form.from), to: text(form.to) } : {}
  switch (form.report) {
    case 'chats': {
      const { status, channel, assignee, topic } = form.chats
      return {
        draft: {
          ...window,
          status: list(status),
          channel: list(channel),
          assignee: text(assignee),
          topic_id: text(topic),
        },
        missing: {},
      }
    }
    case 'messages': {
      const { chatId, channel, sender } = form.messages
      return { draft: { ...window, chat_id: text(chatId), channel: list(channel), sender: list(sender) }, missing: {} }
    }
    case 'surveys':
      return { draft: { ...window, status: list(form.surveys.status) }, missing: {} }
    case 'issues': {
      const { community, solved } = form.issues
      return {
        draft: { ...window, community_id: community?.id, solved: solved === '' ? undefined : solved === 'solved' },
        missing: {},
      }
    }
    case 'threads': {
      const { scope, community, issue, threadId } = form.threads
      if (scope === 'community')
        return community
          ? { draft: { ...window, community_id: community.id }, missing: {} }
          : { draft: window, missing: { community_id: 'Choose a community.' } }
      if (scope === 'issue')
        return issue
          ? { draft: { ...window, issue_id: issue.id }, missing: {} }
          : { draft: window, missing: { issue_id: 'Choose an issue.' } }
      return text(threadId)
        ? { draft: { ...window, thread_id: text(threadId) }, missing: {} }
        : { draft: window, missing: { thread_id: 'Enter the number of a thread.' } }
    }
    case 'survey-responses': {
      const { survey, subgroup } = form['survey-responses']
      return survey
        ? { draft: { ...window, survey_id: survey.id, subgroup_id: text(subgroup) }, missing: {} }
        : { draft: window, missing: { survey_id: 'Choose a survey.' } }
    }
  }
}

/**
 * The request the form describes, checked with the contract's filter schema (the body sent is what the schema
 * reads: numbers for ids, lists for the multiple choices); or the reasons beside each field.
 */
export function buildReportRequest(form: ReportForm): BuiltRequest {
  const { draft, missing } = draftOf(form)
  if (Object.keys(missing).length > 0) return { ok: false, errors: missing }
  // Only the filters given: an absent one is the report's default, not a key without a value.
  const given = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined))
  const parsed = FILTERS[form.report].safeParse(given)
  if (parsed.success) return { ok: true, request: { report: form.report, format: form.format, body: parsed.data } }
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}
