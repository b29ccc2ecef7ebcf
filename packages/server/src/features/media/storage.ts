import type { Readable } from 'node:stream'

/** Inclusive byte positions, as in an HTTP `Range` header. */
export type ByteRange = { start: number; end: number }

/** A stored object being read: the bytes asked for, and the size of the whole object. */
export type StoredRead = { stream: Readable; size: number }

/** Where voice recordings live. Keys are relative, slash-separated and made of safe characters only. */
export type VoiceStorage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** The whole object, or one range of it; undefined when the object does not exist. */
  read(key: string, range?: ByteRange): Promise<StoredRead | undefined>
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>
}

/** `voice/<tenant>/<name>.<ext>`: lower-case letters, digits, dots, dashes and underscores, no `..`. */
const SAFE_KEY = /^(?!.*\.\.)[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/

export function assertSafeKey(key: string): string {
  if (key.length > 200 || !SAFE_KEY.test(key)) throw new Error('Unsafe storage key.')
  return key
}
