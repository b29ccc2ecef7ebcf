import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose'
import { createGoogleVerifier } from '../src/features/auth/google.js'

export const GOOGLE_CLIENT_ID = 'proxima-test.apps.googleusercontent.com'

/**
 * Google's side of ID-token sign-in, played locally: a JWKS endpoint over HTTP and a signer, so the
 * production verifier (signature, issuer, audience, expiry, verified email) is what gets tested.
 */
export async function startGoogleKeys() {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const stranger = await generateKeyPair('RS256')
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' }
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`

  async function sign(
    claims: Record<string, unknown>,
    opts: { audience?: string; issuer?: string; expiresIn?: string | number; foreignKey?: boolean; iat?: number } = {},
  ) {
    const jwt = new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
      .setIssuer(opts.issuer ?? 'https://accounts.google.com')
      .setAudience(opts.audience ?? GOOGLE_CLIENT_ID)
      .setIssuedAt(opts.iat)
      .setExpirationTime(opts.expiresIn ?? '1h')
    if (!claims.sub) jwt.setSubject(`g-${Math.random().toString(36).slice(2)}`)
    return jwt.sign(opts.foreignKey ? stranger.privateKey : privateKey)
  }

  return {
    jwksUrl,
    sign,
    verifier: createGoogleVerifier({ clientIds: [GOOGLE_CLIENT_ID], jwksUrl }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
