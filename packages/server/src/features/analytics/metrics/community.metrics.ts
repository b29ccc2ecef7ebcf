import { round2 } from '../../../lib/numbers.js'
import { metric, type MetricContext } from '../metric.js'
import { runningTotals, seriesItems } from '../series.js'
import type { Bucket, Window } from '../window.js'
import {
  communityFactsByBucket,
  HISTORY_START,
  type CommunityFacts,
  type CommunityMeasure,
} from '../rollup/community.queries.js'
import {
  commenterSpread,
  commentsInWindow,
  issuesInWindow,
  threadComments,
  topCommenters,
} from './community-activity.queries.js'
import { activeMembers, latestMove, ratingCounts, type CommunityScope } from './community-members.queries.js'

/*
 * Community metrics (contract §7.9); docs/metrics/community.md defines each number for the people who read them.
 * Without `community` they cover all of the tenant's communities (archived ones included) together, and members are
 * counted as memberships: a client in two communities is two members, so joins − leaves always equals the change
 * in members. Series values cover only the part of a bucket inside the window.
 */

const scopeOf = (ctx: MetricContext): CommunityScope => ({
  tenantId: ctx.tenantId,
  community: ctx.scope.community?.id,
  from: ctx.window.from,
  to: ctx.window.to,
  live: !ctx.rollups,
})

/**
 * The edges of the window's buckets: `from`, every later bucket's start, and `to`, so a partial first or last bucket
 * counts only what lies inside the window.
 */
export function windowEdges(buckets: readonly Bucket[], window: Window): Date[] {
  return [window.from, ...buckets.slice(1).map((b) => b.start), window.to]
}

const NO_FACTS: CommunityFacts = { comments: 0, staff_comments: 0, issues: 0, issues_solved: 0, joins: 0, leaves: 0 }

/**
 * The community facts `measures` of everything before the window (`before`) and of each of its buckets (`inBucket(i)`
 * for the 0-based bucket i), from the rollups where they are sealed.
 */
async function communityFacts(ctx: MetricContext, measures: readonly CommunityMeasure[], edges: readonly Date[]) {
  const s = scopeOf(ctx)
  const byBucket = await communityFactsByBucket(
    ctx.db,
    { tenantId: s.tenantId, community: s.community, live: s.live },
    [HISTORY_START, ...edges],
    measures,
  )
  return {
    before: byBucket.get(1) ?? NO_FACTS,
    inBucket: (i: number) => byBucket.get(i + 2) ?? NO_FACTS,
  }
}

/** `part ÷ whole` rounded to 2 decimals, or null when `whole` is 0. */
const ratio = (part: number, whole: number) => (whole === 0 ? null : round2(part / whole))

/** (end − start) ÷ start × 100, rounded to 2 decimals; null when there was nobody at the start. */
const growth = (start: number, end: number) => (start === 0 ? null : round2(((end - start) / start) * 100))

const averagecommentsMetric = metric({
  name: 'averagecomments',
  uses: ['community'],
  compute: async (ctx) => {
    const t = await threadComments(ctx.db, scopeOf(ctx))
    return {
      avg_comments_per_thread: ratio(t.commentCount, t.threadCount),
      thread_count: t.threadCount,
      comment_count: t.commentCount,
      staff_reply_count: t.staffReplyCount,
      threads_without_comments: t.threadsWithoutComments,
    }
  },
})

const communitygrowthrateMetric = metric({
  name: 'communitygrowthrate',
  uses: ['community'],
  series: 'day',
  compute: async (ctx) => {
    const edges = windowEdges(ctx.buckets, ctx.window)
    const [facts, latest] = await Promise.all([
      communityFacts(ctx, ['joins', 'leaves'], edges),
      latestMove(ctx.db, scopeOf(ctx)),
    ])
    const startMembers = facts.before.joins - facts.before.leaves
    let members = startMembers
    let joins = 0
    let leaves = 0
    const values = new Map<number, { members: number; joins: number; leaves: number; growth_rate: number | null }>()
    ctx.buckets.forEach((_, i) => {
      const { joins: j, leaves: l } = facts.inBucket(i)
      const start = members
      members += j - l
      joins += j
      leaves += l
      values.set(i + 1, { members, joins: j, leaves: l, growth_rate: growth(start, members) })
    })
    return {
      growth_rate: growth(startMembers, members),
      member_count_start: startMembers,
      member_count_end: members,
      joins,
      leaves,
      net_change: members - startMembers,
      time_diff: latest ? Math.floor((ctx.window.to.getTime() - latest.getTime()) / 1000) : null,
      // Every bucket has its values; the fallback is never used.
      series: seriesItems(ctx.buckets, values, () => ({ members: 0, joins: 0, leaves: 0, growth_rate: null })),
    }
  },
})

