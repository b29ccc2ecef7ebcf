import { ANALYTICS_AREA_PAGES, CHANNEL_LABELS, type AnalyticsReportFilter, type FilterName } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import type { AnalyticsService } from '../analytics/analytics.service.js'
import { findCommunity } from '../analytics/history.js'
import { canonicalFilter, type AnalyticsFilter } from '../analytics/filter.js'
import { findReportTenant, staffName, topicName } from './chat-reports.queries.js'
import { findReportThread } from './community-reports.queries.js'
import { findReportSurvey } from './survey-reports.queries.js'
import { analyticsPdf } from './analytics-pdf.js'
import { SHEETS, type MetricReader } from './analytics-sheet.js'
import { generatedLine, localMinute, reportFileName } from './format.js'
import type { ReportDownload } from './reports.service.js'

/*
 * An analytics page as a one-page PDF (`/api/reports/analyticspdf/`): the page's metrics computed by the analytics
 * service for the caller and filter the page was showing (so another organization's community, topic or staff member
 * is 404, as on the page), then drawn. Every metric is computed before the first byte.
 */

/** The filters a sheet says in words: those some metric of the page applied (the window and zone are said apart). */
const SAID: readonly FilterName[] = ['community', 'thread', 'survey', 'topic_id', 'assignee', 'channel']

export function createAnalyticsReportService({
  db,
  clock,
  analytics,
}: {
  db: Db
  clock: Clock
  analytics: AnalyticsService
}) {
  /**
   * The filters the page's metrics applied, in words ("Community: Trail Talk", "Channels: WhatsApp, Website"),
   * with names rather than ids. Each row was already found in the caller's organization when the metrics were
   * computed; one removed since is named by its id.
   */
  async function filterWords(tenantId: number, filter: AnalyticsFilter, applied: ReadonlySet<string>) {
    const named = async (id: number, find: Promise<string | undefined>) => (await find) ?? `#${id}`
    const words = await Promise.all(
      SAID.filter((name) => applied.has(name)).map(async (name): Promise<string | null> => {
        const { community, thread, survey, topic_id: topic, assignee, channel } = filter
        switch (name) {
          case 'community':
            return community === undefined
              ? null
              : `Community: ${await named(
                  community,
                  findCommunity(db, tenantId, community).then((c) => c?.name),
                )}`
          case 'thread':
            return thread === undefined
              ? null
              : `Thread ${thread}: ${await named(
                  thread,
                  findReportThread(db, tenantId, thread).then((t) => t?.title),
                )}`
          case 'survey':
            return survey === undefined
              ? null
              : `Survey: ${await named(
                  survey,
                  findReportSurvey(db, tenantId, survey).then((s) => s?.topic),
                )}`
          case 'topic_id':
            return topic === undefined ? null : `Topic: ${await named(topic, topicName(db, tenantId, topic))}`
          case 'assignee':
            return assignee === undefined
              ? null
              : `Assignee: ${await named(assignee, staffName(db, tenantId, assignee))}`
          case 'channel':
            return channel === undefined || channel.length === 0
              ? null
              : `${channel.length === 1 ? 'Channel' : 'Channels'}: ${channel.map((c) => CHANNEL_LABELS[c]).join(', ')}`
          default:
            return null
        }
      }),
    )
    return words.filter((w): w is string => w !== null)
  }

  async function pdf(actor: StaffActor, input: AnalyticsReportFilter): Promise<ReportDownload> {
    const { area, ...given } = input
    const { filter } = canonicalFilter(given)
    // Which filters the page's metrics applied, so that the PDF names those and no others.
    const applied = new Set<string>()
    const read: MetricReader = async (name) => {
      const reply = await analytics.run(actor, name, given)
      for (const key of Object.keys(reply.meta.filters)) applied.add(key)
      return reply
    }
    const sheet = await SHEETS[area](read, filter)
    const [tenant, said] = await Promise.all([
      findReportTenant(db, actor.tenantId),
      filterWords(actor.tenantId, filter, applied),
    ])
    const { meta } = sheet
    const now = clock.now()
    const title = `${ANALYTICS_AREA_PAGES[area].label} analytics`
    const body = analyticsPdf(
      {
        title,
        tenantName: tenant.name,
        generated: generatedLine(now, tenant.timezone),
        filters: [
          `Period ${localMinute(new Date(meta.from), meta.timezone)} to ${localMinute(new Date(meta.to), meta.timezone)}`,
          ...said,
          `Times in ${meta.timezone}`,
        ].join(' · '),
      },
      sheet,
    )
    return {
      fileName: reportFileName(`analytics-${area}`, tenant.name, now, tenant.timezone, 'pdf'),
      contentType: 'application/pdf',
      rows: 1,
      body,
    }
  }
  return { pdf }
}

export type AnalyticsReportService = ReturnType<typeof createAnalyticsReportService>
