import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { queryClient } from '../api/query-client'
import { receiveHandoff } from './handoff'
import { PageLoading } from './PageLoading'
import { Providers } from './providers'
import { router } from './router'
import { signedIn } from './session'
import { store } from './store'

/** The Google redirect hand-off, started once, as early as possible; its session becomes the stored one. */
const handoff: Promise<void> = receiveHandoff().then((session) => {
  if (session) store.dispatch(signedIn(session))
})

/** Cached server data belongs to one session: it is dropped whenever the session changes. */
const clearCacheOnSessionChange = () => {
  let token = store.getState().session.token
  return store.subscribe(() => {
    const next = store.getState().session.token
    if (next !== token) {
      token = next
      queryClient.clear()
    }
  })
}

export const App = () => {
  // With a stored session the dashboard starts at once (a hand-off, if any, replaces it when it lands); without one it
  // waits for the hand-off, so that a Google sign-in is not sent back to the sign-in page.
  const [ready, setReady] = useState(() => store.getState().session.user !== null)

  useEffect(() => {
    let active = true
    void handoff.then(() => {
      if (active) setReady(true)
    })
    const unsubscribe = clearCacheOnSessionChange()
    return () => {
      active = false
      unsubscribe()
    }
  }, [])

  return <Providers>{ready ? <RouterProvider router={router} /> : <PageLoading label="Starting Proxima…" />}</Providers>
}
