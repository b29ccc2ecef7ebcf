import type { Readable } from 'node:stream'
import {
  REPORT_COLUMNS,
  REPORT_MAX_ROWS,
  type ChatsReportFilter,
  type MessagesReportFilter,
  type Report,
  type ReportFormat,
} from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import { AppError, fieldError, notFound } from '../../lib/errors.js'
import { windowBound } from '../analytics/window.js'
import { assignedOnly } from '../chat/chats.service.js'
import { chatsSource, messagesSource, type ReportSource } from './chat-reports.js'
import { chatExists, findReportTenant } from './chat-reports.queries.js'
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

export type ReportInputs = { chats: ChatsReportFilter; messages: MessagesReportFilter }

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

  async function sourceOf<R extends keyof ReportInputs>(
    actor: StaffActor,
    report: R,
    input: ReportInputs[R],
    timeZone: string,
  ): Promise<ReportSource> {
    const w = { time: timestampWriter(timeZone) }
    const onlyChatsOf = (await assignedOnly(db, actor)) ? actor.userId : null
    if (report === 'chats') {
      const f = input as ChatsReportFilter
      const { from, to } = windowOf(f, timeZone, 30)
      const scope = {
        from,
        to,
        statuses: f.status,
        channels: f.channel,
        assignee: f.assignee,
        topicId: f.topic_id,
        onlyChatsOf,
      }
      return chatsSource(db, actor.tenantId, scope, w)
    }
    const f = input as MessagesReportFilter
    if (f.chat_id !== undefined && !(await chatExists(db, actor.tenantId, f.chat_id, onlyChatsOf))) throw notFound()
    const { from, to } = f.chat_id === undefined ? windowOf(f, timeZone, 30) : { from: new Date(0), to: clock.now() }
    const scope = { chatId: f.chat_id, from, to, channels: f.channel, senders: f.sender, onlyChatsOf }
    return messagesSource(db, actor.tenantId, scope, w)
  }

  /** One export: its file name and row count, and the file as a stream that starts with rows already read. */
  async function download<R extends keyof ReportInputs>(
    actor: StaffActor,
    report: R,
    format: ReportFormat,
    input: ReportInputs[R],
  ): Promise<ReportDownload> {
    const release = acquire(actor.tenantId)
    try {
      const tenant = await tenantOf(actor, input)
      const source = await sourceOf(actor, report, input, tenant.timeZone)
      const max = limits.maxRows[format]
      const rows = await source.count(max + 1)
      if (rows > max) throw tooLarge(format, max)
      // The first page is read before the first byte, so that a failure to read is an error reply, not a cut file.
      const iterator = source.pages()
      const first = await iterator.next()
      const all = (async function* () {
        if (!first.done) yield first.value
        yield* iterator
      })()
      const body = csvStream(REPORT_COLUMNS[report as Report], all)
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

  return { download }
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
