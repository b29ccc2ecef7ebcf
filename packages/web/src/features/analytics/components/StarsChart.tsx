import { formatCount } from '../format'
import { DataChart } from './DataChart'

const STARS = ['1', '2', '3', '4', '5'] as const

/** How many ratings gave each of 1 to 5 stars (chat satisfaction, community ratings). */
export const StarsChart = ({
  title,
  distribution,
}: {
  title: string
  distribution: Record<(typeof STARS)[number], number>
}) => (
  <DataChart
    title={title}
    kind="bar"
    categoryLabel="Stars"
    categories={STARS.map((s) => `${s} ★`)}
    series={[{ label: 'Ratings', values: STARS.map((s) => distribution[s]), format: formatCount }]}
  />
)
