import { Navigate, Outlet, useLocation } from 'react-router'
import { useSessionUser } from './hooks'

/**
 * Guards the dashboard before any of its code is loaded: without a session the sign-in page opens,
 * remembering where the user was going.
 */
export const RequireSession = () => {
  const user = useSessionUser()
  const location = useLocation()
  if (user) return <Outlet />
  const from = `${location.pathname}${location.search}`
  return <Navigate to="/auth/login" replace state={from === '/' ? null : { from }} />
}
