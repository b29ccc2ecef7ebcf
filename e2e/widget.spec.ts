import { expect, test, type APIRequestContext } from '@playwright/test'
import config from '../playwright.config'
import { toast } from './forms.js'
import { docsImage, FIRST_ADMIN, seriousViolations, sidewaysOverflow, signIn, unique } from './helpers.js'
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

/** The admin's API headers and the organization's widget key. */
async function widgetOwner(request: APIRequestContext) {
  const auth = { Authorization: `Token ${await staffToken(request)}` }
  const settings = await (await request.get('/api/tenantmanagement/settings/', { headers: auth })).json()
  return { auth, widgetKey: settings.widget.widget_key as string }
}

/** The widget visitor's chat, found by the name they left. */
async function chatOf(request: APIRequestContext, auth: Record<string, string>, name: string) {
  const chats = await (await request.get('/api/chat/chat/', { headers: auth, params: { search: name } })).json()
  const chat = chats.data.find((c: Chat) => c.display_name === name) as Chat
  expect(chat).toBeTruthy()
  return chat
}

/** The widget on the host page, where its accessibility is checked. */
const WIDGET = '[data-proxima-widget]'

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
    await site.getByRole('button', { name: 'Excellent' }).click()
    await site.getByRole('button', { name: 'Submit rating' }).click()
    await expect(site.getByText('Thank you for your feedback.')).toBeVisible()
    const rated = await (await request.get(`/api/chat/chat/${chat.chat_id}/`, { headers: auth })).json()
    expect(rated.satisfaction_rating).toBe(5)

    // A voice message: two seconds from the fake microphone (it reopens the resolved chat).
    await site.getByRole('button', { name: 'Record voice message' }).click()
    await expect(site.getByRole('button', { name: 'Stop recording' })).toBeVisible()
    await site.waitForTimeout(2_000)
    await site.getByRole('button', { name: 'Stop recording' }).click()
    await site.getByRole('group', { name: 'Voice message preview' }).getByRole('button', { name: 'Send' }).click()
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

