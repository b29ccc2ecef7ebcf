import { isErrorCode, type ErrorCode } from '@proxima/contracts/error-codes'
import type { Chat, Message, MessagePage, VisitorSession, WidgetConfig } from '@proxima/contracts'

/** The API shapes the widget reads (contract §2.4, §3.4, §4.2) come from the contracts, as types only. */
export type { Chat, Message, MessagePage, VisitorSession, WidgetConfig }

/** A failed call: `status` 0 means the network failed before any answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network.unreachable' | 'http.unknown',
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message)
  }
}

const NETWORK = 'The chat service could not be reached. Check your connection and try again.'

type Options = {
  method?: string
  body?: unknown
  form?: FormData
  token?: string | null
  query?: Record<string, string | number | boolean | null | undefined>
}

/** Calls the API on the origin the widget's script came from. */
export const createApi = (origin: string) => {
  const url = (path: string, query?: Record<string, string | number | boolean | null | undefined>) => {
    const u = new URL(path, origin)
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') u.searchParams.set(key, String(value))
    }
    return u.toString()
  }

  async function call<T>(path: string, opts: Options = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (opts.token) headers.Authorization = `Token ${opts.token}`
    let body: BodyInit | undefined
    if (opts.form) body = opts.form
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(opts.body)
    }
    let res: Response
    try {
      res = await fetch(url(path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body,
        mode: 'cors',
        credentials: 'omit',
      })
    } catch {
      throw new ApiError(0, 'network.unreachable', NETWORK)
    }
    let data: unknown = null
    const text = res.status === 204 ? '' : await res.text().catch(() => '')
    if (text) {
      try {
        data = JSON.parse(text)
      } catch {
        data = null
      }
    }
    if (!res.ok) {
      const parsed = (data ?? {}) as { message?: unknown; code?: unknown; detail?: unknown }
      const message =
        typeof parsed.message === 'string'
          ? parsed.message
          : typeof parsed.detail === 'string'
            ? parsed.detail
            : 'Something went wrong. Try again later.'
      const retry = Number(res.headers.get('Retry-After'))
      throw new ApiError(
        res.status,
        typeof parsed.code === 'string' && isErrorCode(parsed.code) ? parsed.code : 'http.unknown',
        message,
        Number.isFinite(retry) && retry > 0 ? retry : null,
      )
    }
    return data as T
  }

  return {
    origin,
    config: (widgetKey: string) => call<WidgetConfig>('/api/widget/config/', { query: { widget_key: widgetKey } }),
    startVisitor: (body: { widget_key: string; name?: string; contact?: string; page_url?: string }) =>
      call<VisitorSession>('/api/auth/anonymoususer/', { method: 'POST', body }),
    startChat: (token: string) => call<Chat>('/api/chat/chat/', { method: 'POST', body: {}, token }),
    getChat: (token: string, id: number) => call<Chat>(`/api/chat/chat/${id}/`, { token }),
    messages: (token: string, chatId: number, cursor: { before?: string; after?: string } = {}) =>
      call<MessagePage>('/api/chat/message/', { token, query: { chat_id: chatId, limit: 30, ...cursor } }),
    send: (token: string, body: { chat_id: number; text_content: string; client_message_id: string }) =>
      call<Message>('/api/chat/message/', { method: 'POST', body, token }),
    sendVoice: (token: string, form: FormData) => call<Message>('/api/chat/voice/', { method: 'POST', form, token }),
    escalate: (token: string, id: number) =>
      call<Chat>(`/api/chat/chat/${id}/escalate/`, {
        method: 'POST',
        body: { reason: 'Asked to talk to a person.' },
        token,
      }),
    rate: (token: string, id: number, rating: number, comment: string) =>
      call<Chat>(`/api/chat/chat/${id}/rating/`, {
        method: 'POST',
        body: comment ? { rating, comment } : { rating },
        token,
      }),
  }
}

export type Api = ReturnType<typeof createApi>

/** The sentence to show for a failed call, with the wait a 429 asks for. */
export const describeError = (error: unknown): string => {
  if (!(error instanceof ApiError)) return 'Something went wrong. Try again.'
  if (error.status === 429) {
    const wait = error.retryAfter ? ` Try again in ${Math.ceil(error.retryAfter)} seconds.` : ' Try again shortly.'
    return `You are sending messages too quickly.${wait}`
  }
  if (error.code === 'widget.disabled') return 'Chat is turned off for this website.'
  if (error.code === 'widget.origin_not_allowed') return 'Chat is not available on this website.'
  return error.message
}

/** A random id for retry-safe sends (`client_message_id`, at most 64 characters). */
export const newClientId = (): string => {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  return `w-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
