import { apiFetch } from '../../api/client'

/** Revokes the presented token; the caller signs out locally whatever the answer. */
export const logout = () => apiFetch<void>('/api/auth/logout/', { method: 'POST', sessionCheck: false })
