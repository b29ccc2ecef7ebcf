import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined'
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined'
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined'
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined'
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined'
import type { Issue } from '@proxima/contracts'
import { Link as RouterLink } from 'react-router'
import { EmptyState, ErrorState } from '../../../ui/states'
import { useNow } from '../../chats/use-now'
import type { IssueFilters } from '../api'
import { fullDateTime, personName, plural, relativeTime } from '../format'
import { useIssueList } from '../use-issues'
import { LoadMoreButton } from '../../../ui/LoadMoreButton'

const ListSkeleton = () => (
  <Box role="status" aria-label="Loading issues" sx={{ p: 2 }}>
    {[0, 1, 2, 3].map((i) => (
      <Box key={i} sx={{ mb: 2 }}>
        <Skeleton width="55%" height={24} />
        <Skeleton width="35%" />
      </Box>
    ))}
  </Box>
)

export const SolvedChip = ({ solved }: { solved: boolean }) =>
  solved ? (
    <Chip size="small" color="success" icon={<CheckCircleOutline />} label="Solved" />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      icon={<HelpOutline />}
      label="Open"
      // Orange text on white is too faint to read: the orange stays on the border and the icon.
      sx={{ color: 'text.primary', borderColor: 'warning.main', '& .MuiChip-icon': { color: 'warning.main' } }}
    />
  )

const IssueRow = ({ issue, now }: { issue: Issue; now: Date }) => (
  <ListItem disablePadding divider>
    <ListItemButton
      component={RouterLink}
      to={`/community/issues/${issue.issue_id}`}
      sx={{ display: 'block', py: 1.5, px: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere', minWidth: 0 }}>
          {issue.issue}
        </Typography>
        <SolvedChip solved={issue.solved} />
      </Box>
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
          mt: 0.25,
        }}
      >
        {issue.description}
      </Typography>
      <Box
        component="span"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 0.5,
          mt: 0.75,
          color: 'text.secondary',
          typography: 'caption',
          alignItems: 'center',
        }}
      >
        <span>
          {personName(issue.client_id) || 'A member'} ·{' '}
          <time dateTime={issue.created_at} title={fullDateTime(issue.created_at)}>
            {relativeTime(issue.created_at, now)}
          </time>
        </span>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ChatBubbleOutline sx={{ fontSize: 14 }} aria-hidden="true" />
          {plural(issue.comment_count, 'comment')}
        </Box>
        {issue.staff_reply_count > 0 ? (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <SupportAgentOutlined sx={{ fontSize: 14 }} aria-hidden="true" />
            {plural(issue.staff_reply_count, 'staff reply', 'staff replies')}
          </Box>
        ) : null}
        {issue.like_count > 0 ? (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <ThumbUpOutlined sx={{ fontSize: 14 }} aria-hidden="true" />
            {plural(issue.like_count, 'like')}
          </Box>
        ) : null}
        {issue.last_activity_at !== issue.created_at ? (
          <span>
            Active{' '}
            <time dateTime={issue.last_activity_at} title={fullDateTime(issue.last_activity_at)}>
              {relativeTime(issue.last_activity_at, now)}
            </time>
          </span>
        ) : null}
      </Box>
    </ListItemButton>
  </ListItem>
)

type Props = {
  filters: IssueFilters
  /** Whether words or dates narrow the list (the open/solved choice aside). */
  filtered: boolean
  onClearFilters: () => void
  /** Shows solved and open issues together. */
  onShowAll: () => void
}

/** What the list shows when it is empty: what is missing under the filters, and the way on. */
const emptyText = (solved: IssueFilters['solved'], filtered: boolean) => {
  const kind = solved === 'open' ? 'open ' : solved === 'solved' ? 'solved ' : ''
  if (filtered) return { title: `No ${kind}issues match these filters`, description: 'Try other words or dates.' }
  if (solved === 'open')
    return { title: 'No open issues', description: 'New issues appear here as members raise them in the mobile app.' }
  if (solved === 'solved')
    return { title: 'No solved issues', description: 'Issues appear here once you mark them solved.' }
  return { title: 'No issues yet', description: 'Issues appear here as soon as members raise them in the mobile app.' }
}

/** A community's issues under the chosen filters, with "Load more". */
export const IssueList = ({ filters, filtered, onClearFilters, onShowAll }: Props) => {
  const list = useIssueList(filters)
  const now = useNow()

  if (list.isPending) return <ListSkeleton />
  if (list.isError && !list.data) {
    return (
      <ErrorState
        error={list.error}
        title="Issues could not be loaded"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    )
  }
  const issues = list.data.pages.flatMap((page) => page.data)
  const total = list.data.pages[0]?.pagination?.total ?? issues.length
  if (issues.length === 0) {
    const text = emptyText(filters.solved, filtered)
    return (
      <EmptyState
        icon={<ChatBubbleOutline />}
        title={text.title}
        description={text.description}
        action={
          filtered ? (
            <Button variant="outlined" onClick={onClearFilters}>
              Clear filters
            </Button>
          ) : filters.solved !== 'all' ? (
            <Button variant="outlined" onClick={onShowAll}>
              Show all issues
            </Button>
          ) : undefined
        }
      />
    )
  }

  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>
        {list.isFetching && list.isPlaceholderData ? <LinearProgress aria-label="Updating issues" /> : null}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, pt: 0.5, display: 'block' }} aria-live="polite">
        {plural(total, 'issue')}
      </Typography>
      <List disablePadding aria-label="Issues" sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {issues.map((issue) => (
          <IssueRow key={issue.issue_id} issue={issue} now={now} />
        ))}
      </List>
      <LoadMoreButton pages={list} />
      {list.isError ? (
        <Box sx={{ px: 2 }}>
          <ErrorState error={list.error} title="Issues could not be refreshed" onRetry={() => void list.refetch()} />
        </Box>
      ) : null}
    </Paper>
  )
}
