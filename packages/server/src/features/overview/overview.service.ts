import type { OverviewSummary } from '@proxima/contracts'
import type { StaffActor } from '../../http/actor.js'
import { dateIn, type Clock } from '../../lib/clock.js'
import type { ChatService } from '../chat/chats.service.js'
import type { IssueService } from '../community/issues.service.js'
import type { SettingsService } from '../tenants/settings.service.js'

type Deps = {
  clock: Clock
  chats: Pick<ChatService, 'queues'>
  issues: Pick<IssueService, 'overviewCounts'>
  settings: Pick<SettingsService, 'getSettings'>
}

/** The dashboard's first page: what needs attention now, counted by the features that own the data. */
export function createOverviewService({ clock, chats, issues, settings }: Deps) {
  /** "Today" is the date in the organisation's time zone, read from the injected clock. */
  async function summary(actor: StaffActor): Promise<OverviewSummary> {
    const { timezone } = await settings.getSettings(actor)
    const today = dateIn(clock.now(), timezone)
    const [chatCounts, issueCounts] = await Promise.all([
      chats.queues(actor),
      issues.overviewCounts(actor, today, timezone),
    ])
    return { timezone, today, chats: chatCounts, issues: issueCounts }
  }

  return { summary }
}

export type OverviewService = ReturnType<typeof createOverviewService>
