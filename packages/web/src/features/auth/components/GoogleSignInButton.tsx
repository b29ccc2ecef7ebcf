import Box from '@mui/material/Box'
import { GoogleLogin } from '@react-oauth/google'
import { Texts } from '@proxima/contracts'

type Props = {
  onCredential: (credential: string) => void
  onFailure: (message: string) => void
  text?: 'signin_with' | 'continue_with'
}

/** Google's own button (popup mode). Rendered only when a Google client id is configured. */
export const GoogleSignInButton = ({ onCredential, onFailure, text = 'signin_with' }: Props) => (
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
)
