import { expect, test, type Page } from '@playwright/test'
import config from '../playwright.config'
import { FIRST_ADMIN, PASSWORD, signIn, unique } from './helpers.js'

// The server is started with APP_BASE_URL=http://127.0.0.1:<port>; this journey opens the same dashboard as
// http://localhost:<port>, the way people reach it from a bookmark or another name for the machine.
const serverBase = String(config.use?.baseURL)
const otherName = serverBase.replace('//127.0.0.1:', '//localhost:')
test.use({ baseURL: otherName })

/** Mono 16-bit PCM WAV of `seconds` of a 440 Hz tone, built here (nothing downloaded). */
function wav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate)
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/**
 * Content-security-policy violations about media that the page reports. (The dashboard's schema library also probes
 * for eval once, which the policy refuses by design; that report is not about media and is left out here.)
 */
async function watchMediaPolicy(page: Page) {
  const violations: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (/media-src|\/api\/media\//.test(text) && /content security policy|csp violation/i.test(text))
      violations.push(text)
  })
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI}`),
    ),
  )
  return violations
}

test('a customer voice message plays in the dashboard opened under another name than the configured address', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const violations = await watchMediaPolicy(page)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'))
  expect(new URL(page.url()).hostname).toBe('localhost')
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('proxima_admin_details') ?? '{}'))
  const tenantId = session.tenant_id.tenant_id as number

  // A customer (through the API, on the server's configured address) opens a chat and sends a recording.
  const api = (path: string) => `${serverBase}${path}`
  const username = unique('lin')
  const lastName = unique('Voice')
  const registered = await request.post(api('/api/auth/client/'), {
    data: {
      username,
      email: `${username}@example.com`,
      first_name: 'Lin',
      last_name: lastName,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  expect(registered.status()).toBe(201)
  const headers = { Authorization: `Token ${(await registered.json()).token}` }
  const started = await request.post(api('/api/chat/chat/'), { headers, data: { tenant_id: tenantId } })
  expect(started.status()).toBe(201)
  const chatId = (await started.json()).chat_id as number
  const posted = await request.post(api('/api/chat/voice/'), {
    headers,
    multipart: {
      chat_id: String(chatId),
      audio: { name: 'hello.wav', mimeType: 'audio/wav', buffer: wav(1.2) },
    },
  })
  expect(posted.status()).toBe(201)
  // The API's link names the configured public address, which is not the name this page was opened under.
  expect((await posted.json()).voice_content).toMatch(new RegExp(`^${serverBase}/api/media/voice/\\d+\\?exp=`))

  // The agent opens the chat: the recording loads and plays.
  await page.goto(`/chats/${chatId}`)
  const log = page.getByRole('log', { name: 'Messages' })
  const audio = log.locator('audio')
  await expect(audio).toHaveCount(1)
  await expect
    .poll(() =>
      audio.evaluate((a: HTMLAudioElement) =>
        a.error ? `error ${a.error.code}` : a.readyState >= 1 && a.duration > 1,
      ),
    )
    .toBe(true)
  // Muted, so that the browser's autoplay rule does not need a click.
  expect(
    await audio.evaluate(async (a: HTMLAudioElement) => {
      a.muted = true
      await a.play()
      return a.paused
    }),
  ).toBe(false)
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0)
  expect(await audio.evaluate((a: HTMLAudioElement) => new URL(a.currentSrc).origin)).toBe(new URL(otherName).origin)

  expect(violations).toEqual([])
  expect(errors).toEqual([])
})
