import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import Add from '@mui/icons-material/Add'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import { useState } from 'react'
import { useIsAdmin } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { EmptyState, ErrorState, SkeletonBlock } from '../../../ui/states'
import { useDebouncedValue } from '../../../ui/use-debounced-value'
import { AdminDialogs } from '../components/AdminDialogs'
import { CommunityCard } from '../components/CommunityCard'
import { plural } from '../format'
import { useCommunities } from '../use-communities'
import { useCommunityAdmin } from '../use-community-admin'
import { useIssueLiveUpdates } from '../use-issues'
import { SearchField } from '../../../ui/SearchField'
import { LoadMoreButton } from '../../../ui/LoadMoreButton'

const CardsSkeleton = () => (
  <Grid container spacing={2}>
    {[0, 1, 2].map((i) => (
      <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
        <SkeletonBlock height={190} label={i === 0 ? 'Loading communities…' : undefined} />
      </Grid>
    ))}
  </Grid>
)

/** The organisation's communities; admins create, edit, archive and restore them. */
export const CommunitiesPage = () => {
  const isAdmin = useIsAdmin()
  const [search, setSearch] = useState('')
  const query = useDebouncedValue(search.trim(), 300)
  const list = useCommunities(query)
  const admin = useCommunityAdmin()
  useIssueLiveUpdates()

  let body
  if (list.isPending) body = <CardsSkeleton />
  else if (list.isError && !list.data) {
    body = (
      <ErrorState
        title="Communities could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    )
  } else {
    const communities = list.data.pages.flatMap((page) => page.data)
    const total = list.data.pages[0]?.pagination?.total ?? communities.length
    body =
      communities.length === 0 ? (
        <EmptyState
          icon={<ForumOutlined />}
          title={query ? 'No communities match this search' : 'No communities yet'}
          description={
            query
              ? 'Try another name or word from the description.'
              : isAdmin
                ? 'Create a community where your customers raise issues, answer each other and hear from you.'
                : 'An admin of your organization can create one.'
          }
          action={
            query ? (
              <Button variant="outlined" onClick={() => setSearch('')}>
                Clear search
              </Button>
            ) : isAdmin ? (
              <Button variant="contained" startIcon={<Add />} onClick={admin.create}>
                Create a community
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {plural(total, 'community', 'communities')}
          </Typography>
          <Grid container spacing={2} sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {communities.map((community) => (
              <Grid key={community.community_id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <CommunityCard
                  community={community}
                  admin={isAdmin}
                  onEdit={() => admin.edit(community)}
                  onArchive={(archive) => admin.archive(community, archive)}
                />
              </Grid>
            ))}
          </Grid>
          <LoadMoreButton pages={list} sx={{ mt: 2 }} />
          {list.isError ? (
            <ErrorState
              title="Communities could not be refreshed"
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : null}
        </>
      )
  }

  return (
    <>
      <PageHeader
        title="Community"
        description={
          isAdmin
            ? 'Your customer communities: the issues members raise, who joins, and how they rate them.'
            : 'Your customer communities: the issues members raise and who joins. Only admins can create or change communities.'
        }
        actions={
          isAdmin ? (
            <Button variant="contained" startIcon={<Add />} onClick={admin.create}>
              New community
            </Button>
          ) : undefined
        }
      />
      <Box role="search" aria-label="Communities" sx={{ mb: 2, maxWidth: 420 }}>
        <SearchField label="Search communities" value={search} onChange={setSearch} />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>
        {list.isFetching && list.isPlaceholderData ? <LinearProgress aria-label="Updating communities" /> : null}
      </Box>
      {body}
      {isAdmin ? <AdminDialogs admin={admin} /> : null}
    </>
  )
}
