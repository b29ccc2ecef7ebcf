import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Breadcrumbs from '@mui/material/Breadcrumbs'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Skeleton from '@mui/material/Skeleton'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined'
import EditOutlined from '@mui/icons-material/EditOutlined'
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined'
import type { Community } from '@proxima/contracts'
import { useId, type ReactNode } from 'react'
import { Link as RouterLink, useParams, useSearchParams } from 'react-router'
import { hasStatus } from '../../../api/errors'
import { useIsAdmin } from '../../../app/hooks'
import { ErrorState } from '../../../ui/states'
import { useDebouncedValue } from '../../../ui/use-debounced-value'
import type { IssueFilters, IssueSortOrder, SolvedFilter } from '../api'
import { AdminDialogs } from '../components/AdminDialogs'
import { CommunityStats } from '../components/CommunityCard'
import { ConnectionHint } from '../components/ConnectionHint'
import { HistoryTab } from '../components/HistoryTab'
import { DEFAULT_ISSUE_FILTERS, IssueFilterBar, type IssueFilterDraft } from '../components/IssueFilterBar'
import { IssueList } from '../components/IssueList'
import { MembersTab } from '../components/MembersTab'
import { idParam } from '../format'
import { useCommunity } from '../use-communities'
import { useCommunityAdmin } from '../use-community-admin'
import { useIssueLiveUpdates } from '../use-issues'
import { ExportButton } from '../../reports/components/ExportButton'
import { communityIssuesExport } from '../../reports/list-exports'

const TABS = [
  { value: 'issues', label: 'Issues' },
  { value: 'members', label: 'Members' },
  { value: 'history', label: 'Join & leave history' },
] as const
type TabValue = (typeof TABS)[number]['value']

const SOLVED: SolvedFilter[] = ['open', 'solved', 'all']
const SORT_PARAM: Record<IssueSortOrder, string> = {
  '-created_at': 'newest',
  '-last_activity_at': 'activity',
  '-like_count': 'liked',
}
const sortOf = (param: string | null): IssueSortOrder =>
  (Object.keys(SORT_PARAM) as IssueSortOrder[]).find((sort) => SORT_PARAM[sort] === param) ?? '-created_at'
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The tab and the issue filters live in the address, so "Back" from an issue returns to the same view. */
const useViewParams = () => {
  const [params, setParams] = useSearchParams()
  const tabParam = params.get('tab')
  const tab: TabValue = TABS.some((t) => t.value === tabParam) ? (tabParam as TabValue) : 'issues'
  const state = params.get('state') as SolvedFilter | null
  const day = (key: string) => {
    const value = params.get(key) ?? ''
    return DAY.test(value) ? value : ''
  }
  const draft: IssueFilterDraft = {
    solved: state && SOLVED.includes(state) ? state : DEFAULT_ISSUE_FILTERS.solved,
    sort: sortOf(params.get('sort')),
    search: params.get('q') ?? '',
    from: day('from'),
    to: day('to'),
  }
  const write = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true },
    )
  const setFilters = (change: Partial<IssueFilterDraft>) => {
    const { solved, sort, search, from, to } = change
    write({
      ...(solved !== undefined ? { state: solved === DEFAULT_ISSUE_FILTERS.solved ? null : solved } : {}),
      ...(sort !== undefined ? { sort: sort === '-created_at' ? null : SORT_PARAM[sort] } : {}),
      ...(search !== undefined ? { q: search } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    })
  }
  const setTab = (next: TabValue) => write({ tab: next === 'issues' ? null : next })
  return { tab, setTab, draft, setFilters }
}

type HeaderProps = {
  community: Community
  admin: ReturnType<typeof useCommunityAdmin> | null
  /** For every staff member: the issues' export. */
  actions: ReactNode
}

