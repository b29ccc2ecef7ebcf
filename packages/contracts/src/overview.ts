import { z } from 'zod'
import { TenantScope } from './common.js'

export const OverviewQuery = TenantScope

/**
 * What needs attention now, as the calling staff member may see it (an employee limited to assigned chats counts
 * only theirs and unassigned ones). Chats: `open` have status open; the others count chats that are not resolved:
 * `waiting` — the customer's latest message has no human reply yet, `mine` — assigned to the caller, `unassigned` —
 * assigned to nobody. Issues: `new_today` were raised since midnight in the organisation's time zone (`timezone`,
 * `today`); `unsolved` are all issues not marked solved.
 */
export const OverviewSummary = z.object({
  timezone: z.string(),
  today: z.string().describe('The current date in the time zone of the organisation, YYYY-MM-DD'),
  chats: z.object({
    open: z.number().int(),
    waiting: z.number().int(),
    mine: z.number().int(),
    unassigned: z.number().int(),
  }),
  issues: z.object({ new_today: z.number().int(), unsolved: z.number().int() }),
})
export type OverviewSummary = z.infer<typeof OverviewSummary>
