import Box from '@mui/material/Box'
import Divider from '@mui/material/Divider'
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google'
import { Texts } from '@proxima/contracts/credentials'
import { config } from '../../../app/config'

export type GoogleSignInProps = {
  onCredential: (credential: string) => void
  onFailure: (message: string) => void
  text?: 'signin_with' | 'continue_with'
}

/**
 * "or" and Google's own button (popup mode), with the provider that loads Google's script. Loaded lazily by
 * GoogleOption, only when a Google client id is configured.
 */
export const GoogleSignIn = ({ onCredential, onFailure, text = 'signin_with' }: GoogleSignInProps) => (
  <GoogleOAuthProvider clientId={config.googleClientId ?? ''}>
    <Divider sx={{ my: 3 }}>or</Divider>
    <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }}>
      <GoogleLogin
        ux_mode="popup"
        text={text}
        shape="rectangular"
        width="280"
        onSuccess={(response) => {
          if (response.credential) onCredential(response.credential)
          else onFailure(Texts.googleTokenInvalid)
        }}
        onError={() => onFailure(Texts.googleTokenInvalid)}
      />
    </Box>
  </GoogleOAuthProvider>
)
