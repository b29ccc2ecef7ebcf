/** @jsxImportSource preact */
import { useState } from 'preact/hooks'
import type { Message } from './api'

export type Pending = { id: string; text: string | null; voice: boolean; error: string | null }

const time = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
}

const seconds = (ms: number | null | undefined) => {
  if (!ms) return ''
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/**
 * A signed voice link from the server, played from the API origin the widget talks to (its script's origin): the
 * link names the server's configured public address, which the visitor's browser may know by another name. The
 * signature covers the message and expiry, not the host. Anything but a signed http(s) media link is dropped.
 */
const voiceUrl = (link: string, origin: string): string | null => {
  try {
    const u = new URL(link, origin)
    const at = u.pathname.indexOf('/api/media/')
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || at < 0) return null
    return new URL(`${u.pathname.slice(at)}${u.search}`, origin).toString()
  } catch {
    return null
  }
}

export const MessageBubble = ({ message, origin }: { message: Message; origin: string }) => {
  const mine = message.message_sender === 'client'
  const voice = message.voice_content ? voiceUrl(message.voice_content, origin) : null
  const who = mine ? 'You' : message.sender?.name || 'Support'
  return (
    <li class={`msg ${mine ? 'me' : 'them'}`} data-message-id={message.message_id}>
      {mine ? <span class="sr">You said: </span> : <span class="who">{who}</span>}
      {message.deleted ? (
        <em>This message was removed.</em>
      ) : (
        <>
          {voice ? (
            <span>
              <span class="sr">Voice message</span>
              {/* Requested with CORS: the media route allows any origin, whatever its resource policy. */}
              <audio controls preload="metadata" crossOrigin="anonymous" src={voice} />
            </span>
          ) : null}
          {message.text_content ? <span>{message.text_content}</span> : null}
          {message.voice?.transcript ? <span class="meta">“{message.voice.transcript}”</span> : null}
        </>
      )}
      <span class="meta">
        {voice ? `${seconds(message.voice?.duration_ms)} · ` : ''}
        {time(message.sent_at)}
      </span>
    </li>
  )
}

export const PendingBubble = ({ item, onRetry }: { item: Pending; onRetry: (id: string) => void }) => (
  <li class={`msg me${item.error ? ' failed' : ''}`}>
    {item.voice ? 'Voice message' : item.text}
    <span class="meta">
      {item.error ? (
        <>
          Not sent.{' '}
          <button type="button" class="link" onClick={() => onRetry(item.id)}>
            Retry
          </button>
        </>
      ) : (
        'Sending…'
      )}
    </span>
  </li>
)

type RatingProps = {
  busy: boolean
  error: string | null
  onSubmit: (rating: number, comment: string) => void
  onDismiss: () => void
}

/** The 1–5 chat rating (contract §4.4, §4.7): each value with the words a visitor reads and hears. */
export const RATINGS = [
  { value: 1, label: 'Very poor' },
  { value: 2, label: 'Poor' },
  { value: 3, label: 'Average' },
  { value: 4, label: 'Good' },
  { value: 5, label: 'Excellent' },
] as const

/** The 1–5 satisfaction prompt shown once a conversation is resolved (contract §4.7). */
export const RatingPrompt = ({ busy, error, onSubmit, onDismiss }: RatingProps) => {
  const [rating, setRating] = useState(0)
  const [comment, setComment] = useState('')
  return (
    <form
      class="rating"
      aria-label="Rate this conversation"
      onSubmit={(event) => {
        event.preventDefault()
        if (rating) onSubmit(rating, comment.trim())
      }}
    >
      <p id="pxw-rate">How did we do?</p>
      <div class="stars" role="group" aria-labelledby="pxw-rate">
        {RATINGS.map(({ value, label }) => (
          <button key={value} type="button" aria-pressed={rating === value} onClick={() => setRating(value)}>
            <span class="num" aria-hidden="true">
              {value}
            </span>
            <span>{label}</span>
          </button>
        ))}
      </div>
      <label class="field">
        Comment (optional)
        <textarea rows={2} maxLength={1000} value={comment} onInput={(e) => setComment(e.currentTarget.value)} />
      </label>
      {error ? (
        <div class="field-error" role="alert">
          {error}
        </div>
      ) : null}
      <div class="row">
        <button type="button" class="btn ghost" onClick={onDismiss}>
          Not now
        </button>
        <button type="submit" class="btn" disabled={!rating || busy}>
          Submit rating
        </button>
      </div>
    </form>
  )
}

export const ChatIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6v2h10V9H7zm0 4v2h7v-2H7z" />
  </svg>
)

export const CloseIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z" />
  </svg>
)

export const MicIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9h-2z" />
  </svg>
)
