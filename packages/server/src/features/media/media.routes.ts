import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParams } from '@proxima/contracts'
import type { MediaService } from './media.service.js'

const VoiceLinkQuery = z.object({ exp: z.string().optional(), sig: z.string().optional() })

/** Signed, public media URLs; players in widgets on other sites fetch them directly. */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/media/voice/:id',
    schema: {
      tags: ['messages'],
      summary: "A voice message's audio (signed URL from voice_content; supports Range)",
      params: IdParams,
      querystring: VoiceLinkQuery,
      security: [],
    },
    config: { public: true },
    handler: async (req, reply) => {
      const file = await media.openVoice(req.params.id, req.query, {
        rangeHeader: req.headers.range,
        head: req.method === 'HEAD',
      })
      void reply.headers({
        'Content-Type': file.contentType,
        'Accept-Ranges': 'bytes',
        'Cache-Control': `private, max-age=${file.maxAge}`,
        'Cross-Origin-Resource-Policy': 'cross-origin',
      })
      if (file.range) {
        void reply
          .status(206)
          .header('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
          .header('Content-Length', String(file.range.end - file.range.start + 1))
      } else {
        void reply.header('Content-Length', String(file.size))
      }
      return reply.send(file.body)
    },
  })
}
