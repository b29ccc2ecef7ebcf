import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ConclusionCreate, ReportViewQuery, SurveyConclusion, SurveyReportView } from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import type { ReportService } from './report.service.js'

const tags = ['surveys']
const path = '/api/survey/surveyreportview/'

/** The survey report view and the staff's conclusions (contract §6.4). */
export const surveyReportRoutes: FastifyPluginAsyncZod<{ report: ReportService }> = async (app, { report }) => {
  app.get(
    path,
    {
      schema: {
        tags,
        summary: "A survey's results per question, optionally for one subgroup, with the staff's conclusions",
        querystring: ReportViewQuery,
        response: { 200: SurveyReportView },
      },
      config: { roles: STAFF },
    },
    (req) => report.view(staffOf(req), req.query),
  )
  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Conclude a survey: what it showed and whether it succeeded',
        body: ConclusionCreate,
        response: { 201: SurveyConclusion },
      },
      config: { roles: STAFF },
    },
    async (req, reply) => reply.status(201).send(await report.conclude(staffOf(req), req.body)),
  )
}
