import { displayName } from '../../lib/names.js'
import type { Cell } from './csv.js'
import {
  chatReportPage,
  countChatReport,
  countMessageReport,
  messageReportPage,
  type ChatReportRow,
  type ChatReportScope,
  type Keyset,
  type MessageReportRow,
  type MessageReportScope,
} from './chat-reports.queries.js'
import type { Executor } from '../../db/database.js'
import { yesNo } from './format.js'

/*
 * The chats and messages reports (contract §9.1): how many rows a scope has, and its rows as cells in the columns'
 * order, read a page at a time.
 */

/** Rows of a report, as the writers take them. */
export type ReportSource = {
  count: (cap: number) => Promise<number>
  /** The rows, a page at a time. */
  pages: () => AsyncGenerator<Cell[][]>
}

/** How the cells of one export are written. */
export type CellWriters = { time: (at: Date | string | null) => string }

export const PAGE = 1_000

/** Every page of a keyset-paged query, until a page comes back short. */
export async function* paged<R extends { id: number | string; sort_at: string }>(
  page: (after: Keyset | null) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: Keyset | null = null
  for (;;) {
    const rows = await page(after)
    yield rows
    const last = rows[rows.length - 1]
    if (rows.length < PAGE || !last) return
    after = { at: last.sort_at, id: Number(last.id) }
  }
}

/** A person's display name (§9.1: first and last name, else the username), empty without one. */
export const person = (first: string | null, last: string | null, username: string | null) =>
  username === null ? '' : displayName({ first_name: first, last_name: last, username })
const visitor = (name: string | null, id: number | null) => (id === null ? '' : name || `Visitor ${id}`)

function chatCells(r: ChatReportRow, w: CellWriters): Cell[] {
  const customer =
    r.client_id !== null
      ? person(r.client_first_name, r.client_last_name, r.client_username)
      : visitor(r.visitor_name, r.visitor_id)
  return [
    Number(r.id),
    w.time(r.created_at),
    r.status,
    r.channel,
    customer,
    r.client_email ?? '',
    person(r.assignee_first_name, r.assignee_last_name, r.assignee_username),
    r.topic ?? '',
    yesNo(r.escalated),
    r.satisfaction_rating,
    r.satisfaction_comment ?? '',
    Number(r.messages ?? 0),
    r.first_response_seconds === null ? null : Math.round(Number(r.first_response_seconds)),
    w.time(r.resolved_at),
  ]
}

export function chatsSource(db: Executor, tenantId: number, scope: ChatReportScope, w: CellWriters): ReportSource {
  return {
    count: (cap) => countChatReport(db, tenantId, scope, cap),
    pages: async function* () {
      const pages = paged((after) => chatReportPage(db, tenantId, scope, after, PAGE))
      for await (const rows of pages) yield rows.map((r) => chatCells(r, w))
    },
  }
}

function messageSender(r: MessageReportRow) {
  if (r.sender_kind === 'visitor') return visitor(r.visitor_name, r.sender_visitor_id)
  return person(r.sender_first_name, r.sender_last_name, r.sender_username)
}

function messageCells(r: MessageReportRow, w: CellWriters): Cell[] {
  const voice = r.voice_key !== null
  return [
    Number(r.id),
    Number(r.chat_id),
    w.time(r.sent_at),
    r.message_sender,
    messageSender(r),
    r.channel,
    r.topic_name ?? '',
    yesNo(r.escalated),
    r.text_content ?? '',
    voice && r.voice_duration_ms !== null ? Math.round(r.voice_duration_ms / 100) / 10 : null,
  ]
}

export function messagesSource(
  db: Executor,
  tenantId: number,
  scope: MessageReportScope,
  w: CellWriters,
): ReportSource {
  return {
    count: (cap) => countMessageReport(db, tenantId, scope, cap),
    pages: async function* () {
      const pages = paged((after) => messageReportPage(db, tenantId, scope, after, PAGE))
      for await (const rows of pages) yield rows.map((r) => messageCells(r, w))
    },
  }
}
