import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Breadcrumbs from '@mui/material/Breadcrumbs'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined'
import type { Comment, Issue } from '@proxima/contracts'
import { useState } from 'react'
import { Link as RouterLink, useLocation, useParams } from 'react-router'
import { hasStatus } from '../../../api/errors'
import { useStaffUser } from '../../../app/hooks'
import { EmptyState, ErrorState } from '../../../ui/states'
import { useNow } from '../../chats/use-now'
import { CommentItem } from '../components/CommentItem'
import { ConnectionHint } from '../components/ConnectionHint'
import { IssueHeader } from '../components/IssueHeader'
import { RemoveCommentDialog } from '../components/RemoveCommentDialog'
import { ReplyBox } from '../components/ReplyBox'
import { idParam, plural } from '../format'
import { useCommunity } from '../use-communities'
import { useIssue, useIssueLiveUpdates } from '../use-issues'
import { useComments, useThreadLiveUpdates } from '../use-thread'
import { LoadMoreButton } from '../../../ui/LoadMoreButton'
import { ExportButton } from '../../reports/components/ExportButton'
import { issueThreadExport } from '../../reports/list-exports'

const CommentsSkeleton = () => (
  <Box role="status" aria-label="Loading comments">
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} variant="rounded" height={96} sx={{ mb: 1.5 }} />
    ))}
  </Box>
)

type ThreadProps = {
  issue: Issue
  organisation: string
  /** Whether replies are closed (an archived community). */
  closed: boolean
  onRemove: (comment: Comment) => void
}

const Comments = ({ issue, organisation, closed, onRemove }: ThreadProps) => {
  const comments = useComments(issue.thread_id)
  const now = useNow()
  const { hash } = useLocation()

  if (comments.isPending) return <CommentsSkeleton />
  if (comments.isError && !comments.data) {
    return (
      <ErrorState
        error={comments.error}
        title="Comments could not be loaded"
        onRetry={() => void comments.refetch()}
        retrying={comments.isFetching}
      />
    )
  }
  const items = comments.data.pages.flatMap((page) => page.data)
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<ChatBubbleOutline />}
        title="No comments yet"
        description={
          closed
            ? 'Nobody can comment while the community is archived.'
            : "Be the first to answer below: your reply is shown as your organization's, with a Staff badge."
        }
      />
    )
  }
  return (
    <>
      <Box component="ol" aria-label="Comments" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {items.map((comment) => (
          <CommentItem
            key={comment.comment_id}
            comment={comment}
            organisation={organisation}
            now={now}
            targeted={hash === `#comment-${comment.comment_id}`}
            onRemove={onRemove}
          />
        ))}
      </Box>
      <LoadMoreButton pages={comments} label="Load more comments" sx={{ mt: 1.5 }} />
      {comments.isError ? (
        <ErrorState
          error={comments.error}
          title="Comments could not be refreshed"
          onRetry={() => void comments.refetch()}
        />
      ) : null}
    </>
  )
}

const IssueView = ({ issueId }: { issueId: number }) => {
  const me = useStaffUser()
  const organisation = me.tenant_id?.tenant_name ?? ''
  const issue = useIssue(issueId)
  const communityId = issue.data?.community_id.community_id ?? null
  const community = useCommunity(communityId)
  const [removing, setRemoving] = useState<{ comment: Comment | null; open: boolean }>({ comment: null, open: false })
  useIssueLiveUpdates()
  useThreadLiveUpdates(issue.data?.thread_id ?? null, issueId)

  if (issue.isError && !issue.data) {
    const gone = hasStatus(issue.error, 404)
    return (
      <>
        <ErrorState
          error={issue.error}
          title={gone ? 'This issue is not available' : 'The issue could not be loaded'}
          onRetry={gone ? undefined : () => void issue.refetch()}
          retrying={issue.isFetching}
        />
        <Button component={RouterLink} to="/community">
          Back to communities
        </Button>
      </>
    )
  }

  const archived = community.data?.is_archived === true
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1.5 }}>
        <Link component={RouterLink} to="/community" underline="hover" color="inherit">
          Community
        </Link>
        {issue.data ? (
          <Link
            component={RouterLink}
            to={`/community/${issue.data.community_id.community_id}`}
            underline="hover"
            color="inherit"
          >
            {issue.data.community_id.community_name}
          </Link>
        ) : null}
        <Typography color="text.primary" aria-current="page">
          Issue
        </Typography>
      </Breadcrumbs>
      {issue.data ? (
        <IssueHeader issue={issue.data} />
      ) : (
        <Paper variant="outlined" role="status" aria-label="Loading issue" sx={{ p: 3, mb: 3 }}>
          <Skeleton width="20%" />
          <Skeleton width="60%" height={40} />
          <Skeleton width="40%" />
          <Skeleton height={80} />
        </Paper>
      )}

      <Box component="section" aria-labelledby="comments-heading">
        <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
          <Typography id="comments-heading" variant="h2" component="h2">
            Comments
          </Typography>
          {issue.data ? (
            <>
              <Typography color="text.secondary" aria-live="polite">
                {plural(issue.data.comment_count, 'comment')}
              </Typography>
              <Box sx={{ ml: 'auto' }}>
                <ExportButton
                  label="Export thread"
                  size="small"
                  target={issueThreadExport({ id: issueId, label: issue.data.issue })}
                />
              </Box>
            </>
          ) : null}
        </Box>
        <ConnectionHint />
        {issue.data ? (
          <Comments
            issue={issue.data}
            organisation={organisation}
            closed={archived}
            onRemove={(comment) => setRemoving({ comment, open: true })}
          />
        ) : (
          <CommentsSkeleton />
        )}
      </Box>

      {issue.data ? (
        <Paper variant="outlined" component="section" aria-label="Reply" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
          {archived ? (
            <Alert severity="info" sx={{ mb: 1 }}>
              This community is archived, so nobody can comment. Restore it from the community page to reply.
            </Alert>
          ) : null}
          <ReplyBox
            threadId={issue.data.thread_id}
            issueId={issueId}
            organisation={organisation}
            disabledReason={archived ? 'Replies are closed in an archived community.' : undefined}
            context={`Community issue: ${issue.data.issue}\n\n${issue.data.description}`}
          />
        </Paper>
      ) : null}

      {issue.data ? (
        <RemoveCommentDialog
          open={removing.open}
          comment={removing.comment}
          threadId={issue.data.thread_id}
          issueId={issueId}
          organisation={organisation}
          onClose={() => setRemoving((current) => ({ ...current, open: false }))}
        />
      ) : null}
    </Box>
  )
}

/** An issue's thread: the question, the comments (live), the staff reply and moderation. */
export const IssuePage = () => {
  const id = idParam(useParams().issueId)
  if (id === null) {
    return (
      <>
        <ErrorState error="This address does not name an issue." title="This issue is not available" />
        <Button component={RouterLink} to="/community">
          Back to communities
        </Button>
      </>
    )
  }
  return <IssueView key={id} issueId={id} />
}
