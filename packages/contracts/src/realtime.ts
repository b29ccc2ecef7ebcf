import { z } from 'zod'
import type { TopicChannel } from './realtime-frames.js'

/**
 * The realtime protocol of `GET /api/ws` (contract §4.9): the frames a client sends, validated by the server with
 * these schemas. The frames the server sends are typed in realtime-frames.ts.
 */

const WsId = z.number().int().positive().max(2_147_483_647)

export const TopicChannelName = z
  .string()
  .max(40)
  .regex(/^(chat|community|thread):[1-9]\d{0,9}$/, 'Channel must be chat:<id>, community:<id> or thread:<id>.')
  .refine((c) => Number(c.split(':')[1]) <= 2_147_483_647, 'Unknown channel id.')
  .transform((c) => c as TopicChannel)

/** Client → server frames; unknown extra fields are ignored. */
export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('subscribe'), channel: TopicChannelName }),
  z.object({ type: z.literal('unsubscribe'), channel: TopicChannelName }),
  z.object({ type: z.literal('typing'), chat_id: WsId, state: z.enum(['start', 'stop']) }),
  z.object({ type: z.literal('ping') }),
])
export type ClientFrame = z.input<typeof ClientFrame>