const Header = ({ community, admin, actions }: HeaderProps) => (
  <Box component="header" sx={{ mb: 2 }}>
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {community.community_name}
          </Typography>
          {community.is_archived ? <Chip label="Archived" variant="outlined" /> : null}
        </Box>
        {community.description ? (
          <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {community.description}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {actions}
        {admin ? (
          <>
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => admin.edit(community)}>
              Edit
            </Button>
            <Button
              variant="outlined"
              color={community.is_archived ? 'primary' : 'error'}
              startIcon={community.is_archived ? <UnarchiveOutlined /> : <ArchiveOutlined />}
              onClick={() => admin.archive(community, !community.is_archived)}
            >
              {community.is_archived ? 'Restore' : 'Archive'}
            </Button>
          </>
        ) : null}
      </Box>
    </Box>
    <Box sx={{ mt: 1.5 }}>
      <CommunityStats community={community} />
    </Box>
    {community.is_archived ? (
      <Alert severity="info" sx={{ mt: 2 }}>
        This community is archived: customers no longer see it, and nobody can raise issues or comment there.
      </Alert>
    ) : null}
  </Box>
)

const CommunityView = ({ communityId }: { communityId: number }) => {
  const isAdmin = useIsAdmin()
  const community = useCommunity(communityId)
  const admin = useCommunityAdmin()
  const { tab, setTab, draft, setFilters } = useViewParams()
  const tabsId = useId()
  useIssueLiveUpdates()

  const search = useDebouncedValue(draft.search.trim(), 350)
  const rangeError = draft.from && draft.to && draft.from > draft.to ? 'The first day is after the last.' : undefined
  // Query keys are compared by value: an equal object reuses the cached list.
  const filters: IssueFilters = {
    communityId,
    solved: draft.solved,
    sort: draft.sort,
    search: search.length >= 2 ? search : '',
    from: rangeError ? '' : draft.from,
    to: rangeError ? '' : draft.to,
  }
  const filtered = filters.search !== '' || filters.from !== '' || filters.to !== ''

  if (community.isError && !community.data) {
    const gone = hasStatus(community.error, 404)
    return (
      <>
        <ErrorState
          error={community.error}
          title={gone ? 'This community is not available' : 'The community could not be loaded'}
          onRetry={gone ? undefined : () => void community.refetch()}
          retrying={community.isFetching}
        />
        <Button component={RouterLink} to="/community">
          Back to communities
        </Button>
      </>
    )
  }

  return (
    <>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1.5 }}>
        <Link component={RouterLink} to="/community" underline="hover" color="inherit">
          Community
        </Link>
        <Typography color="text.primary" aria-current="page" noWrap sx={{ maxWidth: '60vw' }}>
          {community.data?.community_name ?? '…'}
        </Typography>
      </Breadcrumbs>
      {community.data ? (
        <Header
          community={community.data}
          admin={isAdmin ? admin : null}
          actions={
            <ExportButton
              label="Export issues"
              target={communityIssuesExport(filters, community.data.community_name)}
            />
          }
        />
      ) : (
        <Box role="status" aria-label="Loading community" sx={{ mb: 2 }}>
          <Skeleton width="40%" height={48} />
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </Box>
      )}
      <Tabs
        value={tab}
        onChange={(_event, next: TabValue) => setTab(next)}
        aria-label="Community sections"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`${tabsId}-${t.value}`}
            aria-controls={`${tabsId}-${t.value}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'issues' ? (
          <>
            <IssueFilterBar value={draft} onChange={setFilters} rangeError={rangeError} />
            <ConnectionHint />
            <IssueList
              filters={filters}
              filtered={filtered}
              onClearFilters={() => setFilters({ search: '', from: '', to: '' })}
              onShowAll={() => setFilters({ solved: 'all' })}
            />
          </>
        ) : tab === 'members' ? (
          <MembersTab communityId={communityId} />
        ) : (
          <HistoryTab communityId={communityId} />
        )}
      </Box>
      {isAdmin ? <AdminDialogs admin={admin} /> : null}
    </>
  )
}

/** One community: its issues (live), its members and its join and leave history. */
export const CommunityPage = () => {
  const id = idParam(useParams().communityId)
  if (id === null) {
    return (
      <>
        <ErrorState error="This address does not name a community." title="This community is not available" />
        <Button component={RouterLink} to="/community">
          Back to communities
        </Button>
      </>
    )
  }
  return <CommunityView key={id} communityId={id} />
}
