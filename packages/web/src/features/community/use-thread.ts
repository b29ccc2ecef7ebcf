import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { Comment } from '@proxima/contracts'
import { hasStatus } from '../../api/errors'
import { useRealtimeChannel, useRealtimeFrames } from '../../api/realtime'
import {
  COMMENT_PAGE_SIZE,
  communityKeys,
  deleteComment,
  fetchComments,
  nextOffset,
  postReply,
  type OffsetPage,
} from './api'

type CommentData = InfiniteData<OffsetPage<Comment>, number>

/** A thread's comments, oldest first; "Load more" brings later ones. */
export const useComments = (threadId: number) =>
  useInfiniteQuery({
    queryKey: communityKeys.comments(threadId),
    queryFn: ({ pageParam, signal }) => fetchComments(threadId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextOffset(last, pages, COMMENT_PAGE_SIZE),
  })

const shiftTotal = (page: OffsetPage<Comment>, by: number): OffsetPage<Comment> =>
  page.pagination ? { ...page, pagination: { ...page.pagination, total: page.pagination.total + by } } : page

/** Edits of the cached thread that keep it in the server's order (oldest first) without a refetch. */
const threadCache = {
  /** A new comment goes at the end, once everything before it is loaded; a copy already held is replaced. */
  add: (data: CommentData | undefined, comment: Comment): CommentData | undefined => {
    if (!data) return data
    const held = data.pages.some((page) => page.data.some((c) => c.comment_id === comment.comment_id))
    if (held) return threadCache.replace(data, comment)
    const lastIndex = data.pages.length - 1
    const last = data.pages[lastIndex]
    const complete = last !== undefined && (last.pagination ? last.pagination.next_offset === null : true)
    return {
      ...data,
      pages: data.pages.map((page, index) => {
        const counted = shiftTotal(page, 1)
        return index === lastIndex && complete ? { ...counted, data: [...counted.data, comment] } : counted
      }),
    }
  },
  replace: (data: CommentData | undefined, comment: Comment): CommentData | undefined =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: page.data.map((c) => (c.comment_id === comment.comment_id ? comment : c)),
      })),
    },
  remove: (data: CommentData | undefined, commentId: number): CommentData | undefined => {
    if (!data || !data.pages.some((page) => page.data.some((c) => c.comment_id === commentId))) return data
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...shiftTotal(page, -1),
        data: page.data.filter((c) => c.comment_id !== commentId),
      })),
    }
  },
}

/** After a change to the thread, the issue's counts and activity time (and the lists showing them) move too. */
const useThreadChanged = (issueId: number) => {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: communityKeys.issue(issueId), exact: true }),
      client.invalidateQueries({ queryKey: communityKeys.issueLists }),
    ])
}

export const usePostReply = (threadId: number, issueId: number) => {
  const client = useQueryClient()
  const changed = useThreadChanged(issueId)
  return useMutation({
    mutationFn: (text: string) => postReply(threadId, text),
    onSuccess: (comment) => {
      client.setQueryData<CommentData>(communityKeys.comments(threadId), (data) => threadCache.add(data, comment))
      return changed()
    },
  })
}

export const useDeleteComment = (threadId: number, issueId: number) => {
  const client = useQueryClient()
  const changed = useThreadChanged(issueId)
  return useMutation({
    // Already removed (by someone else, or a repeated click): the result is the one wanted.
    mutationFn: (commentId: number) =>
      deleteComment(commentId).catch((error: unknown) => {
        if (!hasStatus(error, 404)) throw error
      }),
    onSuccess: (_reply, commentId) => {
      client.setQueryData<CommentData>(communityKeys.comments(threadId), (data) => threadCache.remove(data, commentId))
      return changed()
    },
  })
}

const commentOf = (data: unknown): Comment | null =>
  typeof data === 'object' && data !== null && 'comment_id' in data && 'comment_description' in data
    ? (data as Comment)
    : null

const deletedId = (data: unknown): number | null => {
  const id = typeof data === 'object' && data !== null ? (data as { comment_id?: unknown }).comment_id : null
  return typeof id === 'number' ? id : null
}

/** Subscribes to `thread:<id>` while mounted: comments others write, edit or remove show up without a reload. */
export const useThreadLiveUpdates = (threadId: number | null, issueId: number) => {
  const client = useQueryClient()
  const changed = useThreadChanged(issueId)
  useRealtimeChannel(threadId === null ? null : `thread:${threadId}`)
  useRealtimeFrames((frame) => {
    if (threadId === null || frame.channel !== `thread:${threadId}`) return
    const key = communityKeys.comments(threadId)
    if (frame.type === 'comment.created' || frame.type === 'comment.updated') {
      const comment = commentOf(frame.data)
      if (!comment) return
      client.setQueryData<CommentData>(key, (data) =>
        frame.type === 'comment.created' ? threadCache.add(data, comment) : threadCache.replace(data, comment),
      )
      void changed()
    } else if (frame.type === 'comment.deleted') {
      const id = deletedId(frame.data)
      if (id !== null) client.setQueryData<CommentData>(key, (data) => threadCache.remove(data, id))
      void changed()
    }
  })
}
