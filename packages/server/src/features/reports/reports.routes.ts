import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import {
  AnalyticsReportFilter,
  ChatsReportFilter,
  IssuesReportFilter,
  MessagesReportFilter,
  REPORT_PATHS,
  SurveyResponsesReportFilter,
  SurveysReportFilter,
  ThreadsReportFilter,
  type Report,
  type ReportFormat,
} from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import { limitPerTenant, type Limits } from '../../http/rate-limit.js'
import { attachment } from './format.js'
import type { AnalyticsReportService } from './analytics-report.service.js'
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

/** The paths of a report in a format: `/api/reports/<path>/` (a PDF may have an alias, §9.1). */
const pathsOf = (report: Report, format: ReportFormat) =>
  (format === 'csv' ? [REPORT_PATHS[report].csv] : REPORT_PATHS[report].pdf).map((p) => `/api/reports/${p}/`)

const FORMATS = ['csv', 'pdf'] as const

/**
 * The report exports (contract §9): each in both formats, by GET with the filters as a query or by POST with them as a
 * JSON body, staff only, in the `reports` rate bucket of the organization.
 */
export const reportRoutes: FastifyPluginAsyncZod<{
  reports: ExportService
  analyticsReports: AnalyticsReportService
  limits: Limits | null
}> = async (app, { reports, analyticsReports, limits }) => {
  const config = { roles: STAFF, rateLimit: limitPerTenant(limits, 'reports') }

  for (const format of FORMATS)
    for (const url of pathsOf('chats', format)) {
      const summary = `The chats report as ${format.toUpperCase()}`
      app.get(url, { schema: { tags, summary, querystring: ChatsReportFilter }, config }, async (req, reply) =>
        send(reply, await reports.chats(staffOf(req), format, req.query)),
      )
      app.post(url, { schema: { tags, summary, body: bodyOf(ChatsReportFilter) }, config }, async (req, reply) =>
        send(reply, await reports.chats(staffOf(req), format, req.body)),
      )
    }

  for (const format of FORMATS)
    for (const url of pathsOf('messages', format)) {
      const summary = `The messages report as ${format.toUpperCase()}`
      app.get(url, { schema: { tags, summary, querystring: MessagesReportFilter }, config }, async (req, reply) =>
        send(reply, await reports.messages(staffOf(req), format, req.query)),
      )
      app.post(url, { schema: { tags, summary, body: bodyOf(MessagesReportFilter) }, config }, async (req, reply) =>
        send(reply, await reports.messages(staffOf(req), format, req.body)),
      )
    }

  for (const format of FORMATS)
    for (const url of pathsOf('issues', format)) {
      const summary = `The issues report as ${format.toUpperCase()}`
      app.get(url, { schema: { tags, summary, querystring: IssuesReportFilter }, config }, async (req, reply) =>
        send(reply, await reports.issues(staffOf(req), format, req.query)),
      )
      app.post(url, { schema: { tags, summary, body: bodyOf(IssuesReportFilter) }, config }, async (req, reply) =>
        send(reply, await reports.issues(staffOf(req), format, req.body)),
      )
    }

  for (const format of FORMATS)
    for (const url of pathsOf('surveys', format)) {
      const summary = `The surveys report as ${format.toUpperCase()}`
      app.get(url, { schema: { tags, summary, querystring: SurveysReportFilter }, config }, async (req, reply) =>
        send(reply, await reports.surveys(staffOf(req), format, req.query)),
      )
      app.post(url, { schema: { tags, summary, body: bodyOf(SurveysReportFilter) }, config }, async (req, reply) =>
        send(reply, await reports.surveys(staffOf(req), format, req.body)),
      )
    }

  for (const format of FORMATS)
    for (const url of pathsOf('threads', format)) {
      const summary = `The threads report as ${format.toUpperCase()}`
      app.get(url, { schema: { tags, summary, querystring: ThreadsReportFilter }, config }, async (req, reply) =>
        send(reply, await reports.threads(staffOf(req), format, req.query)),
      )
      app.post(url, { schema: { tags, summary, body: bodyOf(ThreadsReportFilter) }, config }, async (req, reply) =>
        send(reply, await reports.threads(staffOf(req), format, req.body)),
      )
    }

  for (const format of FORMATS)
    for (const url of pathsOf('survey-responses', format)) {
      const summary = `The survey responses report as ${format.toUpperCase()}`
      app.get(
        url,
        { schema: { tags, summary, querystring: SurveyResponsesReportFilter }, config },
        async (req, reply) => send(reply, await reports.surveyResponses(staffOf(req), format, req.query)),
      )
      app.post(
        url,
        { schema: { tags, summary, body: bodyOf(SurveyResponsesReportFilter) }, config },
        async (req, reply) => send(reply, await reports.surveyResponses(staffOf(req), format, req.body)),
      )
    }

  // An analytics page as a one-page PDF, with the filter the page was showing.
  const analytics = '/api/reports/analyticspdf/'
  const summary = 'An analytics page as a one-page PDF'
  app.get(analytics, { schema: { tags, summary, querystring: AnalyticsReportFilter }, config }, async (req, reply) =>
    send(reply, await analyticsReports.pdf(staffOf(req), req.query)),
  )
  app.post(analytics, { schema: { tags, summary, body: AnalyticsReportFilter }, config }, async (req, reply) =>
    send(reply, await analyticsReports.pdf(staffOf(req), req.body)),
  )
}
