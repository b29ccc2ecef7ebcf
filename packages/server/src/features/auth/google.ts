import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'

export type GoogleIdentity = { sub: string; email: string; name: string | null; picture: string | null }

export type GoogleVerifier = {
  configured: boolean
  /** Verifies an ID token; resolves null when any check fails. */
  verify: (credential: string) => Promise<GoogleIdentity | null>
}

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com']

/** Checks signature (RS256, keys from the JWKS URL), issuer, audience, expiry and a verified email (contract §2.7). */
export function createGoogleVerifier(opts: { clientIds: string[]; jwksUrl: string }): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 })
  return {
    configured: opts.clientIds.length > 0,
    async verify(credential) {
      if (opts.clientIds.length === 0) return null
      let payload: JWTPayload
      try {
        ;({ payload } = await jwtVerify(credential, jwks, {
          algorithms: ['RS256'],
          issuer: ISSUERS,
          audience: opts.clientIds,
          requiredClaims: ['sub', 'exp', 'iat'],
        }))
      } catch {
        return null
      }
      // iat may run ahead of our clock by at most five minutes.
      if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + 300) return null
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null
      const verified = payload.email_verified === true || payload.email_verified === 'true'
      if (!email || !verified || !payload.sub) return null
      return {
        sub: payload.sub,
        email,
        name: typeof payload.name === 'string' ? payload.name : null,
        picture: typeof payload.picture === 'string' && payload.picture.startsWith('https://') ? payload.picture : null,
      }
    },
  }
}
