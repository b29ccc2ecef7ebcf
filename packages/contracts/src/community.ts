import { z } from 'zod'
import { ActorRef, ClientDetail, CursorPagination } from './chat.js'
import {
  Id,
  OffsetQuery,
  QueryBool,
  TenantRef,
  Timestamp,
  UserPublic,
  WindowTime,
  orderedWindow,
  optionalText,
  text,
} from './common.js'

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)

/** A required id with a clear message when it is missing (`Id` alone says "Must be a positive whole number."). */
const requiredId = (label: string) =>
  z.preprocess((v, ctx) => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required.`, input: v })
      return z.NEVER
    }
    if (typeof v === 'boolean') {
      ctx.addIssue({ code: 'custom', message: 'Must be a positive whole number.', input: v })
      return z.NEVER
    }
    return v
  }, Id)
const CommunityId = requiredId('Community')

export const CommunityRef = z.object({ community_id: z.number().int(), community_name: z.string() })
export type CommunityRef = z.infer<typeof CommunityRef>

/** Contract §5.1. `members` is the staff view only (first 50 by join date); null for clients. */
export const Community = z.object({
  community_id: z.number().int(),
  community_name: z.string(),
  tenant_id: TenantRef,
  description: z.string().nullable(),
  member_count: z.number().int(),
  members: z.array(ClientDetail).nullable(),
  is_member: z.boolean(),
  is_favourite: z.boolean(),
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
  issue_count: z.number().int(),
  open_issue_count: z.number().int(),
  is_archived: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Community = z.infer<typeof Community>

export const CommunityCreate = z.object({
  community_name: text('Community name', 1, 120),
  description: optionalText('Description', 2000),
})
export const CommunityUpdate = CommunityCreate.partial().extend({ is_archived: z.boolean().optional() })

const Search = z
  .string({ error: 'Search must be text.' })
  .trim()
  .max(100, { error: 'Search must be at most 100 characters.' })
  .optional()

export const CommunityListQuery = OffsetQuery.extend({
  tenant_id: Id.optional(),
  community_id: Id.optional(),
  search: Search,
  is_member: QueryBool.optional(),
  include_archived: QueryBool.optional(),
})

export const CommunityMember = ClientDetail.extend({ joined_at: Timestamp })
export const CommunityMembersQuery = OffsetQuery.extend({ search: Search })

/** Join and leave: legacy clients also send their own `client_id`, which must be the caller's. */
export const MembershipRequest = z.object({ community_id: CommunityId, client_id: Id.optional() })
export const MembershipReply = z.object({
  error: z.literal(false),
  data: z.object({
    community_id: z.number().int(),
    client_id: z.number().int(),
    is_member: z.boolean(),
    member_count: z.number().int(),
  }),
})

export const FavouriteRequest = z.object({ community_id: CommunityId })
export const FavouriteReply = z.object({
  message: z.string(),
  community_id: z.number().int(),
  is_favourite: z.boolean(),
})

export const CommunityEventType = z.enum(['join', 'leave'])
export const CommunityEvent = z.object({
  event_id: z.number().int(),
  type: CommunityEventType,
  description: z.string(),
  client: UserPublic,
  community: CommunityRef,
  timestamp: Timestamp,
})
/** Events fall in `[from, to)`. */
export const CommunityEventQuery = orderedWindow(
  z.object({
    community_id: Id.optional(),
    client_id: Id.optional(),
    type: z.preprocess(lower, CommunityEventType).optional(),
    from: WindowTime.optional(),
    to: WindowTime.optional(),
    before: z.string().max(100).optional(),
    after: z.string().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  { halfOpen: true },
)
export const CommunityEventPage = z.object({
  error: z.literal(false),
  data: z.array(CommunityEvent),
  pagination: CursorPagination,
})

export const CommunityRating = z.object({
  rating_id: z.number().int(),
  community_id: z.number().int(),
  client: UserPublic,
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
const RATING_RANGE = 'Rating must be a whole number from 1 to 5.'
/** A number (legacy clients may send a numeric string; a blank one counts as missing); other types are refused. */
export const RatingCreate = z.object({
  community_id: CommunityId,
  rating: z.preprocess(
    (v) => (typeof v !== 'string' ? v : v.trim() === '' ? undefined : Number(v)),
    z
      .number({
        error: (iss) => (iss.input === undefined || iss.input === null ? 'Rating is required.' : RATING_RANGE),
      })
      .int({ error: RATING_RANGE })
      .min(1, { error: RATING_RANGE })
      .max(5, { error: RATING_RANGE }),
  ),
  comment: optionalText('Comment', 1000),
})
export const RatingListQuery = OffsetQuery.extend({ community_id: CommunityId })

/** Contract §5.1: `client_id` is the author, nested as legacy clients read it (staff also see the email). */
export const Issue = z.object({
  issue_id: z.number().int(),
  issue: z.string(),
  description: z.string(),
  solved: z.boolean(),
  solved_at: Timestamp.nullable(),
  solved_by: ActorRef.nullable(),
  client_id: UserPublic.extend({ email: z.string().optional() }),
  community_id: CommunityRef,
  thread_id: z.number().int(),
  comment_count: z.number().int(),
  staff_reply_count: z.number().int(),
  /** Likes on the issue's comments that are not deleted ("most liked" sorts by it). */
  like_count: z.number().int(),
  last_activity_at: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Issue = z.infer<typeof Issue>

export const IssueCreate = z.object({
  community_id: CommunityId,
  issue: text('Title', 1, 200),
  description: text('Description', 1, 10_000),
  client_id: Id.optional(),
  solved: z.unknown().optional(),
})
export const IssueUpdate = z.object({
  issue: z.optional(text('Title', 1, 200)),
  description: z.optional(text('Description', 1, 10_000)),
  solved: z.boolean({ error: 'Solved must be true or false.' }).optional(),
})
export const IssueSort = z.enum(['-created_at', '-last_activity_at', '-like_count'], {
  error: 'Sort must be -created_at, -last_activity_at or -like_count.',
})
export const IssueListQuery = orderedWindow(
  OffsetQuery.extend({
    community_id: Id.optional(),
    issue_id: Id.optional(),
    solved: QueryBool.optional(),
    client_id: Id.optional(),
    search: Search,
    from: WindowTime.optional(),
    to: WindowTime.optional(),
    sort: IssueSort.default('-created_at'),
  }),
)

export const Thread = z.object({ thread_id: z.number().int(), issue: Issue, created_at: Timestamp })
export type Thread = z.infer<typeof Thread>
export const ThreadListQuery = z.object({ issue_id: Id.optional(), thread_id: Id.optional() })
export const ThreadCreate = z.object({ issue_id: requiredId('Issue') })

export const Reaction = z.enum(['like', 'dislike'])
export const Comment = z.object({
  comment_id: z.number().int(),
  thread: z.number().int(),
  thread_id: z.number().int(),
  client: UserPublic.nullable(),
  author: ActorRef,
  is_staff_reply: z.boolean(),
  comment_description: z.string(),
  likes: z.array(z.number().int()),
  dislikes: z.array(z.number().int()),
  like_count: z.number().int(),
  dislike_count: z.number().int(),
  my_reaction: Reaction.nullable(),
  edited_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Comment = z.infer<typeof Comment>

export const CommentCreate = z.object({
  thread_id: requiredId('Thread'),
  comment_description: text('Comment', 1, 5000),
  client_id: Id.optional(),
})
export const CommentUpdate = z.object({ comment_description: text('Comment', 1, 5000) })
export const CommentListQuery = OffsetQuery.extend({ thread_id: requiredId('Thread'), client_id: Id.optional() })
export const CommentDeleteQuery = z.object({ comment_id: requiredId('Comment'), thread_id: Id.optional() })

export const ReactionRequest = z.object({
  comment_id: requiredId('Comment'),
  reaction: z.preprocess(lower, z.enum(['like', 'dislike'], { error: 'Reaction must be like or dislike.' })).optional(),
})
export const ReactionReply = z.object({
  message: z.string(),
  comment_id: z.number().int(),
  my_reaction: Reaction.nullable(),
  like_count: z.number().int(),
  dislike_count: z.number().int(),
})

/** Texts the contract fixes for reactions and favourites. */
export const CommunityTexts = {
  likeAdded: 'Like added for comment',
  likeRemoved: 'Like removed for comment',
  dislikeAdded: 'Dislike added for comment',
  dislikeRemoved: 'Dislike removed for comment',
  favouriteAdded: 'Community added to favorites',
  favouriteRemoved: 'Community removed from favorites',
  notMember: 'Join this community before raising an issue.',
  notMemberToTakePart: 'Join this community to take part.',
} as const
