import { z } from 'zod'
import {
  Id,
  QueryBool,
  StaffRef,
  TenantRef,
  Timestamp,
  UserPublic,
  WindowTimeOrDate,
  listOf,
  orderedWindow,
  optionalText,
  text,
} from './common.js'

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)

export const ChatStatusName = z.enum(['open', 'pending', 'resolved'])
export type ChatStatus = z.infer<typeof ChatStatusName>
export const ChatStatus = z.preprocess(lower, ChatStatusName)

export const ChannelName = z.enum(['mobile', 'website', 'facebook', 'instagram', 'whatsapp', 'email'])
export type Channel = z.infer<typeof ChannelName>
export const Channel = z.preprocess(lower, ChannelName)

export const MessageSender = z.enum(['client', 'tenant', 'tenant_iva'])
export type MessageSender = z.infer<typeof MessageSender>

/** Who wrote a message or comment (contract §1.14). */
export const ActorRef = z.object({
  kind: z.enum(['client', 'visitor', 'staff', 'assistant', 'external']),
  id: z.number().int().nullable(),
  name: z.string(),
  username: z.string().nullable(),
})
export type ActorRef = z.infer<typeof ActorRef>

export const VisitorRef = z.object({
  anonymous_user_id: z.number().int(),
  name: z.string().nullable(),
  contact: z.string().nullable(),
  channel: z.string(),
})

export const TopicRef = z.object({
  topic_id: z.number().int(),
  name: z.string(),
  category_id: z.number().int().nullable(),
})

/** Staff see a related client's details; clients see only public fields. */
export const ClientDetail = UserPublic.extend({
  email: z.string(),
  phonenumber: z.string().nullable(),
  gender: z.string().nullable(),
  DOB: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
})
export type ClientDetail = z.infer<typeof ClientDetail>

export const LastMessage = z.object({
  message_id: z.number().int(),
  message_sender: MessageSender,
  preview: z.string(),
  sent_at: Timestamp,
})

