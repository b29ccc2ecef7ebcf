import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A chat-completions request as the fake received it. */
export type FakeRequest = {
  path: string
  headers: IncomingHttpHeaders
  body: {
    model: string
    messages: { role: string; content: string }[]
    response_format?: { type: string }
    temperature?: number
    max_tokens?: number
  }
}

/** What the fake answers: a completion with this content, an HTTP error, or either after a delay. */
export type FakeAnswer =
  | { content: string; finish_reason?: 'stop' | 'length' }
  | { status: number; message?: string }
  | { delayMs: number; then: FakeAnswer }

export type Responder = (req: FakeRequest) => FakeAnswer

const systemOf = (req: FakeRequest) => req.body.messages.find((m) => m.role === 'system')?.content ?? ''
const userOf = (req: FakeRequest) => req.body.messages.find((m) => m.role === 'user')?.content ?? ''

/** A well-behaved model: valid JSON for each task the `openai` provider asks for, plain text for generation. */
export const goodModel: Responder = (req) => {
  const system = systemOf(req)
  if (system.startsWith('You summarise')) {
    return {
      content: JSON.stringify({
        summary: 'The customer was charged twice and wants a refund.',
        intent: 'Get a refund for a double charge.',
        key_points: ['Charged twice', 'Refund requested', 'Order 1042'],
        open_questions: ['When will the refund arrive?'],
        sentiment: 'Negative',
        sentiment_score: -0.6,
        language: 'en',
      }),
    }
  }
  if (system.startsWith('You rewrite')) {
    const n = Number(/in (\d+) different ways/.exec(system)?.[1] ?? 3)
    const variants = ['We are looking into it now.', 'We are checking this right away.', 'Our team is on it.']
    return { content: JSON.stringify({ variants: [userOf(req), ...variants].slice(0, n + 1) }) }
  }
  if (system.startsWith('You write exactly')) {
    const n = Number(/exactly (\d+) survey/.exec(system)?.[1] ?? 3)
    const questions = Array.from({ length: n }, (_, i) =>
      i % 2 === 0
        ? { type: 'rating', title: `How satisfied are you with part ${i + 1}?`, required: true }
        : { type: 'single_choice', title: `Which option fits best (${i + 1})?`, options: ['Yes', 'No', 'Maybe'] },
    )
    return { content: JSON.stringify({ questions }) }
  }
  return { content: 'Thank you for your patience: your refund is on its way.' }
}

/** A local HTTP server speaking OpenAI's `POST /v1/chat/completions`, scripted per test. */
export async function startFakeOpenAi() {
  const requests: FakeRequest[] = []
  let queue: FakeAnswer[] = []
  let fallback: Responder = goodModel

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? '/'
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }))
        return
      }
      const request: FakeRequest = {
        path,
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeRequest['body'],
      }
      requests.push(request)
      const send = (answer: FakeAnswer) => {
        if (res.destroyed) return
        if ('delayMs' in answer) {
          const timer = setTimeout(() => send(answer.then), answer.delayMs)
          res.on('close', () => clearTimeout(timer))
          return
        }
        if ('status' in answer) {
          // retry-after-ms keeps the client's retries quick.
          res.writeHead(answer.status, { 'content-type': 'application/json', 'retry-after-ms': '5' })
          res.end(JSON.stringify({ error: { message: answer.message ?? 'Server error', type: 'server_error' } }))
          return
        }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: request.body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: answer.content, refusal: null },
                logprobs: null,
                finish_reason: answer.finish_reason ?? 'stop',
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        )
      }
      send(queue.shift() ?? fallback(request))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** The next answers, in order; afterwards `respond` (the good model by default) answers. */
    queue(...answers: FakeAnswer[]) {
      queue.push(...answers)
    },
    respond(responder: Responder) {
      fallback = responder
    },
    reset() {
      requests.length = 0
      queue = []
      fallback = goodModel
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>
