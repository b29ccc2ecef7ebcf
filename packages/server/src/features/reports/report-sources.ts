import type { CompiledQuery } from 'kysely'
import type { Executor } from '../../db/database.js'
import {
  chatReportQuery,
  countChatReport,
  countMessageReport,
  messageReportQuery,
  type ChatReportScope,
  type MessageReportScope,
} from './chat-reports.queries.js'
import {
  countIssueReport,
  countThreadReport,
  issueReportQuery,
  threadReportQuery,
  type IssueReportScope,
  type ThreadReportScope,
} from './community-reports.queries.js'
import { readPage, type Keyset, type Slice } from './report-sql.queries.js'
import {
  countSurveyReport,
  countSurveyResponseReport,
  surveyReportQuery,
  surveyResponseReportQuery,
  type SurveyReportScope,
  type SurveyResponseReportScope,
} from './survey-reports.queries.js'

/*
 * What each report reads (contract §9.1): the queries of how many rows a scope has and of its cells, as a page after a
 * row or as every row. `guard` asks for CSV's formula guard on text cells (the PDF shows the values as they are).
 */

export type ReportSource = {
  /** How many rows there are, counting no further than `cap` (one `n`). */
  count: (cap: number) => CompiledQuery
  query: (slice: Slice) => CompiledQuery
}

/** Rows per page read. */
export const PAGE = 1_000

/** Every page of a report's cells in `timeZone`, until a page comes back short. */
export async function* pagesOf(
  db: Executor,
  source: ReportSource,
  timeZone: string,
  width: number,
): AsyncGenerator<(string | null)[][]> {
  let after: Keyset | null = null
  for (;;) {
    const page = await readPage(db, timeZone, source.query({ after, limit: PAGE }), width, PAGE)
    yield page.cells
    if (page.next === null) return
    after = page.next
  }
}

export const chatsSource = (db: Executor, tenantId: number, scope: ChatReportScope, guard: boolean): ReportSource => ({
  count: (cap) => countChatReport(db, tenantId, scope, cap),
  query: (slice) => chatReportQuery(db, tenantId, scope, slice, guard),
})

export const messagesSource = (
  db: Executor,
  tenantId: number,
  scope: MessageReportScope,
  guard: boolean,
): ReportSource => ({
  count: (cap) => countMessageReport(db, tenantId, scope, cap),
  query: (slice) => messageReportQuery(db, tenantId, scope, slice, guard),
})

export const issuesSource = (
  db: Executor,
  tenantId: number,
  scope: IssueReportScope,
  guard: boolean,
): ReportSource => ({
  count: (cap) => countIssueReport(db, tenantId, scope, cap),
  query: (slice) => issueReportQuery(db, tenantId, scope, slice, guard),
})

export const surveysSource = (
  db: Executor,
  tenantId: number,
  scope: SurveyReportScope,
  guard: boolean,
): ReportSource => ({
  count: (cap) => countSurveyReport(db, tenantId, scope, cap),
  query: (slice) => surveyReportQuery(db, tenantId, scope, slice, guard),
})

export const threadsSource = (
  db: Executor,
  tenantId: number,
  scope: ThreadReportScope,
  guard: boolean,
): ReportSource => ({
  count: (cap) => countThreadReport(db, tenantId, scope, cap),
  query: (slice) => threadReportQuery(db, tenantId, scope, slice, guard),
})

export const surveyResponsesSource = (
  db: Executor,
  tenantId: number,
  scope: SurveyResponseReportScope,
  guard: boolean,
): ReportSource => ({
  count: (cap) => countSurveyResponseReport(db, tenantId, scope, cap),
  query: (slice) => surveyResponseReportQuery(db, tenantId, scope, slice, guard),
})
