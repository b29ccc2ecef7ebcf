import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import {
  ClientFrame as ClientFrameSchema,
  WsClose,
  type ErrorCode,
  type RealtimeChannel,
  type ServerFrameType,
} from '@proxima/contracts'

/** A client → server frame as validated (contract §4.9; the schema lives in the contracts). */
export type ClientFrame = z.output<typeof ClientFrameSchema>

/** Parses one text frame; a string describes why it was refused. */
export function parseFrame(raw: string): ClientFrame | string {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return 'Frames must be JSON text.'
  }
  const parsed = ClientFrameSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  if (!issue) return 'The frame is not valid.'
  const path = issue.path.join('.')
  if (issue.code === 'invalid_union' && path === 'type') return 'Unknown frame type.'
  return path ? `${path}: ${issue.message}` : issue.message
}

/**
 * Server → client frame as written on the socket; every one carries a unique `event_id` and `occurred_at`. The
 * `type` is one of the contract's frame types (`ServerFrame` in the contracts types what each carries).
 */
export type ServerFrame = {
  type: ServerFrameType
  event_id: string
  occurred_at: string
  channel?: RealtimeChannel
  data?: unknown
  [extra: string]: unknown
}

export function frame(
  type: ServerFrameType,
  fields: Omit<ServerFrame, 'type' | 'event_id' | 'occurred_at'> = {},
): ServerFrame {
  return { type, event_id: randomUUID(), occurred_at: new Date().toISOString(), ...fields }
}

export function errorFrame(code: ErrorCode, message: string): ServerFrame {
  return frame('error', { data: { code, message } })
}

/** WebSocket close codes of contract §4.9 and §14. */
export const CLOSE = WsClose
