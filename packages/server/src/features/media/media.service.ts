import type { Db } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import { AppError, notFound } from '../../lib/errors.js'
import type { ByteRange, StoredRead, VoiceStorage } from './storage.js'
import type { VoiceLinks } from './voice-links.js'
import { findVoiceOfMessage } from './voice.queries.js'

/** Read by other features (plan usage, quotas); they go through this module, never the query module. */
export { voiceBytesInUse } from './voice.queries.js'

const linkExpired = () =>
  new AppError(403, 'media.link_expired', 'This link has expired or is not valid. Reload the conversation.')

/**
 * A single `bytes=` range of an object of `size` bytes: the range, 'all' when the header is absent or not
 * one plain range (the whole object is then served), or 'unsatisfiable'.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'all' | 'unsatisfiable' {
  if (!header) return 'all'
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!m || (m[1] === '' && m[2] === '')) return 'all'
  if (m[1] === '') {
    // The last N bytes.
    const suffix = Number(m[2])
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (m[2] !== '' && Number(m[2]) < start) return 'all'
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}

export type VoiceFile = {
  contentType: string
  size: number
  /** Present on 206 answers. */
  range: ByteRange | undefined
  /** Seconds the link stays valid, for `Cache-Control`. */
  maxAge: number
  /** Undefined on HEAD requests. */
  body: StoredRead['stream'] | undefined
}

/** Serving recordings behind signed links (contract §4.5): no session, the signature is the permission. */
export function createMediaService({
  db,
  clock,
  voiceLinks,
  storage,
}: {
  db: Db
  clock: Clock
  voiceLinks: VoiceLinks
  storage: VoiceStorage
}) {
  async function openVoice(
    messageId: number,
    q: { exp?: string | undefined; sig?: string | undefined },
    opts: { rangeHeader: string | undefined; head: boolean },
  ): Promise<VoiceFile> {
    if (!voiceLinks.verify(messageId, q.exp, q.sig)) throw linkExpired()
    const row = await findVoiceOfMessage(db, messageId)
    if (!row?.voice_key) throw notFound()
    const size = Number(row.voice_size_bytes ?? 0)
    const parsed = parseRange(opts.rangeHeader, size)
    if (parsed === 'unsatisfiable')
      throw new AppError(416, 'media.range_not_satisfiable', 'The requested range is not within the recording.', {
        headers: { 'Content-Range': `bytes */${size}` },
      })
    const range = parsed === 'all' ? undefined : parsed
    const maxAge = Math.max(0, Number(q.exp) - Math.ceil(clock.now().getTime() / 1000))
    const contentType = row.voice_mime_type ?? 'application/octet-stream'
    if (opts.head) return { contentType, size, range, maxAge, body: undefined }
    const stored = await storage.read(row.voice_key, range)
    if (!stored) throw notFound()
    return { contentType, size: stored.size, range, maxAge, body: stored.stream }
  }

  return { openVoice }
}

export type MediaService = ReturnType<typeof createMediaService>
