import { anyoneAnswering } from './chat-routes.config.js'
import { finished } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { Id, Message } from '@proxima/contracts'
import { actorOf } from '../../http/actor.js'
import { limitPerSender, type Limits } from '../../http/rate-limit.js'
import { AppError, type FieldErrors } from '../../lib/errors.js'
import { MAX_VOICE_BYTES, type VoiceService, type VoiceUpload } from './voice.service.js'

const tags = ['messages']
const NUL_MESSAGE = 'Text must not contain the NUL character.'
const noNul = (v: string) => !v.includes('\u0000')

/** The form fields beside the file (all arrive as text). */
const VoiceFields = z.object({
  chat_id: Id,
  duration_ms: z.coerce
    .number({ error: 'Must be a whole number of milliseconds.' })
    .int({ error: 'Must be a whole number of milliseconds.' })
    .min(0, { error: 'Must be a whole number of milliseconds.' })
    .max(2_147_483_647, { error: 'Must be a whole number of milliseconds.' })
    .optional(),
  client_message_id: z.string().trim().min(1).max(64).refine(noNul, NUL_MESSAGE).optional(),
  text_content: z
    .string()
    .trim()
    .max(4000, { error: 'Caption must be at most 4000 characters.' })
    .refine(noNul, NUL_MESSAGE)
    .optional()
    .transform((v) => v || undefined),
})

/** Errors of the multipart reader that mean "too much". */
const TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'])

/** Reads the whole form: the `audio` file into memory (at most 10 MiB), the other parts as text. */
async function readVoiceForm(req: FastifyRequest): Promise<VoiceUpload> {
  if (!req.isMultipart())
    throw new AppError(415, 'request.unsupported_media_type', 'Send the recording as multipart/form-data.')
  const fields: Record<string, string> = {}
  let audio: Buffer | undefined
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value)
      else if (part.fieldname === 'audio' && audio === undefined) audio = await part.toBuffer()
      else await finished(part.file.resume())
    }
  } catch (err) {
    const code = (err as { code?: string } | undefined)?.code
    if (code && TOO_LARGE.has(code))
      throw new AppError(413, 'request.too_large', 'Voice messages can be at most 10 MiB.')
    throw new AppError(400, 'request.malformed_multipart', 'The multipart body could not be read.')
  }

  const errors: FieldErrors = {}
  if (audio === undefined) errors.audio = ['An audio file is required.']
  else if (audio.length === 0) errors.audio = ['The audio file is empty.']
  if (!fields.chat_id) errors.chat_id = ['This field is required.']
  const parsed = VoiceFields.safeParse(fields)
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || 'non_field_errors'
      if (field !== 'chat_id' || !errors.chat_id) (errors[field] ??= []).push(issue.message)
    }
  if (!parsed.success || audio === undefined || Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0]?.[0] ?? 'The request is invalid.'
    throw new AppError(400, 'validation.failed', first, { errors })
  }
  return { ...parsed.data, audio }
}

/** `POST /api/chat/voice/`: the only route that accepts multipart bodies (contract §1.2, §4.5). */
export const voiceRoutes: FastifyPluginAsyncZod<{ voice: VoiceService; limits: Limits | null }> = async (
  app,
  { voice, limits },
) => {
  // Registered in this scope only: every other route keeps answering 415 to multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_VOICE_BYTES, files: 4, fields: 16, parts: 24, fieldSize: 64 * 1024, headerPairs: 100 },
  })
  // The form is read before the handler, as JSON bodies are: the `Idempotency-Key` check compares its fields and
  // the recording's bytes (src/http/idempotency.ts hashes file fields by their digest).
  const forms = new WeakMap<FastifyRequest, VoiceUpload>()
  app.post(
    '/api/chat/voice/',
    {
      schema: {
        tags,
        summary: 'Send a voice message (multipart: audio, chat_id, duration_ms?, client_message_id?, text_content?)',
        consumes: ['multipart/form-data'],
        response: { 200: Message, 201: Message },
      },
      config: { ...anyoneAnswering, idempotent: true, rateLimit: limitPerSender(limits, 'voice') },
      preValidation: async (req) => {
        const form = await readVoiceForm(req)
        forms.set(req, form)
        req.body = form
      },
    },
    async (req, reply) => {
      const form = forms.get(req)
      if (!form) throw new AppError(400, 'request.malformed_multipart', 'The multipart body could not be read.')
      const { created, message } = await voice.upload(actorOf(req), form)
      if (created) void reply.header('Location', `/api/chat/message/${message.message_id}/`)
      return reply.status(created ? 201 : 200).send(message)
    },
  )
}
