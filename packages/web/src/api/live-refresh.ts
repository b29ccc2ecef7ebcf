import { useEffect, useRef } from 'react'
import { useRealtimeStatusListener } from './realtime'

const BURST_MS = 250

/**
 * Realtime events arrive in bursts (a message, then the chat it changed): the `refresh` this answers gathers them
 * and calls the latest `refetch` once per burst. A reconnect calls `onReconnect` (by default `refetch`) at once,
 * since the frames sent while the connection was down are lost and REST is the source of truth.
 */
export const useLiveRefresh = (refetch: () => void, onReconnect?: () => void): (() => void) => {
  const latest = useRef({ refetch, onReconnect })
  useEffect(() => {
    latest.current = { refetch, onReconnect }
  })
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  useRealtimeStatusListener((status, reconnected) => {
    if (status === 'open' && reconnected) (latest.current.onReconnect ?? latest.current.refetch)()
  })

  return () => {
    if (timer.current !== undefined) return
    timer.current = window.setTimeout(() => {
      timer.current = undefined
      latest.current.refetch()
    }, BURST_MS)
  }
}
