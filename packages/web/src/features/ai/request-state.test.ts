import { describe, expect, it } from 'vitest'
import { chatAiKey } from '../chats/use-chat-ai'
import { aiRequestReducer, initialAiRequest, type AiRequestAction, type AiRequestState } from './request-state'

type State = AiRequestState<{ chat_id: number }, { summary: string }>
type Action = AiRequestAction<{ chat_id: number }, { summary: string }>
const reduce = (state: State, ...actions: Action[]) =>
  actions.reduce(aiRequestReducer<{ chat_id: number }, { summary: string }>, state)

describe('aiRequestReducer', () => {
  const key = chatAiKey(7, 'open')
  const ready = reduce(
    initialAiRequest(key),
    { type: 'started', key, seq: 1, args: { chat_id: 7 } },
    { type: 'succeeded', key, seq: 1, data: { summary: 'First' } },
  )

  it('keeps the answer to the latest request', () => {
    expect(ready).toMatchObject({ status: 'ready', data: { summary: 'First' }, args: { chat_id: 7 } })
  })

  it('ignores an answer to a request that a newer one replaced', () => {
    const state = reduce(
      ready,
      { type: 'started', key, seq: 2, args: { chat_id: 7 } },
      { type: 'started', key, seq: 3, args: { chat_id: 7 } },
      { type: 'succeeded', key, seq: 2, data: { summary: 'Stale' } },
    )
    expect(state.status).toBe('loading')
    // The previous summary stays on screen until the new one arrives.
    expect(state.data).toEqual({ summary: 'First' })
    expect(reduce(state, { type: 'succeeded', key, seq: 3, data: { summary: 'Fresh' } }).data).toEqual({
      summary: 'Fresh',
    })
  })

  it('drops everything when the chat closes, and ignores answers that arrive afterwards', () => {
    const closed = chatAiKey(7, 'resolved')
    expect(closed).not.toBe(key)
    const pending = reduce(ready, { type: 'started', key, seq: 2, args: { chat_id: 7 } })
    const state = reduce(
      pending,
      { type: 'reset', key: closed },
      { type: 'succeeded', key, seq: 2, data: { summary: 'Late' } },
    )
    expect(state).toEqual(initialAiRequest(closed))
  })

  it('keeps results apart per chat', () => {
    const other = chatAiKey(8, 'open')
    const state = reduce(
      ready,
      { type: 'reset', key: other },
      { type: 'succeeded', key, seq: 1, data: { summary: 'A' } },
    )
    expect(state.data).toBeNull()
    expect(chatAiKey(7, 'pending')).toBe(key)
  })

  it('reports a failure of the latest request and keeps what was asked for Retry', () => {
    const state = reduce(
      ready,
      { type: 'started', key, seq: 2, args: { chat_id: 7 } },
      { type: 'failed', key, seq: 2, error: new Error('The AI service failed to answer. Try again.') },
    )
    expect(state.status).toBe('error')
    expect(state.args).toEqual({ chat_id: 7 })
  })

  it('remembers the chosen variant across new answers until the text changes', () => {
    const chosen = reduce(ready, { type: 'chosen', key, value: 'Variant' })
    const again = reduce(
      chosen,
      { type: 'started', key, seq: 2, args: { chat_id: 7 } },
      { type: 'succeeded', key, seq: 2, data: { summary: 'x' } },
    )
    expect(again.chosen).toBe('Variant')
  })

  it('goes back to the previous result when a request is cancelled', () => {
    const state = reduce(
      ready,
      { type: 'started', key, seq: 2, args: { chat_id: 7 } },
      { type: 'cancelled', key, seq: 2 },
    )
    expect(state).toMatchObject({ status: 'ready', data: { summary: 'First' } })
  })
})
