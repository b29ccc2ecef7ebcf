import { useDispatch, useSelector } from 'react-redux'
import type { StaffSession } from '@proxima/contracts'
import type { AppDispatch, RootState } from './store'

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()

export const useSessionUser = (): StaffSession | null => useAppSelector((state) => state.session.user)

/** The signed-in staff user; only for screens rendered inside the protected layout. */
export const useStaffUser = (): StaffSession => {
  const user = useSessionUser()
  if (!user) throw new Error('useStaffUser needs a signed-in user')
  return user
}

export const useIsAdmin = (): boolean => useSessionUser()?.user_type === 'admin'
