const MEDIA_PATH = '/api/media/'

/**
 * Where the dashboard plays a voice message from. The API signs its links on its public address (PUBLIC_API_URL or
 * APP_BASE_URL), which need not be the name this page was opened under (127.0.0.1 against localhost, a name on the
 * local network). The dashboard calls the API on its own origin, so it plays the signed path and query from there
 * too: the signature covers the message and the expiry, not the host, and the page's `media-src` allows only its
 * own origin. Anything that is not a signed media link of this API gives nothing to play.
 */
export const voicePlaybackUrl = (link: string | null | undefined): string | null => {
  if (!link) return null
  let url: URL
  try {
    url = new URL(link, 'http://page.invalid')
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const at = url.pathname.indexOf(MEDIA_PATH)
  return at < 0 ? null : `${url.pathname.slice(at)}${url.search}`
}
