import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { DataChart } from '../components/DataChart'
import { ScopeSelect } from '../components/ScopeSelect'
import { Figure } from '../components/Figure'
import { MetricCard } from '../components/MetricCard'
import { formatCount, formatDecimal, formatPercent } from '../format'
import { useCommunityOptions } from '../filter-options'
import { useArea } from '../use-area'
import { CUSTOMERS_METRICS } from '../areas'

const METRICS = CUSTOMERS_METRICS

const NO_CUSTOMERS = 'No registered customers chatted in this period, so there is nobody to describe yet.'
const half = { xs: 12, md: 6 }

type Ranked = { name: string; count: number; percentage: number | null }

const RankedChart = ({ title, noun, rows, other }: { title: string; noun: string; rows: Ranked[]; other: number }) => (
  <>
    <DataChart
      title={title}
      kind="bar"
      horizontal
      categoryLabel={noun}
      categories={rows.map((r) => r.name)}
      series={[{ label: 'Customers', values: rows.map((r) => r.count), format: formatCount }]}
      extraColumns={[{ label: 'Share', values: rows.map((r) => formatPercent(r.percentage)) }]}
      height={Math.max(180, rows.length * 30)}
    />
    {other > 0 ? (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {formatCount(other)} more in other places.
      </Typography>
    ) : null}
  </>
)

/** What the page says of the customers it describes: those who chatted in the period, or a community's members. */
function wordsFor(community: boolean) {
  return community
    ? {
        title: 'Community members',
        detail: 'Registered customers who are members of the community at the end of the period.',
        nobody: 'This community has no members to describe.',
        these: 'these members',
      }
    : {
        title: 'Customers who chatted',
        detail: 'Registered customers with a chat message in this period; visitors have no profile.',
        nobody: NO_CUSTOMERS,
        these: 'the customers of this period',
      }
}

/**
 * Customers: who the registered customers who chatted in the period are (age, gender, where they live), or, with a
 * community chosen, who that community's members are.
 */
export const CustomersAnalyticsPage = () => {
  const { ctx, outcomes: o, retry } = useArea(METRICS)
  const communities = useCommunityOptions()
  const words = wordsFor(ctx.view.community !== null)
  return (
    <>
      <ScopeSelect
        label="Customers"
        allLabel="Everyone who chatted"
        value={ctx.view.community}
        options={communities.options?.map((c) => ({ id: c.id, name: `Members of ${c.name}` }))}
        loading={communities.loading}
        onChange={(community) => ctx.update({ community })}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <MetricCard title={words.title} outcome={o.clientsaverageage} onRetry={retry}>
            {(d) => <Figure value={formatCount(d.total_clients)} detail={words.detail} />}
          </MetricCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <MetricCard
            title="Average age"
            outcome={o.clientsaverageage}
            onRetry={retry}
            isEmpty={(d) => d.with_age_count === 0}
            emptyText="None of these customers gave a date of birth."
          >
            {(d) => (
              <Figure
                value={`${formatDecimal(d.average_age, 1)} years`}
                detail={`Median ${formatDecimal(d.median_age, 1)} years; ${formatCount(d.with_age_count)} customers gave a date of birth, ${formatCount(d.unknown_count)} did not.`}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={half}>
          <MetricCard
            title="Age groups"
            outcome={o.clientsaverageage}
            onRetry={retry}
            height={240}
            isEmpty={(d) => d.with_age_count === 0}
            emptyText={words.nobody}
          >
            {(d) => (
              <DataChart
                title="Customers by age group"
                kind="bar"
                categoryLabel="Age"
                categories={d.age_groups.map((g) => g.range)}
                series={[{ label: 'Customers', values: d.age_groups.map((g) => g.count), format: formatCount }]}
                extraColumns={[{ label: 'Share', values: d.age_groups.map((g) => formatPercent(g.percentage)) }]}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={half}>
          <MetricCard
            title="Gender"
            outcome={o.genderdistribution}
            onRetry={retry}
            height={240}
            isEmpty={(d) => d.total_clients === 0}
            emptyText={words.nobody}
          >
            {(d) => (
              <DataChart
                title="Customers by gender"
                kind="bar"
                categoryLabel="Gender"
                categories={[...d.gender.map((g) => g.gender), 'Not given']}
                series={[
                  {
                    label: 'Customers',
                    values: [...d.gender.map((g) => g.count), d.unknown_count],
                    format: formatCount,
                  },
                ]}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <MetricCard
            title="Countries"
            outcome={o.countrydistribution}
            onRetry={retry}
            height={240}
            isEmpty={(d) => d.countries.length === 0}
            emptyText={`No country is known for ${words.these}.`}
          >
            {(d) => (
              <RankedChart
                title="Customers by country"
                noun="Country"
                rows={d.countries.map((c) => ({ name: c.country, count: c.count, percentage: c.percentage }))}
                other={d.other_count}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <MetricCard
            title="States and regions"
            outcome={o.statedistribution}
            onRetry={retry}
            height={240}
            isEmpty={(d) => d.state.length === 0}
            emptyText={`No state or region is known for ${words.these}.`}
          >
            {(d) => (
              <RankedChart
                title="Customers by state or region"
                noun="State"
                rows={d.state.map((c) => ({ name: c.state, count: c.count, percentage: c.percentage }))}
                other={d.other_count}
              />
            )}
          </MetricCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <MetricCard
            title="Cities"
            outcome={o.clientcitydistribution}
            onRetry={retry}
            height={240}
            isEmpty={(d) => d.cities.length === 0}
            emptyText={`No city is known for ${words.these}.`}
          >
            {(d) => (
              <RankedChart
                title="Customers by city"
                noun="City"
                rows={d.cities.map((c) => ({ name: c.city, count: c.count, percentage: c.percentage }))}
                other={d.other_count}
              />
            )}
          </MetricCard>
        </Grid>
      </Grid>
    </>
  )
}
