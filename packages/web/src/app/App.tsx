import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { registerNavigator } from '../api/navigation'
import { queryClient } from '../api/query-client'
import { handoff } from './handoff'
import { PageLoading } from './PageLoading'
import { Providers } from './providers'
import { router } from './router'
import { store } from './store'

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
  const [ready, setReady] = useState(false)

  useEffect(() => {
    let active = true
    void handoff.then(() => {
      if (active) setReady(true)
    })
    const unsubscribe = clearCacheOnSessionChange()
    const unregister = registerNavigator((to, state) => void router.navigate(to, { replace: true, state }))
    return () => {
      active = false
      unsubscribe()
      unregister()
    }
  }, [])

  return <Providers>{ready ? <RouterProvider router={router} /> : <PageLoading label="Starting Proxima…" />}</Providers>
}
