import { fieldError } from './errors.js'

/**
 * Opaque, list-bound cursors (contract §1.8): the base64url form of `<list>:<id>`. Decoding is strict: only the
 * exact text this server produced for that list is accepted, so a cursor from another list, a truncated or padded
 * one, or one with trailing characters answers 400 instead of being read leniently.
 */
export type CursorList = 'messages' | 'notifications' | 'community_events'

const ID = /^[1-9]\d{0,15}$/

export function encodeCursor(list: CursorList, id: number): string {
  return Buffer.from(`${list}:${id}`).toString('base64url')
}

export function decodeCursor(list: CursorList, field: string, cursor: string): number {
  const text = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : ''
  const [name, raw, ...rest] = text.split(':')
  const id = name === list && rest.length === 0 && raw !== undefined && ID.test(raw) ? Number(raw) : NaN
  // Base64url has more than one spelling of the same bytes (trailing bits); only the canonical one is ours.
  if (!Number.isSafeInteger(id) || encodeCursor(list, id) !== cursor) {
    throw fieldError(field, 'The cursor is not valid for this list.')
  }
  return id
}
