import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../../lib/clock.js'

/** Voice links stay valid this long (contract §4.5); lists and gets always issue fresh ones. */
export const VOICE_LINK_SECONDS = 60 * 60

export type VoiceLinks = {
  /** An absolute, signed URL of a message's audio. */
  url(messageId: number): string
  /** Whether `exp` and `sig` came from `url` for this message and have not expired. */
  verify(messageId: number, exp: string | undefined, sig: string | undefined): boolean
}

/** Signed media URLs: an HMAC-SHA256 over the message id and the expiry, with a key every process shares. */
export function createVoiceLinks({ key, baseUrl, clock }: { key: Buffer; baseUrl: string; clock: Clock }): VoiceLinks {
  const sign = (messageId: number, exp: number) =>
    createHmac('sha256', key).update(`voice:${messageId}:${exp}`).digest('base64url')
  return {
    url(messageId) {
      // Rounded up to the minute so that a page of messages shares one expiry and links stay cacheable briefly.
      const exp = Math.ceil(clock.now().getTime() / 60_000) * 60 + VOICE_LINK_SECONDS
      return `${baseUrl}/api/media/voice/${messageId}?exp=${exp}&sig=${sign(messageId, exp)}`
    },
    verify(messageId, exp, sig) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false
      const expiry = Number(exp)
      if (expiry * 1000 <= clock.now().getTime()) return false
      const expected = Buffer.from(sign(messageId, expiry))
      const given = Buffer.from(sig)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
