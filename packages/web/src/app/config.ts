/** Runtime configuration that the server writes into index.html as `<meta name="proxima-config">`. */
export type RuntimeConfig = { googleClientId: string | null }

const clientId = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

const readMeta = (): RuntimeConfig | null => {
  const content = document.querySelector<HTMLMetaElement>('meta[name="proxima-config"]')?.content
  if (!content) return null
  try {
    const parsed: unknown = JSON.parse(content)
    if (typeof parsed !== 'object' || parsed === null) return null
    return { googleClientId: clientId((parsed as { googleClientId?: unknown }).googleClientId) }
  } catch {
    return null
  }
}

const load = (): RuntimeConfig => {
  const meta = readMeta()
  // The served page decides; the build-time variable only applies when no meta tag is present (dev server).
  if (meta) return meta
  return { googleClientId: clientId(import.meta.env.VITE_GOOGLE_CLIENT_ID) }
}

export const config: RuntimeConfig = load()

/** Google sign-in is offered only when a client id is configured; otherwise nothing is loaded from Google. */
export const googleEnabled = config.googleClientId !== null
