import Button from '@mui/material/Button'
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined'
import { Link as RouterLink, useLocation } from 'react-router'
import { PageHeader } from '../../../ui/PageHeader'
import { EmptyState } from '../../../ui/states'

export const NotFoundPage = () => {
  const { pathname } = useLocation()
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        icon={<SearchOffOutlined />}
        title="There is nothing at this address"
        description={`No page exists at ${pathname}. Check the address or go back to the overview.`}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            Go to the overview
          </Button>
        }
      />
    </>
  )
}
