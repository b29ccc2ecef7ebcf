/** @jsxImportSource preact */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { describeError, type Api, type WidgetConfig } from './api'
import { brandStyle } from './brand'
import { useConversation } from './conversation'
import { useLiveConfig } from './live-config'
import { DEFAULT_AWAY_MESSAGE } from './texts'
import { fileNameFor } from './recorder'
import { ChatIcon, CloseIcon, MessageBubble, MicIcon, PendingBubble, RatingPrompt } from './views'
import { RecordingBar, VoicePreview, useVoiceNote } from './voice'

type Props = { api: Api; widgetKey: string; config: WidgetConfig }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const App = ({ api, widgetKey, config: loaded }: Props) => {
  const config = useLiveConfig(api, widgetKey, loaded)
  const [open, setOpen] = useState(false)
  const convo = useConversation(api, widgetKey, open)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [draft, setDraft] = useState('')
  const voice = useVoiceNote(convo.setError)
  const [ratingBusy, setRatingBusy] = useState(false)
  const [ratingError, setRatingError] = useState<string | null>(null)
  const [ratingDismissed, setRatingDismissed] = useState(false)
  const [thanks, setThanks] = useState(false)
  const [escalating, setEscalating] = useState(false)
  const listRef = useRef<HTMLOListElement>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const launcherRef = useRef<HTMLButtonElement>(null)
  const wasOpenRef = useRef(false)
  const stickToBottomRef = useRef(true)
  const scrollBaseRef = useRef<number | null>(null)

  const { chat, messages, pending, saved } = convo
  const identity = { name, email }

  // Focus moves into the panel when it opens and back to the launcher when it closes.
  useEffect(() => {
    if (open) inputRef.current?.focus()
    else if (wasOpenRef.current) launcherRef.current?.focus()
    wasOpenRef.current = open
  }, [open])

  // New messages keep the view at the bottom; older ones keep the reader's place.
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    if (scrollBaseRef.current !== null) {
      list.scrollTop = list.scrollHeight - scrollBaseRef.current
      scrollBaseRef.current = null
    } else if (stickToBottomRef.current) list.scrollTop = list.scrollHeight
  }, [messages, pending, open, convo.typing])

  // Back from recording or its preview, the message field has the focus again.
  const composing = !voice.recording && !voice.take
  const wasComposingRef = useRef(true)
  useEffect(() => {
    if (composing && !wasComposingRef.current) inputRef.current?.focus()
    wasComposingRef.current = composing
  }, [composing])

  const checkEmail = () => {
    if (saved || !email.trim() || EMAIL.test(email.trim())) return true
    setEmailError('Enter a valid email address, or leave it empty.')
    return false
  }

  const send = (event: Event) => {
    event.preventDefault()
    const text = draft.trim()
    if (!text || !checkEmail()) return
    if (text.length > 4000) return convo.setError('Messages can be at most 4,000 characters.')
    setDraft('')
    stickToBottomRef.current = true
    setThanks(false)
    setRatingDismissed(false)
    void convo.sendText(text, identity)
  }

  const record = () => {
    if (checkEmail()) void voice.start()
  }

  const sendTake = () => {
    const take = voice.take
    if (!take || !checkEmail()) return
    voice.discard()
    stickToBottomRef.current = true
    setThanks(false)
    setRatingDismissed(false)
    void convo.sendVoice(take.blob, fileNameFor(take.mimeType), take.durationMs, identity)
  }

  const escalate = async () => {
    setEscalating(true)
    try {
      const updated = await convo.withChat(identity, (t, c) => api.escalate(t, c))
      convo.setChat(updated)
      convo.setError(null)
    } catch (e) {
      convo.setError(describeError(e))
    } finally {
      setEscalating(false)
    }
  }

  const rate = async (rating: number, comment: string) => {
    if (!saved?.chatId) return
    setRatingBusy(true)
    setRatingError(null)
    try {
      const chatId = saved.chatId
      convo.setChat(await convo.withChat(identity, (t) => api.rate(t, chatId, rating, comment)))
      setThanks(true)
    } catch (e) {
      setRatingError(describeError(e))
    } finally {
      setRatingBusy(false)
    }
  }

  const brand = brandStyle(config.color)
  if (!open) {
    return (
      <div class="root" style={brand}>
        <button ref={launcherRef} type="button" class="launcher" aria-label="Open chat" onClick={() => setOpen(true)}>
          <ChatIcon />
          {convo.unread > 0 ? <span class="dot" aria-hidden="true" /> : null}
          {convo.unread > 0 ? <span class="sr">{`${convo.unread} new`}</span> : null}
        </button>
      </div>
    )
  }

  const replied = Boolean(chat?.first_response_at) || messages.some((m) => m.message_sender !== 'client')
  const askRating =
    chat?.status === 'resolved' &&
    chat.satisfaction_rating === null &&
    (convo.ratingAsked || replied) &&
    !ratingDismissed &&
    !thanks
  const escalated = Boolean(chat?.escalated && chat.status !== 'resolved')
  const busy = voice.recording || voice.starting

  return (
    <div class="root" style={brand}>
      <section
        class="panel"
        role="dialog"
        aria-label={`Chat with ${config.tenant_name}`}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false)
        }}
      >
        <header class="head">
          <div class="grow">
            <h2>{config.tenant_name}</h2>
            {config.greeting ? <p>{config.greeting}</p> : null}
          </div>
          <button type="button" class="icon" aria-label="Close chat" onClick={() => setOpen(false)}>
            <CloseIcon />
          </button>
        </header>
        {!config.is_open ? (
          <div class="note warn" role="status">
            {config.offline_message || DEFAULT_AWAY_MESSAGE}
          </div>
        ) : null}
        {convo.error ? (
          <div class="note err" role="alert">
            <span>{convo.error}</span>
            <button type="button" class="link" onClick={() => convo.setError(null)}>
              Dismiss
            </button>
          </div>
        ) : null}
        <div class="bar">
          <span>
            {escalated ? 'A person will reply here soon.' : chat?.status === 'resolved' ? 'Conversation resolved.' : ''}
          </span>
          <button type="button" class="btn ghost" onClick={() => void escalate()} disabled={escalating || escalated}>
            Talk to a person
          </button>
        </div>
        <ol
          class="list"
          ref={listRef}
          aria-label="Conversation"
          aria-live="polite"
          aria-busy={convo.loading}
          tabIndex={0}
          onScroll={(e) => {
            const el = e.currentTarget
            stickToBottomRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40
            if (el.scrollTop < 40 && convo.older.has && !convo.loading) {
              scrollBaseRef.current = el.scrollHeight - el.scrollTop
              void convo.loadOlder()
            }
          }}
        >
          {convo.older.has ? (
            <li class="older">
              <button
                type="button"
                class="link"
                disabled={convo.loading}
                onClick={() => {
                  const el = listRef.current
                  if (el) scrollBaseRef.current = el.scrollHeight - el.scrollTop
                  void convo.loadOlder()
                }}
              >
                Load earlier messages
              </button>
            </li>
          ) : null}
          {convo.loading && messages.length === 0 ? <li class="older">Loading…</li> : null}
          {messages.map((m) => (
            <MessageBubble key={m.message_id} message={m} origin={api.origin} />
          ))}
          {pending.map((p) => (
            <PendingBubble key={p.id} item={p} onRetry={convo.retry} />
          ))}
        </ol>
        <div class="typing" aria-live="polite">
          {convo.typing ? `${convo.typing} is typing…` : ''}
        </div>
        {askRating ? (
          <RatingPrompt
            busy={ratingBusy}
            error={ratingError}
            onSubmit={(stars, comment) => void rate(stars, comment)}
            onDismiss={() => setRatingDismissed(true)}
          />
        ) : null}
        {thanks ? (
          <div class="note" role="status">
            Thank you for your feedback.
          </div>
        ) : null}
        {!saved ? (
          <div class="intro">
            <p>Leave your name and email if you'd like us to be able to follow up (optional).</p>
            <label class="field">
              Your name
              <input
                type="text"
                autoComplete="name"
                maxLength={100}
                value={name}
                onInput={(e) => setName(e.currentTarget.value)}
              />
            </label>
            <label class="field">
              Your email
              <input
                type="email"
                autoComplete="email"
                maxLength={254}
                value={email}
                aria-invalid={emailError ? true : undefined}
                onInput={(e) => {
                  setEmail(e.currentTarget.value)
                  setEmailError(null)
                }}
              />
              {emailError ? <span class="field-error">{emailError}</span> : null}
            </label>
          </div>
        ) : null}
        <form class="compose" onSubmit={send}>
          {voice.recording ? (
            <RecordingBar elapsed={voice.elapsed} onStop={() => void voice.stop()} />
          ) : voice.take ? (
            <VoicePreview take={voice.take} onDiscard={voice.discard} onSend={sendTake} />
          ) : (
            <>
              <label class="sr" for="pxw-message">
                Message
              </label>
              <textarea
                id="pxw-message"
                ref={inputRef}
                rows={1}
                maxLength={4000}
                placeholder="Write a message…"
                value={draft}
                disabled={busy}
                onInput={(e) => {
                  setDraft(e.currentTarget.value)
                  convo.typingChanged(e.currentTarget.value.length > 0)
                }}
                onBlur={() => convo.typingChanged(false)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) send(e)
                }}
              />
              <button
                type="button"
                class="icon btn ghost"
                title="Record voice message"
                disabled={busy}
                onClick={record}
              >
                {/* Named by its content, not aria-label, so "Message" stays the one field labelled so. */}
                <span class="sr">Record voice message</span>
                <MicIcon />
              </button>
              <button type="submit" class="btn" disabled={!draft.trim() || busy}>
                Send
              </button>
            </>
          )}
        </form>
      </section>
    </div>
  )
}
