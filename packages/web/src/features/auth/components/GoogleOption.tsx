import Box from '@mui/material/Box'
import { Suspense, lazy } from 'react'
import { googleEnabled } from '../../../app/config'
import type { GoogleSignInProps } from './GoogleSignIn'

const GoogleSignIn = lazy(() => import('./GoogleSignIn').then((m) => ({ default: m.GoogleSignIn })))

/** Divider and button together, so the space is kept while their code loads. */
const RESERVED_HEIGHT = 44 + 72

/**
 * "or" and Google's button under a credentials form, when Google sign-in is configured: only then is its code, and
 * Google's script, loaded.
 */
export const GoogleOption = (props: GoogleSignInProps) =>
  googleEnabled ? (
    <Suspense fallback={<Box sx={{ minHeight: RESERVED_HEIGHT }} />}>
      <GoogleSignIn {...props} />
    </Suspense>
  ) : null
