import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { RealtimeProvider } from '../../../api/realtime'
import { LoadingState } from '../../../ui/states'

/** The community screens share one live connection while the moderator moves between them. */
export const CommunityArea = () => (
  <RealtimeProvider>
    <Suspense fallback={<LoadingState />}>
      <Outlet />
    </Suspense>
  </RealtimeProvider>
)
