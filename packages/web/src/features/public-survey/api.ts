import type { PublicResponseCreate, PublicSurvey } from '@proxima/contracts'
import { sendRequest } from '../../api/http'

/*
 * The public survey page's calls (§6.3): no dashboard session is involved, so they go through the plain request
 * helper, not the dashboard's client.
 */

export type { PublicSurvey }
export type ResponseReply = { response_id: number; message: string }

const base = (key: string) => `/api/survey/public/${encodeURIComponent(key)}/`

export const fetchPublicSurvey = (key: string, invite: string | null) =>
  sendRequest<PublicSurvey>(base(key), { query: { invite } })

export const postPublicResponse = (key: string, body: PublicResponseCreate) =>
  sendRequest<ResponseReply>(`${base(key)}response/`, { method: 'POST', body })

const KEY_STORAGE = 'proxima_survey_respondent'

const randomKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * A random id this browser keeps and sends with every response (16–64 letters, digits, "-" or "_"), so the server
 * can tell a second response from the same browser; a fresh one when storage is unavailable.
 */
export const respondentKey = (): string => {
  try {
    const stored = window.localStorage.getItem(KEY_STORAGE)
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored
    const key = randomKey()
    window.localStorage.setItem(KEY_STORAGE, key)
    return key
  } catch {
    return randomKey()
  }
}

/** The survey's key from the page's path, `/s/<key>`. */
export const keyFromPath = (pathname: string) => decodeURIComponent(pathname.replace(/^\/s\//, '').replace(/\/+$/, ''))
