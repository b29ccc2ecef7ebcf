import type { Readable } from 'node:stream'
import {
  REPORT_COLUMNS,
  REPORT_MAX_ROWS,
  REPORT_TITLES,
  type ChatsReportFilter,
  type IssuesReportFilter,
  type MessagesReportFilter,
  type Report,
  type ReportFormat,
  type SurveyResponsesReportFilter,
  type SurveysReportFilter,
  type ThreadsReportFilter,
} from '@proxima/contracts'
import type { Database, Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import { AppError, assertFound, fieldError, notFound } from '../../lib/errors.js'
import { findCommunity } from '../analytics/history.js'
import { windowBound } from '../analytics/window.js'
import { assignedOnly } from '../chat/chats.service.js'
import { chatExists, findReportTenant, staffName, topicName } from './chat-reports.queries.js'
import { findReportThread, issueTitle } from './community-reports.queries.js'
import { csvFromCopy, csvStream } from './csv.js'
import { generatedLine, reportFileName, windowText } from './format.js'
import { pdfStream, type PdfCell } from './pdf.js'
import {
  chatsSource,
  issuesSource,
  messagesSource,
  pagesOf,
  surveyResponsesSource,
  surveysSource,
  threadsSource,
  type ReportSource,
} from './report-sources.js'
import { countOf } from './report-sql.queries.js'
import { findReportSurvey, subgroupName } from './survey-reports.queries.js'
import type { VoiceLinks } from '../media/voice-links.js'

/*
 * Report exports (contract §9): the caller's scope is checked, the rows are counted (over the format's limit: 413
 * before any byte), the first rows are read, and only then does the file start; the rest streams as the client reads
 * (a CSV on a PostgreSQL server as the server's own COPY output, else a page at a time). At most two exports of one
 * organization run at once (§1.9: a third is 429).
 */

export type ReportDownload = { fileName: string; contentType: string; rows: number; body: Readable }

export type ReportLimits = { maxRows: Record<ReportFormat, number>; runningPerTenant: number }

const DAY_MS = 86_400_000
const CONTENT_TYPES: Record<ReportFormat, string> = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' }

type Common = { tenant?: number | undefined; tenant_id?: number | undefined; timezone?: string | undefined }
type Window = { from?: string | undefined; to?: string | undefined }

/**
 * What one export reads: its rows, the filters in words (the PDF's line under the title), its columns when they are
 * not only the report's fixed ones (a survey's responses have one per question), and, for the PDF, how a row's cells
 * are shown when some are more than text (a voice message's link).
 */
type Rows = {
  rows: ReportSource
  filters: string[]
  columns?: readonly string[]
  pdfCells?: (cells: (string | null)[]) => PdfCell[]
}

/**
 * COPY exports of the whole process at once. Each holds a pooled connection (and a snapshot) for as long as its client
 * takes to download; beyond this many, CSVs are written from pages, which hold nothing between reads.
 */
const COPIES_AT_ONCE = 2

export function createExportService({
  db,
  copyCsv = null,
  copiesAtOnce = COPIES_AT_ONCE,
  voiceLinks,
  clock,
  limits = { maxRows: REPORT_MAX_ROWS, runningPerTenant: 2 },
}: {
  db: Db
  /** PostgreSQL's streaming COPY (null: CSV is written here from pages). */
  copyCsv?: Database['copyCsv']
  copiesAtOnce?: number
  voiceLinks: VoiceLinks
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

  let copies = 0

  /** How many rows `rows` has, counted in a statement of its own; more than `max` is 413. */
  async function countWithin(rows: ReportSource, format: ReportFormat, max: number) {
    const n = await countOf(db, rows.count(max + 1))
    if (n > max) throw tooLarge(format, max)
    return n
  }

  /**
   * The CSV's row count and bytes: PostgreSQL's COPY, counted in the same snapshot, when there is one and a place for
   * it; else counted, then written here from pages (the first read before). Both ways give the same bytes.
   */
  async function csvExport(columns: readonly string[], rows: ReportSource, timeZone: string, max: number) {
    if (copyCsv && copies < copiesAtOnce) {
      copies++
      try {
        const copy = await copyCsv({ count: rows.count(max + 1), query: rows.query('all'), max }, timeZone)
        if (!copy.stream) throw tooLarge('csv', max)
        const body = csvFromCopy(columns, copy.stream)
        body.once('close', () => copies--)
        return { rows: copy.rows, body }
      } catch (err) {
        copies--
        throw err
      }
    }
    const counted = await countWithin(rows, 'csv', max)
    return { rows: counted, body: csvStream(columns, await readingAhead(pagesOf(db, rows, timeZone, columns.length))) }
  }
  /** The PDF's row count and bytes: the header block, then the pages of rows (the first read before the first byte). */
  async function pdfExport(
    report: Report,
    columns: readonly string[],
    tenant: { name: string; ownTimeZone: string; timeZone: string },
    rows: Rows,
    max: number,
  ) {
    const counted = await countWithin(rows.rows, 'pdf', max)
    const pages = await readingAhead(pagesOf(db, rows.rows, tenant.timeZone, columns.length))
    const show = rows.pdfCells
    const now = clock.now()
    const body = pdfStream({
      title: REPORT_TITLES[report],
      tenantName: tenant.name,
      generated: generatedLine(now, tenant.ownTimeZone),
      filters: [...rows.filters, `Times in ${tenant.timeZone}`].join(' · '),
      columns,
      rows: show
        ? (async function* () {
            for await (const page of pages) yield page.map(show)
          })()
        : pages,
    })
    return { rows: counted, body }
  }

  /** The one thread, issue or community a threads report reads, in words; another organization's is 404. */
  async function threadsOf(tenantId: number, f: ThreadsReportFilter) {
    if (f.thread_id !== undefined) {
      const thread = assertFound(await findReportThread(db, tenantId, f.thread_id))
      return `Thread ${thread.id}: ${thread.title}`
    }
    if (f.issue_id !== undefined) return `Issue: ${assertFound(await issueTitle(db, tenantId, f.issue_id))}`
    if (f.community_id !== undefined)
      return `Community: ${assertFound(await findCommunity(db, tenantId, f.community_id)).name}`
    // The filter's schema already refuses this; a caller that skipped it gets the same answer.
    throw fieldError('thread_id', 'Give exactly one of thread_id, issue_id and community_id.')
  }

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
    source: (timeZone: string, guard: boolean) => Promise<Rows>,
  ): Promise<ReportDownload> {
    const release = acquire(actor.tenantId)
    try {
      const tenant = await tenantOf(actor, input)
      const rowsOf = await source(tenant.timeZone, format === 'csv')
      const max = limits.maxRows[format]
      const columns = rowsOf.columns ?? REPORT_COLUMNS[report]
      const { rows, body } = await unknownZoneIsBadInput(
        format === 'csv'
          ? csvExport(columns, rowsOf.rows, tenant.timeZone, max)
          : pdfExport(report, columns, tenant, rowsOf, max),
      )
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
      deliver(actor, 'chats', format, f, async (timeZone, guard) => {
        // Another organization's staff member or topic looks absent, as everywhere (contract §1.5.3).
        const assignee =
          typeof f.assignee === 'number' ? assertFound(await staffName(db, actor.tenantId, f.assignee)) : f.assignee
        const topic =
          f.topic_id === undefined ? undefined : assertFound(await topicName(db, actor.tenantId, f.topic_id))
        const { from, to } = windowOf(f, timeZone, 30)
        const onlyChatsOf = await employeeLimit(actor)
        const scope = {
          from,
          to,
          statuses: f.status,
          channels: f.channel,
          assignee: f.assignee,
          topicId: f.topic_id,
          onlyChatsOf,
        }
        return {
          rows: chatsSource(db, actor.tenantId, scope, guard),
          filters: [
            `Created ${windowText(from, to, timeZone)}`,
            ...listed('Status', f.status),
            ...listed('Channel', f.channel),
            ...(assignee === undefined ? [] : [`Assignee: ${assignee === 'none' ? 'nobody' : assignee}`]),
            ...(topic === undefined ? [] : [`Topic: ${topic}`]),
            ...(onlyChatsOf === null ? [] : ['Chats assigned to you or to nobody']),
          ],
        }
      }),

    messages: (actor: StaffActor, format: ReportFormat, f: MessagesReportFilter) =>
      deliver(actor, 'messages', format, f, async (timeZone, guard) => {
        const onlyChatsOf = await employeeLimit(actor)
        if (f.chat_id !== undefined && !(await chatExists(db, actor.tenantId, f.chat_id, onlyChatsOf))) throw notFound()
        const { from, to } =
          f.chat_id === undefined ? windowOf(f, timeZone, 30) : { from: new Date(0), to: clock.now() }
        const scope = { chatId: f.chat_id, from, to, channels: f.channel, senders: f.sender, onlyChatsOf }
        return {
          rows: messagesSource(db, actor.tenantId, scope, guard),
          filters: [
            f.chat_id === undefined ? `Sent ${windowText(from, to, timeZone)}` : `Chat ${f.chat_id}, whole history`,
            ...listed('Channel', f.channel),
            ...listed('Sender', f.sender),
            ...(onlyChatsOf === null ? [] : ['Chats assigned to you or to nobody']),
          ],
          // A voice message shows its duration and a link to the recording (contract §9.2).
          pdfCells: (cells) => {
            const [id, , , , , , , , , seconds] = cells
            if (seconds === null || seconds === undefined || id === null || id === undefined) return cells
            return [...cells.slice(0, 9), { text: `${seconds} s`, link: voiceLinks.url(Number(id)) }]
          },
        }
      }),

    issues: (actor: StaffActor, format: ReportFormat, f: IssuesReportFilter) =>
      deliver(actor, 'issues', format, f, async (timeZone, guard) => {
        const community =
          f.community_id === undefined
            ? undefined
            : assertFound(await findCommunity(db, actor.tenantId, f.community_id))
        const { from, to } = windowOf(f, timeZone, null)
        return {
          rows: issuesSource(db, actor.tenantId, { communityId: f.community_id, solved: f.solved, from, to }, guard),
          filters: [
            community ? `Community: ${community.name}` : 'All communities',
            `Created ${windowText(from, to, timeZone)}`,
            ...(f.solved === undefined ? [] : [f.solved ? 'Solved' : 'Not solved']),
          ],
        }
      }),

    // Staff reach every survey and community of their organization (contract §5, §6.2): no employee limit here.
    surveys: (actor: StaffActor, format: ReportFormat, f: SurveysReportFilter) =>
      deliver(actor, 'surveys', format, f, async (timeZone, guard) => {
        const { from, to } = windowOf(f, timeZone, null)
        const scope = { statuses: f.status, from, to, now: clock.now() }
        return {
          rows: surveysSource(db, actor.tenantId, scope, guard),
          filters: [`Created ${windowText(from, to, timeZone)}`, ...listed('Status', f.status)],
        }
      }),

    threads: (actor: StaffActor, format: ReportFormat, f: ThreadsReportFilter) =>
      deliver(actor, 'threads', format, f, async (timeZone, guard) => {
        const { from, to } = windowOf(f, timeZone, null)
        const scope = { threadId: f.thread_id, issueId: f.issue_id, communityId: f.community_id, from, to }
        return {
          rows: threadsSource(db, actor.tenantId, scope, guard),
          filters: [await threadsOf(actor.tenantId, f), `Commented ${windowText(from, to, timeZone)}`],
        }
      }),

    surveyResponses: (actor: StaffActor, format: ReportFormat, f: SurveyResponsesReportFilter) =>
      deliver(actor, 'survey-responses', format, f, async (timeZone, guard) => {
        const survey = assertFound(await findReportSurvey(db, actor.tenantId, f.survey_id))
        const subgroup =
          f.subgroup_id === undefined
            ? undefined
            : assertFound(await subgroupName(db, actor.tenantId, survey.id, f.subgroup_id))
        const { from, to } = windowOf(f, timeZone, null)
        const questions = survey.questions
        const scope = { surveyId: survey.id, subgroupId: f.subgroup_id, from, to, questions }
        return {
          rows: surveyResponsesSource(db, actor.tenantId, scope, guard),
          columns: [...REPORT_COLUMNS['survey-responses'], ...questions.map((q, i) => `Q${i + 1}. ${q.title}`)],
          filters: [
            `Survey: ${survey.topic}`,
            ...(subgroup === undefined ? [] : [`Subgroup: ${subgroup}`]),
            `Submitted ${windowText(from, to, timeZone)}`,
          ],
        }
      }),
  }
}

/** A list filter in words ("Status: open, pending"); nothing when it was not given. */
const listed = (label: string, values: readonly string[] | undefined) =>
  values === undefined ? [] : [`${label}: ${values.join(', ')}`]

export type ExportService = ReturnType<typeof createExportService>

/**
 * `pages` with its first page already read, so that a failure to read it is an error reply rather than a cut file.
 */
async function readingAhead<T>(pages: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await pages.next()
  return (async function* () {
    if (!first.done) yield first.value
    yield* pages
  })()
}

/**
 * A time zone the request named (valid in the IANA database this process knows) that the database's own time zone
 * data does not know is the request's fault: 400, not 500.
 */
async function unknownZoneIsBadInput<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === '22023' && /TimeZone/i.test(err.message))
      throw fieldError('timezone', 'This time zone is not known to the database.')
    throw err
  }
}

function tooLarge(format: ReportFormat, max: number) {
  const n = `${max.toLocaleString('en-US')} ${max === 1 ? 'row' : 'rows'}`
  const message =
    format === 'pdf'
      ? `This report has more than ${n}. Narrow the filters or download CSV.`
      : `This report has more than ${n}. Narrow the filters.`
  return new AppError(413, 'report.too_large', message)
}
