import { z } from 'zod'
import { TimeZoneName } from './analytics.js'
import { Channel, ChatStatus, MessageSender } from './chat.js'
import { SurveyStatus } from './survey.js'
import { Id, QueryBool, TenantScope, WindowTimeOrDate, listOf, orderedWindow } from './common.js'

/*
 * Reports (contract §9): six lists exported as CSV or PDF, by GET (filters in the query) or POST (filters as a JSON
 * body), staff only.
 */

export const REPORTS = ['chats', 'messages', 'surveys', 'issues', 'threads', 'survey-responses'] as const
export type Report = (typeof REPORTS)[number]
export type ReportFormat = 'csv' | 'pdf'

/** The paths under `/api/reports/` of each report and format (§9.1); the first PDF path is the canonical one. */
export const REPORT_PATHS: Record<Report, { csv: string; pdf: readonly string[] }> = {
  chats: { csv: 'chatscsv', pdf: ['chatspdf'] },
  messages: { csv: 'messagescsv', pdf: ['messagespdf'] },
  surveys: { csv: 'surveycsv', pdf: ['surveypdf'] },
  issues: { csv: 'issuescsv', pdf: ['issuespdf'] },
  threads: { csv: 'threadscsv', pdf: ['threadpdf', 'threadspdf'] },
  'survey-responses': { csv: 'surveyresponsescsv', pdf: ['surveyresponsespdf'] },
}

/** The title of each report's PDF (§9.2), and its name in the dashboard. */
export const REPORT_TITLES: Record<Report, string> = {
  chats: 'Chats report',
  messages: 'Messages report',
  surveys: 'Surveys report',
  issues: 'Issues report',
  threads: 'Threads report',
  'survey-responses': 'Survey responses report',
}

/** The fixed columns of each report, in order (§9.1); survey responses add one per question. */
export const REPORT_COLUMNS: Record<Report, readonly string[]> = {
  chats: [
    'Chat ID',
    'Created At',
    'Status',
    'Channel',
    'Customer',
    'Customer Email',
    'Assignee',
    'Topic',
    'Escalated',
    'Rating',
    'Rating Comment',
    'Messages',
    'First Response (s)',
    'Resolved At',
  ],
  messages: [
    'Message ID',
    'Chat ID',
    'Sent At',
    'Sender Type',
    'Sender',
    'Channel',
    'Topic',
    'Escalated',
    'Text',
    'Voice Duration (s)',
  ],
  surveys: [
    'Survey ID',
    'Topic',
    'Description',
    'Status',
    'Type',
    'Questions',
    'Audience',
    'Responses',
    'Response Rate (%)',
    'Start Day',
    'End Day',
    'Published At',
    'Closed At',
    'Created By',
  ],
  issues: [
    'Issue ID',
    'Community',
    'Title',
    'Description',
    'Raised By',
    'Solved',
    'Comments',
    'Created At',
    'Solved At',
  ],
  threads: ['Comment ID', 'Thread ID', 'Issue', 'Author', 'Author Type', 'Comment', 'Likes', 'Dislikes', 'Created At'],
  'survey-responses': ['Response ID', 'Submitted At', 'Respondent', 'Respondent Type'],
}

/** What every report accepts: the legacy tenant keys (§1.5), the time zone times are written in, the window. */
const common = {
  ...TenantScope.shape,
  timezone: TimeZoneName.optional(),
  from: WindowTimeOrDate.optional(),
  to: WindowTimeOrDate.optional(),
}

export const ChatsReportFilter = orderedWindow(
  z.object({
    ...common,
    status: listOf(ChatStatus).optional(),
    channel: listOf(Channel).optional(),
    assignee: z.union([z.literal('none'), Id]).optional(),
    topic_id: Id.optional(),
  }),
)
export type ChatsReportFilter = z.infer<typeof ChatsReportFilter>

export const MessagesReportFilter = orderedWindow(
  z.object({
    ...common,
    chat_id: Id.optional(),
    channel: listOf(Channel).optional(),
    sender: listOf(MessageSender).optional(),
  }),
)
export type MessagesReportFilter = z.infer<typeof MessagesReportFilter>

export const IssuesReportFilter = orderedWindow(
  z.object({ ...common, community_id: Id.optional(), solved: QueryBool.optional() }),
)
export type IssuesReportFilter = z.infer<typeof IssuesReportFilter>

export const SurveysReportFilter = orderedWindow(z.object({ ...common, status: listOf(SurveyStatus).optional() }))
export type SurveysReportFilter = z.infer<typeof SurveysReportFilter>

/** One thread, an issue's threads or a community's: exactly one of the three (§9.1). */
export const ThreadsReportFilter = orderedWindow(
  z.object({ ...common, thread_id: Id.optional(), issue_id: Id.optional(), community_id: Id.optional() }),
).superRefine((v, ctx) => {
  const given = (['thread_id', 'issue_id', 'community_id'] as const).filter((k) => v[k] !== undefined)
  if (given.length !== 1)
    for (const key of given.length === 0 ? (['thread_id'] as const) : given)
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: 'Give exactly one of thread_id, issue_id and community_id.',
      })
})
export type ThreadsReportFilter = z.infer<typeof ThreadsReportFilter>

export const SurveyResponsesReportFilter = orderedWindow(
  z.object({ ...common, survey_id: Id, subgroup_id: Id.optional() }),
)
export type SurveyResponsesReportFilter = z.infer<typeof SurveyResponsesReportFilter>

/** The row limits of the two formats (§9.2; the server's environment may change them). */
export const REPORT_MAX_ROWS: Record<ReportFormat, number> = { csv: 1_000_000, pdf: 5_000 }