export const Chat = z.object({
  chat_id: z.number().int(),
  tenant_id: TenantRef,
  chat_owner: z.union([ClientDetail, UserPublic]).nullable(),
  visitor: VisitorRef.nullable(),
  guest_client: z.null(),
  display_name: z.string(),
  channel: ChannelName,
  status: ChatStatusName,
  assignee: StaffRef.nullable(),
  topic: TopicRef.nullable(),
  escalated: z.boolean(),
  escalated_at: Timestamp.nullable(),
  escalation_reason: z.string().nullable(),
  iva_enabled: z.boolean(),
  satisfaction_rating: z.number().int().nullable(),
  satisfaction_comment: z.string().nullable(),
  client_satisfaction: z.boolean().nullable(),
  rated_at: Timestamp.nullable(),
  last_message: LastMessage.nullable(),
  last_message_at: Timestamp.nullable(),
  unread_count: z.number().int(),
  first_response_at: Timestamp.nullable(),
  resolved_at: Timestamp.nullable(),
  reopened_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Chat = z.infer<typeof Chat>

export const VoiceInfo = z.object({
  mime_type: z.string(),
  size_bytes: z.number().int(),
  duration_ms: z.number().int().nullable(),
  transcript: z.string().nullable(),
})

export const Message = z.object({
  message_id: z.number().int(),
  chat_id: z.number().int(),
  message_sender: MessageSender,
  sender: ActorRef,
  text_content: z.string().nullable(),
  voice_content: z.string().nullable(),
  voice: VoiceInfo.nullable(),
  channel: ChannelName,
  topic: z.string().nullable(),
  topic_id: z.number().int().nullable(),
  escalated: z.boolean(),
  client_message_id: z.string().nullable(),
  external_id: z.string().nullable(),
  delivery_status: z.enum(['queued', 'sent', 'delivered', 'read', 'failed']).nullable(),
  delivery_error: z.string().nullable(),
  read_at: Timestamp.nullable(),
  sent_at: Timestamp,
  deleted: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Message = z.infer<typeof Message>

export const CursorPagination = z.object({
  limit: z.number().int(),
  has_older: z.boolean(),
  has_newer: z.boolean(),
  before_cursor: z.string().nullable(),
  after_cursor: z.string().nullable(),
})
export const MessagePage = z.object({ error: z.literal(false), data: z.array(Message), pagination: CursorPagination })
export type MessagePage = z.infer<typeof MessagePage>

/** Lists accept comma-separated values or repeated keys (contract §1.2). */
export const ChatListQuery = orderedWindow(
  z.object({
    status: listOf(ChatStatus).optional(),
    assignee: z.union([z.enum(['me', 'none']), Id]).optional(),
    channel: listOf(Channel).optional(),
    topic_id: Id.optional(),
    category_id: Id.optional(),
    escalated: QueryBool.optional(),
    chat_owner: Id.optional(),
    search: z.string().trim().min(2).max(100).optional(),
    from: WindowTimeOrDate.optional(),
    to: WindowTimeOrDate.optional(),
    tenant_id: Id.optional(),
    chat_id: Id.optional(),
    sort: z.enum(['-last_message_at', '-created_at', 'created_at']).default('-last_message_at'),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).max(10_000).default(0),
  }),
)
export type ChatListQuery = z.infer<typeof ChatListQuery>

export const ChatCreate = z.object({
  tenant_id: z.union([Id, TenantRef.transform((t) => t.tenant_id)]).optional(),
  channel: z.preprocess(lower, z.enum(['mobile', 'website'])).optional(),
  topic_id: Id.optional(),
  chat_owner: z.union([Id, z.object({ id: Id }).transform((o) => o.id)]).optional(),
})
export type ChatCreate = z.infer<typeof ChatCreate>

export const ChatUpdate = z.object({
  status: ChatStatus.optional(),
  topic_id: Id.nullable().optional(),
  iva_enabled: z.boolean().optional(),
})
export type ChatUpdate = z.infer<typeof ChatUpdate>

export const AssignRequest = z.object({ assignee_id: Id.nullable() })
export const EscalateRequest = z.object({ reason: optionalText('Reason', 500), message_id: Id.optional() }).nullish()
export const RatingRequest = z.object({
  rating: z.coerce
    .number({ error: 'Rating must be a whole number from 1 to 5.' })
    .int({ error: 'Rating must be a whole number from 1 to 5.' })
    .min(1, { error: 'Rating must be a whole number from 1 to 5.' })
    .max(5, { error: 'Rating must be a whole number from 1 to 5.' }),
  comment: optionalText('Comment', 1000),
})
export const ReadRequest = z.object({ last_read_message_id: Id })
export const ReadReply = z.object({ chat_id: z.number().int(), unread_count: z.number().int(), read_at: Timestamp })
export const TypingRequest = z.object({ state: z.enum(['start', 'stop']) })

export const MessageListQuery = z.object({
  chat_id: Id,
  before: z.string().max(100).optional(),
  after: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})

export const MessageCreate = z.object({
  chat_id: Id,
  text_content: text('Message', 1, 4000),
  client_message_id: z.string().trim().min(1).max(64).optional(),
  topic_id: Id.optional(),
  message_sender: z.preprocess(lower, MessageSender).optional(),
  escalated: z.union([z.boolean(), z.literal('').transform(() => false)]).optional(),
})
export type MessageCreate = z.infer<typeof MessageCreate>

export const Category = z.object({
  category_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  topic_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export const CategoryCreate = z.object({ name: text('Name', 1, 80), description: optionalText('Description', 500) })
export const CategoryUpdate = CategoryCreate.partial()

export const Topic = z.object({
  topic_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  keywords: z.array(z.string()),
  is_active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
const Keyword = z.string().trim().min(1).max(40)
export const TopicCreate = z.object({
  name: text('Name', 1, 80),
  category_id: Id.nullable().optional(),
  description: optionalText('Description', 500),
  keywords: z.array(Keyword).max(20).optional(),
  is_active: z.boolean().optional(),
})
export const TopicUpdate = TopicCreate.partial()

export const CategoryListQuery = z.object({
  tenant_id: Id.optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
})
export const TopicListQuery = CategoryListQuery.extend({ category_id: Id.optional(), is_active: QueryBool.optional() })
