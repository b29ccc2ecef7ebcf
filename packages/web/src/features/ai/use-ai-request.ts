import { useCallback, useEffect, useReducer, useRef } from 'react'
import { aiRequestReducer, initialAiRequest, type AiRequestAction, type AiRequestState } from './request-state'

/** How an `ask` ended: with the error when it failed; answered, cancelled and superseded requests have none. */
export type AiOutcome = { failed: false } | { failed: true; error: unknown }

export type AiRequest<A, R> = AiRequestState<A, R> & {
  /** Asks again; a request still running is cancelled. */
  run: (args: A) => void
  /** `run`, settled when the request is over (so a form stays busy meanwhile). */
  ask: (args: A) => Promise<AiOutcome>
  /** Runs the last request again (after an error). */
  retry: () => void
  /** Stops a running request; the previous result, if any, stays. */
  cancel: () => void
  /** Drops the result (closing a panel). */
  clear: () => void
  choose: (value: string | null) => void
}

/**
 * An AI call whose result is state of the screen, not a cached query: it lives as long as `key` stays the same
 * (a chat that is open) and is dropped when the key changes or the component goes away.
 */
export const useAiRequest = <A, R>(
  call: (args: A, signal: AbortSignal) => Promise<R>,
  key: string,
): AiRequest<A, R> => {
  const [state, dispatch] = useReducer(
    aiRequestReducer as (s: AiRequestState<A, R>, a: AiRequestAction<A, R>) => AiRequestState<A, R>,
    key,
    (k: string) => initialAiRequest<A, R>(k),
  )
  const seq = useRef(0)
  const controller = useRef<AbortController | null>(null)
  const callRef = useRef(call)
  useEffect(() => {
    callRef.current = call
  })

  // Another chat, or this chat closed: nothing of the old result survives.
  if (state.key !== key) dispatch({ type: 'reset', key })
  useEffect(
    () => () => {
      controller.current?.abort()
      controller.current = null
    },
    [key],
  )

  const ask = useCallback(
    (args: A): Promise<AiOutcome> => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      const id = ++seq.current
      dispatch({ type: 'started', key, seq: id, args })
      return callRef.current(args, current.signal).then(
        (data) => {
          dispatch({ type: 'succeeded', key, seq: id, data })
          return { failed: false }
        },
        (error: unknown) => {
          if (current.signal.aborted) return { failed: false }
          dispatch({ type: 'failed', key, seq: id, error })
          return { failed: true, error }
        },
      )
    },
    [key],
  )
  const run = useCallback((args: A) => void ask(args), [ask])

  const { args } = state
  const retry = useCallback(() => {
    if (args !== null) run(args)
  }, [args, run])

  const cancel = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    dispatch({ type: 'cancelled', key, seq: seq.current })
  }, [key])

  const clear = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    dispatch({ type: 'reset', key })
  }, [key])

  const choose = useCallback((value: string | null) => dispatch({ type: 'chosen', key, value }), [key])

  const visible = state.key === key ? state : initialAiRequest<A, R>(key)
  return { ...visible, run, ask, retry, cancel, clear, choose }
}
