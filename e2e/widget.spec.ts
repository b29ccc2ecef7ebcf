import { expect, test, type APIRequestContext } from '@playwright/test'
import config from '../playwright.config'
import { FIRST_ADMIN, signIn, unique } from './helpers.js'
import { startWidgetHost } from './widget-host.js'

// A fake microphone for the voice message, added to the project's own browser flags.
const baseLaunch = config.use?.launchOptions ?? {}
test.use({
  launchOptions: {
    ...baseLaunch,
    args: [...(baseLaunch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
})

type Chat = { chat_id: number; display_name: string; status: string; satisfaction_rating: number | null }
type Message = { text_content: string | null; message_sender: string; voice_content: string | null }

async function staffToken(request: APIRequestContext) {
  const res = await request.post('/api/auth/signin/', { data: { ...FIRST_ADMIN, audience: 'dashboard' } })
  expect(res.status()).toBe(200)
  return (await res.json()).token as string
}

test('a visitor chats through the widget on another website, and staff see it', async ({ page, browser, request }) => {
  test.setTimeout(120_000)

  // The admin finds the snippet under Settings → Chat widget.
  await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'))
  await page.goto('/settings')
  await page
    .getByRole('main')
    .getByRole('link', { name: /Chat widget/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Chat widget', level: 1 })).toBeVisible()
  const snippet = (await page.getByTestId('widget-snippet').textContent()) ?? ''
  const token = await staffToken(request)
  const auth = { Authorization: `Token ${token}` }
  const settings = await (await request.get('/api/tenantmanagement/settings/', { headers: auth })).json()
  const widgetKey: string = settings.widget.widget_key
  const scriptSrc = new URL('/widget.js', page.url()).toString()
  expect(snippet).toBe(`<script src="${scriptSrc}" data-tenant="${widgetKey}" async></script>`)
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible()

  const host = await startWidgetHost(scriptSrc, widgetKey)
  const visitorContext = await browser.newContext()
  try {
    const site = await visitorContext.newPage()
    const pageErrors: Error[] = []
    site.on('pageerror', (e) => pageErrors.push(e))
    await site.goto(host.url)

    // The host page's hostile style sheet does not reach inside the widget: the launcher keeps the organisation's
    // colour (the default teal).
    const launcher = site.getByRole('button', { name: 'Open chat' })
    await expect(launcher).toHaveCSS('background-color', 'rgb(0, 121, 107)')

    // Open the widget, leave a name, send a text.
    await launcher.click()
    await expect(site.getByRole('dialog', { name: /Chat with Proxima Demo/ })).toBeVisible()
    const name = unique('Ada ')
    await site.getByLabel('Your name').fill(name)
    const text = `Do you sell ${unique('rope-')}?`
    await site.getByLabel('Message').fill(text)
    await site.getByRole('button', { name: 'Send' }).click()
    const conversation = site.getByRole('list', { name: 'Conversation' })
    await expect(conversation.getByText(text)).toBeVisible()
    await expect(conversation.getByText('Sending…')).toHaveCount(0)

    // A reload keeps the conversation; the name fields are no longer asked.
    await site.reload()
    await site.getByRole('button', { name: 'Open chat' }).click()
    await expect(conversation.getByText(text)).toBeVisible()
    await expect(site.getByLabel('Your name')).toHaveCount(0)

    // Staff see the message through the API, and their reply reaches the widget live.
    const chats = await (
      await request.get('/api/chat/chat/', { headers: auth, params: { search: name, channel: 'website' } })
    ).json()
    const chat = chats.data.find((c: Chat) => c.display_name === name) as Chat
    expect(chat).toBeTruthy()
    const listed = await (
      await request.get('/api/chat/message/', { headers: auth, params: { chat_id: chat.chat_id } })
    ).json()
    expect(listed.data.map((m: Message) => m.text_content)).toContain(text)
    const reply = 'Yes, in every length.'
    const sent = await request.post('/api/chat/message/', {
      headers: auth,
      data: { chat_id: chat.chat_id, text_content: reply },
    })
    expect(sent.status()).toBe(201)
    await expect(conversation.getByText(reply)).toBeVisible()

    // Talk to a person.
    await site.getByRole('button', { name: 'Talk to a person' }).click()
    await expect(site.getByText('A person will reply here soon.')).toBeVisible()

    // Staff resolve the chat; the widget asks for a rating.
    const resolved = await request.patch(`/api/chat/chat/${chat.chat_id}/`, {
      headers: auth,
      data: { status: 'resolved' },
    })
    expect(resolved.status()).toBe(200)
    await site.getByRole('button', { name: 'Rate 5' }).click()
    await site.getByRole('button', { name: 'Submit rating' }).click()
    await expect(site.getByText('Thank you for your feedback.')).toBeVisible()
    const rated = await (await request.get(`/api/chat/chat/${chat.chat_id}/`, { headers: auth })).json()
    expect(rated.satisfaction_rating).toBe(5)

    // A voice message: two seconds from the fake microphone (it reopens the resolved chat).
    await site.getByRole('button', { name: 'Record voice message' }).click()
    await expect(site.getByRole('button', { name: 'Stop recording' })).toBeVisible()
    await site.waitForTimeout(2_000)
    await site.getByRole('button', { name: 'Stop recording' }).click()
    const audio = conversation.locator('audio')
    await expect(audio).toHaveCount(1)
    await expect(audio).toHaveAttribute('src', /\/api\/media\/voice\//)
    // The player loads the recording across origins.
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => (a.error ? `error ${a.error.code}` : a.readyState >= 1)))
      .toBe(true)
    const afterVoice = await (
      await request.get('/api/chat/message/', { headers: auth, params: { chat_id: chat.chat_id } })
    ).json()
    const voice = afterVoice.data.find((m: Message) => m.voice_content) as Message & { voice: { duration_ms: number } }
    expect(voice.message_sender).toBe('client')
    expect(voice.voice.duration_ms).toBeGreaterThan(1_000)

    expect(pageErrors).toEqual([])
  } finally {
    await visitorContext.close()
    await host.close()
  }
})
