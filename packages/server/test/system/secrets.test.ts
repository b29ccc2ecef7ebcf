import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { unique } from '../factories.js'
import { sharedSecret } from '../../src/db/secrets.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

describe('shared server secrets', () => {
  it('creates a 32-byte key on first use and hands every later caller the same one', async () => {
    const name = unique('secret')
    const [a, b] = await Promise.all([sharedSecret(app.db, name), sharedSecret(app.db, name)])
    expect(a).toHaveLength(32)
    expect(b.equals(a)).toBe(true)
    expect((await sharedSecret(app.db, name)).equals(a)).toBe(true)
    expect((await sharedSecret(app.db, unique('secret'))).equals(a)).toBe(false)
  })
})
