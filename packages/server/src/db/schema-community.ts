import type { Generated } from 'kysely'
import type { CreatedAt, Timestamp, UpdatedAt } from './column-types.js'

/** Row types of the community tables (migration 0008); `schema.ts` gathers every table into `DB`. */

export type CommunitiesTable = {
  id: Generated<number>
  tenant_id: number
  name: string
  description: string | null
  is_archived: Generated<boolean>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** One stay of a client in a community; current members have `left_at` null. */
export type CommunityMembershipsTable = {
  id: Generated<number>
  tenant_id: number
  community_id: number
  client_id: number
  joined_at: Timestamp
  left_at: Timestamp | null
}

export type CommunityEventsTable = {
  id: Generated<number>
  tenant_id: number
  community_id: number
  client_id: number
  type: 'join' | 'leave'
  occurred_at: Timestamp
}

export type CommunityFavouritesTable = {
  tenant_id: number
  community_id: number
  client_id: number
  created_at: Timestamp
}

export type CommunityRatingsTable = {
  id: Generated<number>
  tenant_id: number
  community_id: number
  client_id: number
  rating: number
  comment: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export type CommunityIssuesTable = {
  id: Generated<number>
  tenant_id: number
  community_id: number
  client_id: number
  title: string
  description: string
  solved: Generated<boolean>
  solved_at: Timestamp | null
  solved_by_user_id: number | null
  last_activity_at: Timestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export type CommunityThreadsTable = {
  id: Generated<number>
  tenant_id: number
  issue_id: number
  created_at: Timestamp
}

/** A client's comment (`client_id`) or a staff reply (`staff_user_id`); deleted ones stay, hidden. */
export type CommunityCommentsTable = {
  id: Generated<number>
  tenant_id: number
  community_id: number
  issue_id: number
  thread_id: number
  client_id: number | null
  staff_user_id: number | null
  body: string
  edited_at: Timestamp | null
  deleted_at: Timestamp | null
  deleted_by_user_id: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export type CommentReactionsTable = {
  tenant_id: number
  comment_id: number
  client_id: number
  reaction: 'like' | 'dislike'
  created_at: Timestamp
  updated_at: Timestamp
}
