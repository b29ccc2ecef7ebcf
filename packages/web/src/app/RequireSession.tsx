import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { useSessionUser } from './hooks'
import { PageLoading } from './PageLoading'
import { leaveForSignIn } from './sign-in-link'

/**
 * Guards the dashboard before any of its code is loaded: without a session the sign-in page opens (a page of its
 * own), asked to come back to where the user was going.
 */
export const RequireSession = () => {
  const user = useSessionUser()
  useEffect(() => {
    if (!user) leaveForSignIn()
  }, [user])
  return user ? <Outlet /> : <PageLoading label="Opening the sign-in page…" />
}