test('a visitor records a voice message, hears it back, discards it, then records another and sends it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { auth, widgetKey } = await widgetOwner(request)
  const host = await startWidgetHost(new URL('/widget.js', config.use?.baseURL).toString(), widgetKey)
  const visitorContext = await browser.newContext()
  try {
    const site = await visitorContext.newPage()
    const pageErrors: Error[] = []
    site.on('pageerror', (e) => pageErrors.push(e))
    await site.goto(host.url)
    await site.getByRole('button', { name: 'Open chat' }).click()
    const name = unique('Noor ')
    await site.getByLabel('Your name').fill(name)
    await site.getByLabel('Message').fill('I have a question about my order.')
    await site.getByRole('button', { name: 'Send' }).click()
    const conversation = site.getByRole('list', { name: 'Conversation' })
    await expect(conversation.getByText('Sending…')).toHaveCount(0)
    const chat = await chatOf(request, auth, name)
    const messages = async () =>
      (await (await request.get('/api/chat/message/', { headers: auth, params: { chat_id: chat.chat_id } })).json())
        .data as Message[]
    const answer = await request.post('/api/chat/message/', {
      headers: auth,
      data: { chat_id: chat.chat_id, text_content: 'Of course. Tell us your order number, or just say it.' },
    })
    expect(answer.status()).toBe(201)
    await expect(conversation.getByText('Of course.', { exact: false })).toBeVisible()

    // While recording, the length so far counts up.
    await site.getByRole('button', { name: 'Record voice message' }).click()
    const timer = site.getByRole('timer')
    await expect(timer).toHaveText('Recording 0:00')
    await expect(timer).toHaveText('Recording 0:01', { timeout: 5_000 })
    await site.waitForTimeout(800)
    await site.getByRole('button', { name: 'Stop recording' }).click()

    // Stop shows the take instead of sending it: its length, play, discard and send.
    const preview = site.getByRole('group', { name: 'Voice message preview' })
    await expect(preview).toContainText(/Voice message 0:0[12]/)
    await expect(preview.getByRole('button', { name: 'Play recording' })).toBeFocused()
    await expect(preview.getByRole('button', { name: 'Discard' })).toBeVisible()
    await expect(preview.getByRole('button', { name: 'Send' })).toBeVisible()
    await expect(site.getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0)
    await docsImage(site.locator('[data-proxima-widget] .panel'), 'widget-voice-preview')
    expect(await seriousViolations(site, WIDGET)).toEqual([])

    // Playing it back.
    await preview.getByRole('button', { name: 'Play recording' }).click()
    await expect(preview.getByRole('button', { name: 'Pause recording' })).toBeVisible()
    await expect
      .poll(() => preview.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(0)
    await preview.getByRole('button', { name: 'Pause recording' }).click()
    await expect(preview.getByRole('button', { name: 'Play recording' })).toBeVisible()

    // Discarded: nothing is sent, and the message field is back.
    await preview.getByRole('button', { name: 'Discard' }).click()
    await expect(preview).toHaveCount(0)
    await expect(site.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused()
    await site.waitForTimeout(1_000)
    await expect(conversation.locator('audio')).toHaveCount(0)
    expect((await messages()).filter((m) => m.voice_content)).toEqual([])

    // Another take, sent: it reaches the conversation and the agent's dashboard.
    await site.getByRole('button', { name: 'Record voice message' }).click()
    await site.waitForTimeout(1_500)
    await site.getByRole('button', { name: 'Stop recording' }).click()
    await preview.getByRole('button', { name: 'Send' }).click()
    await expect(preview).toHaveCount(0)
    await expect(conversation.locator('audio')).toHaveCount(1)
    await expect(conversation.getByText('Sending…')).toHaveCount(0)
    expect((await messages()).filter((m) => m.voice_content)).toHaveLength(1)

    await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'))
    await page.goto(`/chats/${chat.chat_id}`)
    const log = page.getByRole('log', { name: 'Messages' })
    await expect(log.getByText('I have a question about my order.')).toBeVisible()
    await expect(log.locator('audio')).toHaveCount(1)
    await expect
      .poll(() => log.locator('audio').evaluate((a: HTMLAudioElement) => (a.error ? a.error.code : a.readyState >= 1)))
      .toBe(true)
    expect(pageErrors).toEqual([])
  } finally {
    await visitorContext.close()
    await host.close()
  }
})

test("the widget wears the organization's colour, numbers nothing in the conversation and names its ratings", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { auth, widgetKey } = await widgetOwner(request)
  const host = await startWidgetHost(new URL('/widget.js', config.use?.baseURL).toString(), widgetKey)
  const visitorContext = await browser.newContext()
  try {
    // The admin picks a light amber under Settings → Chat widget.
    await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'))
    await page.goto('/settings/widget')
    const colour = page.getByRole('textbox', { name: 'Brand colour', exact: true })
    await expect(colour).toHaveValue(/^#[0-9a-f]{6}$/)
    await colour.fill('amber')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Enter a colour as #RRGGBB, such as #00796b.')).toBeVisible()
    await colour.fill('#FFC107')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(toast(page, 'Widget settings are saved.')).toBeVisible()
    await expect(colour).toHaveValue('#ffc107')
    expect(await seriousViolations(page)).toEqual([])
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      await expect(colour).toBeVisible()
      expect(await sidewaysOverflow(page), `at ${viewport.width}px`).toEqual([])
    }

    const site = await visitorContext.newPage()
    await site.goto(host.url)
    const launcher = site.getByRole('button', { name: 'Open chat' })
    await expect(launcher).toHaveCSS('background-color', 'rgb(255, 193, 7)')
    // Light colour, dark text: white would not read on amber.
    await expect(launcher).toHaveCSS('color', 'rgb(28, 34, 48)')
    await launcher.click()
    const panel = site.getByRole('dialog', { name: /Chat with / })
    await expect(panel.locator('header')).toHaveCSS('background-color', 'rgb(255, 193, 7)')
    const name = unique('Ines ')
    await site.getByLabel('Your name').fill(name)
    await site.getByLabel('Message').fill('Hello!')
    const send = site.getByRole('button', { name: 'Send' })
    await expect(send).toHaveCSS('background-color', 'rgb(255, 193, 7)')
    await send.click()
    const conversation = site.getByRole('list', { name: 'Conversation' })
    await expect(conversation.getByText('Hello!')).toBeVisible()
    await expect(conversation.getByText('Sending…')).toHaveCount(0)

    // Staff answer and resolve; the conversation carries no list numbers ("1.", "2.") beside the messages.
    const chat = await chatOf(request, auth, name)
    const reply = await request.post('/api/chat/message/', {
      headers: auth,
      data: { chat_id: chat.chat_id, text_content: 'Hi Ines, how can we help?' },
    })
    expect(reply.status()).toBe(201)
    await expect(conversation.getByText('Hi Ines, how can we help?')).toBeVisible()
    const numbered = await conversation
      .locator('li')
      .evaluateAll((items) =>
        items.filter(
          (li) => getComputedStyle(li).display === 'list-item' && getComputedStyle(li).listStyleType !== 'none',
        ),
      )
    expect(numbered).toHaveLength(0)
    const resolved = await request.patch(`/api/chat/chat/${chat.chat_id}/`, {
      headers: auth,
      data: { status: 'resolved' },
    })
    expect(resolved.status()).toBe(200)

    // The rating buttons say what each value means, on screen and to screen readers.
    const labels = ['Very poor', 'Poor', 'Average', 'Good', 'Excellent']
    const rating = site.getByRole('group', { name: 'How did we do?' })
    await expect(rating.getByRole('button')).toHaveText(labels.map((l, i) => `${i + 1}${l}`))
    for (const label of labels) await expect(rating.getByRole('button', { name: label, exact: true })).toBeVisible()
    await rating.getByRole('button', { name: 'Average', exact: true }).click()
    await expect(rating.getByRole('button', { name: 'Average', exact: true })).toHaveAttribute('aria-pressed', 'true')
    expect(await seriousViolations(site, WIDGET)).toEqual([])
    await site.getByRole('button', { name: 'Submit rating' }).click()
    await expect(site.getByText('Thank you for your feedback.')).toBeVisible()
    const rated = await (await request.get(`/api/chat/chat/${chat.chat_id}/`, { headers: auth })).json()
    expect(rated.satisfaction_rating).toBe(3)
    expect(await seriousViolations(site, WIDGET)).toEqual([])
  } finally {
    // The organization goes back to the teal the other journeys expect.
    await request.patch('/api/tenantmanagement/settings/', { headers: auth, data: { widget: { color: '#00796b' } } })
    await visitorContext.close()
    await host.close()
  }
})
