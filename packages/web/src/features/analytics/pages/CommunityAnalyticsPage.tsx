import Grid from '@mui/material/Grid'
import { useCommunityOptions } from '../filter-options'
import { DataChart } from '../components/DataChart'
import { Figure } from '../components/Figure'
import { MetricCard } from '../components/MetricCard'
import { ScopeSelect } from '../components/ScopeSelect'
import { changeOf, formatCount, formatDecimal, formatPercent, formatRating } from '../format'
import { bucketLabels } from '../series'
import { useArea, valueOf } from '../use-area'
import { StarsChart } from '../components/StarsChart'
import { COMMUNITY_METRICS } from '../areas'

const METRICS = COMMUNITY_METRICS
const HEADLINE = ['uniquecomments', 'issueuserrelation', 'averagecomments'] as const

const stat = { xs: 12, sm: 6, lg: 4 }
const half = { xs: 12, md: 6 }

/** Community: members, growth, ratings and how much members raise issues and comment, for one or all communities. */
export const CommunityAnalyticsPage = () => {
  const { ctx, outcomes: o, previous, retry } = useArea(METRICS, HEADLINE)
  const communities = useCommunityOptions()
  const before = {
    commenters: valueOf(previous.uniquecomments)?.count,
    raisers: valueOf(previous.issueuserrelation)?.count,
    perThread: valueOf(previous.averagecomments)?.avg_comments_per_thread,
  }
  return (
    <>
      <ScopeSelect
        label="Community"
        allLabel="All communities"
        value={ctx.view.community}
        options={communities.options}
        loading={communities.loading}
        onChange={(community) => ctx.update({ community })}
      />
      <Grid container spacing={2}>
        <Grid size={stat}>
          <MetricCard title="Members" outcome={o.communitymembers} onRetry={retry}>
            {(d) => (
              <Figure
                value={formatCount(d.member_count)}
                detail={`${formatCount(d.new_members)} joined, ${formatCount(d.left_members)} left, ${formatCount(d.active_members)} active in this period.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={stat}>
          <MetricCard title="Growth" outcome={o.communitygrowthrate} onRetry={retry}>
            {(d) => (
              <Figure
                value={d.growth_rate === null ? 'No members at the start' : formatPercent(d.growth_rate)}
                detail={`From ${formatCount(d.member_count_start)} to ${formatCount(d.member_count_end)} members (${d.net_change >= 0 ? '+' : '−'}${formatCount(Math.abs(d.net_change))}).`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={stat}>
          <MetricCard title="Community rating" outcome={o.communityrating} onRetry={retry}>
            {(d) => (
              <Figure
                value={formatRating(d.average_rating)}
                detail={`${formatCount(d.rating_count)} members' ratings; ${formatCount(d.ratings_in_window)} given in this period.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={stat}>
          <MetricCard title="Members who commented" outcome={o.uniquecomments} onRetry={retry}>
            {(d) => (
              <Figure
                value={formatCount(d.count)}
                change={changeOf(d.count, before.commenters)}
                detail={`${formatDecimal(d.average_commenters_per_thread)} commenters per thread on average.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={stat}>
          <MetricCard title="Members who raised issues" outcome={o.issueuserrelation} onRetry={retry}>
            {(d) => (
              <Figure
                value={formatCount(d.count)}
                change={changeOf(d.count, before.raisers)}
                detail={`${formatCount(d.issue_count)} issues, ${formatDecimal(d.issues_per_client)} per member.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={stat}>
          <MetricCard title="Comments per thread" outcome={o.averagecomments} onRetry={retry}>
            {(d) => (
              <Figure
                value={formatDecimal(d.avg_comments_per_thread)}
                change={changeOf(d.avg_comments_per_thread, before.perThread)}
                detail={`${formatCount(d.thread_count)} new threads, ${formatCount(d.threads_without_comments)} without comments; ${formatCount(d.staff_reply_count)} staff replies.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={half}>
          <MetricCard
            title="Members over time"
            outcome={o.communitygrowthrate}
            onRetry={retry}
            height={260}
            isEmpty={(d) => d.series.every((s) => s.members === 0 && s.joins === 0 && s.leaves === 0)}
            emptyText="Nobody has joined yet. Members appear here when customers join a community."
          >
            {(d) => (
              <DataChart
                title="Members over time"
                kind="line"
                categoryLabel="Time"
                categories={bucketLabels(d.series, d.meta)}
                series={[{ label: 'Members', values: d.series.map((s) => s.members), format: formatCount }]}
                extraColumns={[
                  { label: 'Joined', values: d.series.map((s) => formatCount(s.joins)) },
                  { label: 'Left', values: d.series.map((s) => formatCount(s.leaves)) },
                ]}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={half}>
          <MetricCard
            title="Issues and comments so far"
            outcome={o.cumulativeissues}
            onRetry={retry}
            height={260}
            isEmpty={(d) => d.count === 0}
            emptyText="No issues have been raised yet."
          >
            {(issues) => {
              const comments = valueOf(o.cumulativecomments)
              return (
                <DataChart
                  title="Issues and comments so far"
                  kind="line"
                  categoryLabel="Time"
                  categories={bucketLabels(issues.series, issues.meta)}
                  series={[
                    { label: 'Issues', values: issues.series.map((s) => s.count), format: formatCount },
                    ...(comments && comments.series.length === issues.series.length
                      ? [{ label: 'Comments', values: comments.series.map((s) => s.count), format: formatCount }]
                      : []),
                  ]}
                />
              )
            }}
          </MetricCard>
        </Grid>
        <Grid size={half}>
          <MetricCard title="Issues" outcome={o.cumulativeissues} onRetry={retry}>
            {(d) => (
              <Figure
                value={formatCount(d.count)}
                detail={`${formatCount(d.open_count)} open, ${formatCount(d.solved_count)} solved; ${formatCount(d.in_window)} raised in this period.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={half}>
          <MetricCard title="Comments" outcome={o.cumulativecomments} onRetry={retry}>
            {(d) => (
              <Figure value={formatCount(d.count)} detail={`${formatCount(d.in_window)} written in this period.`} />
            )}
          </MetricCard>
        </Grid>
        <Grid size={half}>
          <MetricCard
            title="Commenting"
            outcome={o.commentsuserrelation}
            onRetry={retry}
            isEmpty={(d) => d.comment_count === 0}
            emptyText="No member commented in this period."
          >
            {(d) => (
              <Figure
                value={formatDecimal(d.comments_per_client)}
                detail={`${formatCount(d.comment_count)} comments by ${formatCount(d.count)} members.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={half}>
          <MetricCard
            title="Ratings"
            outcome={o.communityrating}
            onRetry={retry}
            height={240}
            isEmpty={(d) => d.rating_count === 0}
            emptyText="No member has rated this community yet."
          >
            {(d) => <StarsChart title="Community ratings by stars" distribution={d.distribution} />}
          </MetricCard>
        </Grid>
      </Grid>
    </>
  )
}
