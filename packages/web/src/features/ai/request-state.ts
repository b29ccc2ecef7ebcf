/**
 * One AI helper's result as client state (contract §10.1: summary and paraphrase results are client state, cleared
 * when the chat closes). The state belongs to a `key` (e.g. a chat and whether it is open): when the key changes,
 * everything is dropped, and an answer to a request made under an older key or superseded by a newer request
 * (`seq`) is ignored.
 */
export type AiRequestState<A, R> = {
  key: string
  /** The latest request's number; answers to other numbers are stale. */
  seq: number
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** What was asked (kept while loading and after an error, for Retry). */
  args: A | null
  data: R | null
  error: unknown
  /** Which part of the result the user took, if any (paraphrase: the variant put into the text box). */
  chosen: string | null
}

export type AiRequestAction<A, R> =
  | { type: 'reset'; key: string }
  | { type: 'started'; key: string; seq: number; args: A }
  | { type: 'succeeded'; key: string; seq: number; data: R }
  | { type: 'failed'; key: string; seq: number; error: unknown }
  | { type: 'chosen'; key: string; value: string | null }
  | { type: 'cancelled'; key: string; seq: number }

export const initialAiRequest = <A, R>(key: string): AiRequestState<A, R> => ({
  key,
  seq: 0,
  status: 'idle',
  args: null,
  data: null,
  error: null,
  chosen: null,
})

export const aiRequestReducer = <A, R>(
  state: AiRequestState<A, R>,
  action: AiRequestAction<A, R>,
): AiRequestState<A, R> => {
  if (action.type === 'reset') return initialAiRequest(action.key)
  if (action.key !== state.key) return state
  switch (action.type) {
    case 'started':
      // The previous result stays visible under the progress indicator until the new one arrives.
      return { ...state, seq: action.seq, status: 'loading', args: action.args, error: null }
    case 'succeeded':
      if (action.seq !== state.seq) return state
      return { ...state, status: 'ready', data: action.data, error: null }
    case 'failed':
      if (action.seq !== state.seq) return state
      return { ...state, status: 'error', error: action.error }
    case 'cancelled':
      if (action.seq !== state.seq || state.status !== 'loading') return state
      return { ...state, status: state.data ? 'ready' : 'idle' }
    case 'chosen':
      return { ...state, chosen: action.value }
  }
}
