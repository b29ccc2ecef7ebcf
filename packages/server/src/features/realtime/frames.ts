import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Channel, TopicChannel } from './views.js'

const Id = z.number().int().positive().max(2_147_483_647)

export const TopicChannelSchema = z
  .string()
  .max(40)
  .regex(/^(chat|community|thread):[1-9]\d{0,9}$/, 'Channel must be chat:<id>, community:<id> or thread:<id>.')
  .refine((c) => Number(c.split(':')[1]) <= 2_147_483_647, 'Unknown channel id.')
  .transform((c) => c as TopicChannel)

/** Client → server frames (contract §4.9); unknown extra fields are ignored. */
export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('subscribe'), channel: TopicChannelSchema }),
  z.object({ type: z.literal('unsubscribe'), channel: TopicChannelSchema }),
  z.object({ type: z.literal('typing'), chat_id: Id, state: z.enum(['start', 'stop']) }),
  z.object({ type: z.literal('ping') }),
])
export type ClientFrame = z.infer<typeof ClientFrame>

/** Parses one text frame; a string describes why it was refused. */
export function parseFrame(raw: string): ClientFrame | string {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return 'Frames must be JSON text.'
  }
  const parsed = ClientFrame.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  if (!issue) return 'The frame is not valid.'
  const path = issue.path.join('.')
  if (issue.code === 'invalid_union' && path === 'type') return 'Unknown frame type.'
  return path ? `${path}: ${issue.message}` : issue.message
}

/** Server → client frame; every one carries a unique `event_id` and `occurred_at`. */
export type ServerFrame = {
  type: string
  event_id: string
  occurred_at: string
  channel?: Channel
  data?: unknown
  [extra: string]: unknown
}

export function frame(type: string, fields: Omit<ServerFrame, 'type' | 'event_id' | 'occurred_at'> = {}): ServerFrame {
  return { type, event_id: randomUUID(), occurred_at: new Date().toISOString(), ...fields }
}

export function errorFrame(code: string, message: string): ServerFrame {
  return frame('error', { data: { code, message } })
}

/** WebSocket close codes of contract §4.9 and §14. */
export const CLOSE = {
  goingAway: 1001,
  tryAgainLater: 1013,
  serverError: 1011,
  unauthorized: 4001,
  forbidden: 4003,
  tooManyFrames: 4008,
} as const
