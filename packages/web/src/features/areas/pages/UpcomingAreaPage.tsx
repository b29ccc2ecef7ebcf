import { ComingSoonPage } from '../../../ui/ComingSoonPage'
import { UPCOMING_AREAS, type UpcomingArea } from '../areas'

export const UpcomingAreaPage = ({ area }: { area: UpcomingArea }) => {
  const { title, description } = UPCOMING_AREAS[area]
  return <ComingSoonPage title={title} description={description} />
}
