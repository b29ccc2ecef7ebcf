import type { Readable } from 'node:stream'
import {
  REPORT_COLUMNS,
  REPORT_MAX_ROWS,
  type ChatsReportFilter,
  type IssuesReportFilter,
  type MessagesReportFilter,
  type Report,
  type ReportFormat,
} from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import { AppError, assertFound, fieldError, notFound } from '../../lib/errors.js'
import { findCommunity, findStaffMember, findTopic } from '../analytics/history.js'
import { windowBound } from '../analytics/window.js'
import { assignedOnly } from '../chat/chats.service.js'
import { chatsSource, messagesSource, type ReportSource } from './chat-reports.js'
import { chatExists, findReportTenant } from './chat-reports.queries.js'
import { issuesSource } from './community-reports.js'
import { csvStream } from './csv.js'
import { reportFileName, timestampWriter } from './format.js'

/*
 * Report exports (contract §9): the caller's scope is checked, the rows are counted (over the format's limit: 413
 * before any byte), the first page is read, and only then does the file start; the rest streams a page at a time as
 * the client reads. At most two exports of one organization run at once (§1.9: a third is 429).
 */

export type ReportDownload = { fileName: string; contentType: string; rows: number; body: Readable }

export type ReportLimits = { maxRows: Record<ReportFormat, number>; runningPerTenant: number }

const DAY_MS = 86_400_000
const CONTENT_TYPES: Record<ReportFormat, string> = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' }

type Common = { tenant?: number | undefined; tenant_id?: number | undefined; timezone?: string | undefined }
type Window = { from?: string | undefined; to?: string | undefined }

export function createExportService({
  db,
  clock,
  limits = { maxRows: REPORT_MAX_ROWS, runningPerTenant: 2 },
}: {
  db: Db
  clock: Clock
  limits?: ReportLimits
}) {
  const running = new Map<number, number>()

  function acquire(tenantId: number) {
    const now = running.get(tenantId) ?? 0
    if (now >= limits.runningPerTenant)
      throw new AppError(
        429,
        'rate_limited',
        `${limits.runningPerTenant} reports of your organization are being made. Try again when one has finished.`,
        { headers: { 'retry-after': '5' } },
      )
    running.set(tenantId, now + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (running.get(tenantId) ?? 1) - 1
      if (left <= 0) running.delete(tenantId)
      else running.set(tenantId, left)
    }
  }

  async function tenantOf(actor: StaffActor, input: Common) {
    for (const key of ['tenant', 'tenant_id'] as const)
      if (input[key] !== undefined && input[key] !== actor.tenantId) throw notFound()
    const tenant = await findReportTenant(db, actor.tenantId)
    return { name: tenant.name, ownTimeZone: tenant.timezone, timeZone: input.timezone ?? tenant.timezone }
  }

  /** `[from, to)` of the input, in `timeZone`; without `from`, `defaultDays` before `to` (or the start of time). */
  function windowOf(input: Window, timeZone: string, defaultDays: number | null) {
    const to = input.to === undefined ? clock.now() : windowBound(input.to, timeZone, 'to')
    const from =
      input.from !== undefined
        ? windowBound(input.from, timeZone, 'from')
        : defaultDays === null
          ? new Date(0)
          : new Date(to.getTime() - defaultDays * DAY_MS)
    if (from >= to) throw fieldError('to', 'The end must be after the start.')
    return { from, to }
  }

  const writers = (timeZone: string) => ({ time: timestampWriter(timeZone) })
  const employeeLimit = async (actor: StaffActor) => ((await assignedOnly(db, actor)) ? actor.userId : null)

  /**
   * One export: the caller's organization and time zone, the rows `source` builds for them, counted (over the
   * format's limit: 413), the first page read, and the file as a stream that starts with it.
   */
  async function deliver(
    actor: StaffActor,
    report: Report,
    format: ReportFormat,
    input: Common,
    source: (timeZone: string) => Promise<ReportSource>,
  ): Promise<ReportDownload> {
    const release = acquire(actor.tenantId)
    try {
      const tenant = await tenantOf(actor, input)
      const rowsOf = await source(tenant.timeZone)
      const max = limits.maxRows[format]
      const rows = await rowsOf.count(max + 1)
      if (rows > max) throw tooLarge(format, max)
      // The first page is read before the first byte, so that a failure to read is an error reply, not a cut file.
      const iterator = rowsOf.pages()
      const first = await iterator.next()
      const all = (async function* () {
        if (!first.done) yield first.value
        yield* iterator
      })()
      const body = csvStream(REPORT_COLUMNS[report], all)
      body.once('close', release)
      return {
        fileName: reportFileName(report, tenant.name, clock.now(), tenant.ownTimeZone, format),
        contentType: CONTENT_TYPES[format],
        rows,
        body,
      }
    } catch (err) {
      release()
      throw err
    }
  }

  return {
    chats: (actor: StaffActor, format: ReportFormat, f: ChatsReportFilter) =>
      deliver(actor, 'chats', format, f, async (timeZone) => {
        // Another organization's staff member or topic looks absent, as everywhere (contract §1.5.3).
        if (typeof f.assignee === 'number') assertFound(await findStaffMember(db, actor.tenantId, f.assignee))
        if (f.topic_id !== undefined) assertFound(await findTopic(db, actor.tenantId, f.topic_id))
        const { from, to } = windowOf(f, timeZone, 30)
        const scope = {
          from,
          to,
          statuses: f.status,
          channels: f.channel,
          assignee: f.assignee,
          topicId: f.topic_id,
          onlyChatsOf: await employeeLimit(actor),
        }
        return chatsSource(db, actor.tenantId, scope, writers(timeZone))
      }),

    messages: (actor: StaffActor, format: ReportFormat, f: MessagesReportFilter) =>
      deliver(actor, 'messages', format, f, async (timeZone) => {
        const onlyChatsOf = await employeeLimit(actor)
        if (f.chat_id !== undefined && !(await chatExists(db, actor.tenantId, f.chat_id, onlyChatsOf))) throw notFound()
        const { from, to } =
          f.chat_id === undefined ? windowOf(f, timeZone, 30) : { from: new Date(0), to: clock.now() }
        const scope = { chatId: f.chat_id, from, to, channels: f.channel, senders: f.sender, onlyChatsOf }
        return messagesSource(db, actor.tenantId, scope, writers(timeZone))
      }),

    issues: (actor: StaffActor, format: ReportFormat, f: IssuesReportFilter) =>
      deliver(actor, 'issues', format, f, async (timeZone) => {
        if (f.community_id !== undefined) assertFound(await findCommunity(db, actor.tenantId, f.community_id))
        const { from, to } = windowOf(f, timeZone, null)
        return issuesSource(
          db,
          actor.tenantId,
          { communityId: f.community_id, solved: f.solved, from, to },
          writers(timeZone),
        )
      }),
  }
}

export type ExportService = ReturnType<typeof createExportService>

function tooLarge(format: ReportFormat, max: number) {
  const n = max.toLocaleString('en-US')
  const message =
    format === 'pdf'
      ? `This report has more than ${n} rows. Narrow the filters or download CSV.`
      : `This report has more than ${n} rows. Narrow the filters.`
  return new AppError(413, 'report.too_large', message)
}
