import type { Executor } from '../../db/database.js'
import { PAGE, paged, person, type CellWriters, type ReportSource } from './chat-reports.js'
import type { Cell } from './csv.js'
import {
  countIssueReport,
  issueReportPage,
  type IssueReportRow,
  type IssueReportScope,
} from './community-reports.queries.js'
import { yesNo } from './format.js'

/* The issues report (contract §9.1): its rows as cells in the columns' order, read a page at a time. */

function issueCells(r: IssueReportRow, w: CellWriters): Cell[] {
  return [
    Number(r.id),
    r.community,
    r.title,
    r.description,
    person(r.first_name, r.last_name, r.username),
    yesNo(r.solved),
    Number(r.comments ?? 0),
    w.time(r.created_at),
    w.time(r.solved_at),
  ]
}

export function issuesSource(db: Executor, tenantId: number, scope: IssueReportScope, w: CellWriters): ReportSource {
  return {
    count: (cap) => countIssueReport(db, tenantId, scope, cap),
    pages: async function* () {
      const pages = paged((after) => issueReportPage(db, tenantId, scope, after, PAGE))
      for await (const rows of pages) yield rows.map((r) => issueCells(r, w))
    },
  }
}
