import Chip from '@mui/material/Chip'
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined'
import { PageHeader } from './PageHeader'
import { EmptyState } from './states'

type Props = { title: string; description: string }

/** An area that is not available yet: says what it will do, and shows nothing it cannot back up. */
export const ComingSoonPage = ({ title, description }: Props) => (
  <>
    <PageHeader title={title} actions={<Chip label="Coming soon" color="default" variant="outlined" />} />
    <EmptyState icon={<ConstructionOutlined />} title={`${title} is coming soon`} description={description} />
  </>
)
