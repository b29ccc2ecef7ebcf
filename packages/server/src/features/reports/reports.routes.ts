import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { ChatsReportFilter, IssuesReportFilter, MessagesReportFilter, REPORT_PATHS } from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import { limitPerTenant, type Limits } from '../../http/rate-limit.js'
import { attachment } from './format.js'
import type { ReportDownload, ExportService } from './reports.service.js'

const tags = ['reports']

/** Sends a download with the headers of contract §9.2. */
function send(reply: FastifyReply, d: ReportDownload) {
  return reply
    .header('content-type', d.contentType)
    .header('content-disposition', attachment(d.fileName))
    .header('cache-control', 'no-store')
    .header('x-report-rows', String(d.rows))
    .send(d.body)
}

/** An absent POST body is no filter (Fastify hands it to validation as null). */
const bodyOf = <T extends z.ZodType>(filter: T) => z.preprocess((v) => v ?? {}, filter)

/**
 * The report exports (contract §9): each by GET with the filters as a query or by POST with them as a JSON body,
 * staff only, in the `reports` rate bucket of the organization.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: ExportService; limits: Limits | null }> = async (
  app,
  { reports, limits },
) => {
  const config = { roles: STAFF, rateLimit: limitPerTenant(limits, 'reports') }

  const chats = `/api/reports/${REPORT_PATHS.chats.csv}/`
  const chatsSummary = 'The chats report as CSV'
  app.get(
    chats,
    { schema: { tags, summary: chatsSummary, querystring: ChatsReportFilter }, config },
    async (req, reply) => send(reply, await reports.chats(staffOf(req), 'csv', req.query)),
  )
  app.post(
    chats,
    { schema: { tags, summary: chatsSummary, body: bodyOf(ChatsReportFilter) }, config },
    async (req, reply) => send(reply, await reports.chats(staffOf(req), 'csv', req.body)),
  )

  const messages = `/api/reports/${REPORT_PATHS.messages.csv}/`
  const messagesSummary = 'The messages report as CSV'
  app.get(
    messages,
    { schema: { tags, summary: messagesSummary, querystring: MessagesReportFilter }, config },
    async (req, reply) => send(reply, await reports.messages(staffOf(req), 'csv', req.query)),
  )
  app.post(
    messages,
    { schema: { tags, summary: messagesSummary, body: bodyOf(MessagesReportFilter) }, config },
    async (req, reply) => send(reply, await reports.messages(staffOf(req), 'csv', req.body)),
  )

  const issues = `/api/reports/${REPORT_PATHS.issues.csv}/`
  const issuesSummary = 'The issues report as CSV'
  app.get(
    issues,
    { schema: { tags, summary: issuesSummary, querystring: IssuesReportFilter }, config },
    async (req, reply) => send(reply, await reports.issues(staffOf(req), 'csv', req.query)),
  )
  app.post(
    issues,
    { schema: { tags, summary: issuesSummary, body: bodyOf(IssuesReportFilter) }, config },
    async (req, reply) => send(reply, await reports.issues(staffOf(req), 'csv', req.body)),
  )
}
