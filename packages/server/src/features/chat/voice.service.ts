import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { planById, Texts } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { AppError } from '../../lib/errors.js'
import { readDurationMs, sniffVoiceType } from '../media/audio.js'
import type { VoiceStorage } from '../media/storage.js'
import { voiceBytesInUse } from '../media/media.service.js'
import { findTenantPlan } from './chat-tenants.queries.js'
import { loadChatFor } from './chats.queries.js'
import type { MessageService } from './messages.service.js'

/** Contract §1.2 and §4.5. */
export const MAX_VOICE_BYTES = 10 * 1024 * 1024
export const MAX_VOICE_MS = 5 * 60_000
const BYTES_PER_GB = 1024 ** 3

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/3gpp': '3gp',
}

export type VoiceUpload = {
  chat_id: number
  audio: Buffer
  duration_ms?: number | undefined
  client_message_id?: string | undefined
  text_content?: string | undefined
}

type Deps = {
  db: Db
  /** Posts the message the recording is attached to. */
  messages: Pick<MessageService, 'create'>
  storage: VoiceStorage
  log?: FastifyBaseLogger
}

/** Voice messages: the recording is checked, stored, then attached to a new message by the message service. */
export function createVoiceService({ db, messages, storage, log }: Deps) {
  async function checkStorageLimit(tenantId: number, adding: number) {
    const gb = planById(await findTenantPlan(db, tenantId)).limits.voice_storage_gb
    if ((await voiceBytesInUse(db, tenantId)) + adding > gb * BYTES_PER_GB)
      throw new AppError(403, 'plan.limit_reached', `Your plan allows at most ${gb} GB of voice messages.`, {
        errors: { limit: ['voice_storage_gb'] },
      })
  }

  const discard = (key: string) =>
    storage.delete(key).catch((err: unknown) => log?.warn({ err, key }, 'could not remove an unused recording'))

  /** Returns the message and whether it is new (201) or a repeat of a `client_message_id` (200). */
  async function upload(actor: Actor, input: VoiceUpload) {
    const chat = await loadChatFor(db, actor, input.chat_id)
    const mimeType = await sniffVoiceType(input.audio)
    if (!mimeType) throw new AppError(415, 'chat.voice_type_not_allowed', Texts.voiceTypeNotAllowed)
    const durationMs = (await readDurationMs(input.audio, mimeType)) ?? input.duration_ms ?? null
    if (durationMs !== null && durationMs > MAX_VOICE_MS)
      throw new AppError(422, 'chat.voice_too_long', 'Voice messages can be at most 5 minutes long.')
    await checkStorageLimit(chat.tenant_id, input.audio.length)

    const key = `voice/${chat.tenant_id}/${randomUUID()}.${EXTENSIONS[mimeType] ?? 'bin'}`
    await storage.put(key, input.audio, mimeType)
    let result: Awaited<ReturnType<MessageService['create']>>
    try {
      result = await messages.create(
        actor,
        { chat_id: chat.id, text_content: input.text_content, client_message_id: input.client_message_id },
        { key, mimeType, sizeBytes: input.audio.length, durationMs },
      )
    } catch (err) {
      await discard(key)
      throw err
    }
    // A repeated `client_message_id` answers with the first message; this copy of the audio is not needed.
    if (!result.created) await discard(key)
    return result
  }

  return { upload }
}

export type VoiceService = ReturnType<typeof createVoiceService>
