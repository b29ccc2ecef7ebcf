import Typography from '@mui/material/Typography'
import type { AiMeta } from '@proxima/contracts'

type Props = { meta: Pick<AiMeta, 'provider' | 'model' | 'fallback'> }

/** Which engine wrote the result: the built-in one (`local-v1`) or the configured model; and whether it stood in. */
export const ProviderNote = ({ meta }: Props) => (
  <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
    By {meta.model} · {meta.provider === 'local' ? 'built-in engine' : 'external AI provider'}
    {meta.fallback ? ' (fallback: the external provider failed, so the built-in engine answered)' : ''}
  </Typography>
)