const communitymembersMetric = metric({
  name: 'communitymembers',
  uses: ['community'],
  compute: async (ctx) => {
    // Members at `to`: every join before it minus every leave before it; new and left: the window's.
    const [facts, active] = await Promise.all([
      communityFacts(ctx, ['joins', 'leaves'], [ctx.window.from, ctx.window.to]),
      activeMembers(ctx.db, scopeOf(ctx)),
    ])
    const inWindow = facts.inBucket(0)
    return {
      community: ctx.scope.community?.name ?? null,
      member_count: facts.before.joins + inWindow.joins - facts.before.leaves - inWindow.leaves,
      new_members: inWindow.joins,
      left_members: inWindow.leaves,
      active_members: active,
    }
  },
})

const communityratingMetric = metric({
  name: 'communityrating',
  uses: ['community'],
  compute: async (ctx) => {
    const r = await ratingCounts(ctx.db, scopeOf(ctx))
    const average = ratio(r.sum, r.count)
    return {
      count: average,
      average_rating: average,
      rating_count: r.count,
      distribution: r.distribution,
      ratings_in_window: r.inWindow,
    }
  },
})

/** All-time total of `measure` up to `to`, the window's share, and running totals at each bucket's end (§7.2). */
function cumulative(ctx: MetricContext, facts: Awaited<ReturnType<typeof communityFacts>>, measure: CommunityMeasure) {
  const base = facts.before[measure]
  const perBucket = ctx.buckets.map((_, i) => facts.inBucket(i)[measure])
  const totals = runningTotals(base, perBucket)
  const inWindow = perBucket.reduce((n, c) => n + c, 0)
  const values = new Map(totals.map((count, i) => [i + 1, { count }]))
  return {
    count: base + inWindow,
    in_window: inWindow,
    series: seriesItems(ctx.buckets, values, () => ({ count: 0 })),
  }
}

const cumulativecommentsMetric = metric({
  name: 'cumulativecomments',
  uses: ['community'],
  series: 'day',
  compute: async (ctx) =>
    cumulative(ctx, await communityFacts(ctx, ['comments'], windowEdges(ctx.buckets, ctx.window)), 'comments'),
})

const cumulativeissuesMetric = metric({
  name: 'cumulativeissues',
  uses: ['community'],
  series: 'day',
  compute: async (ctx) => {
    const facts = await communityFacts(ctx, ['issues', 'issues_solved'], windowEdges(ctx.buckets, ctx.window))
    const totals = cumulative(ctx, facts, 'issues')
    const solved = facts.before.issues_solved + ctx.buckets.reduce((n, _, i) => n + facts.inBucket(i).issues_solved, 0)
    return { ...totals, open_count: totals.count - solved, solved_count: solved }
  },
})

const uniquecommentsMetric = metric({
  name: 'uniquecomments',
  uses: ['community', 'limit'],
  compute: async (ctx) => {
    const s = scopeOf(ctx)
    const [spread, data] = await Promise.all([commenterSpread(ctx.db, s), topCommenters(ctx.db, s, ctx.filter.limit)])
    return {
      count: spread.clientCount,
      data,
      average_commenters_per_thread: ratio(spread.pairs, spread.threadCount),
    }
  },
})

const issueuserrelationMetric = metric({
  name: 'issueuserrelation',
  uses: ['community'],
  compute: async (ctx) => {
    const r = await issuesInWindow(ctx.db, scopeOf(ctx))
    return { count: r.clientCount, issue_count: r.issueCount, issues_per_client: ratio(r.issueCount, r.clientCount) }
  },
})

const commentsuserrelationMetric = metric({
  name: 'commentsuserrelation',
  uses: ['community', 'thread'],
  defaultWindow: 'thread_life',
  compute: async (ctx) => {
    const r = await commentsInWindow(ctx.db, { ...scopeOf(ctx), thread: ctx.scope.thread?.id })
    return {
      count: r.clientCount,
      comment_count: r.commentCount,
      comments_per_client: ratio(r.commentCount, r.clientCount),
    }
  },
})

export const communityMetrics = {
  averagecomments: averagecommentsMetric,
  communitygrowthrate: communitygrowthrateMetric,
  communitymembers: communitymembersMetric,
  communityrating: communityratingMetric,
  cumulativecomments: cumulativecommentsMetric,
  cumulativeissues: cumulativeissuesMetric,
  uniquecomments: uniquecommentsMetric,
  issueuserrelation: issueuserrelationMetric,
  commentsuserrelation: commentsuserrelationMetric,
}
