import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startAppInstance } from './app-instance.js'
import { FAKE_MODEL, startFakeModel } from './fake-openai.js'
import {
  customerWithChat,
  FIRST_ADMIN,
  fullyShown,
  PASSWORD,
  seriousViolations,
  sidewaysOverflow,
  signIn,
  unique,
} from './helpers.js'

type Summary = { summary: string; intent: string; key_points: string[]; sentiment: string; model: string }

async function signInAsAdmin(page: Page) {
  await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'))
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('proxima_admin_details') ?? '{}'))
  return session.tenant_id.tenant_id as number
}

/** Screenshots for a person to look at, when E2E_SHOTS_DIR names a folder. */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS_DIR
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  // Let dialogs and popovers finish appearing.
  await page.waitForTimeout(400)
  await page.screenshot({ path: join(dir, `${name}.png`) })
}

const isAiCall = (path: string) => (url: string) => new URL(url).pathname === path

test('an agent summarises a chat, paraphrases a reply and generates a draft with the built-in engine', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  const tenantId = await signInAsAdmin(page)

  const order = String(40_000 + Math.floor(Math.random() * 50_000))
  const customer = await customerWithChat(request, tenantId)
  await customer.say(`Hello, the phone from order #${order} arrived today with a cracked screen.`)
  await customer.say('I am really disappointed, it was meant to be a birthday present.')
  await customer.say('Can you send a replacement before Friday?')

  await page.goto(`/chats/${customer.chatId}`)
  const log = page.getByRole('log', { name: 'Messages' })
  await expect(log.getByText('Can you send a replacement before Friday?')).toBeVisible()

  // Summarise: the panel shows what the engine answered for this chat.
  const summarised = page.waitForResponse((r) => isAiCall('/api/summarize/summarize')(r.url()))
  await page.getByRole('button', { name: 'Summarise' }).click()
  const summaryReply = await summarised
  expect(summaryReply.status()).toBe(200)
  expect(summaryReply.request().postDataJSON()).toEqual({ chat_id: customer.chatId })
  const summary = (await summaryReply.json()) as Summary
  const panel = page.getByRole('region', { name: 'Summary' })
  await expect(panel).toContainText(summary.summary)
  await expect(panel.getByRole('group', { name: 'What the customer wants' })).toContainText(summary.intent)
  const keyPoints = panel.getByRole('group', { name: 'Key points' }).getByRole('listitem')
  await expect(keyPoints.filter({ hasText: order })).not.toHaveCount(0)
  await expect(panel.getByRole('group', { name: 'Open questions' })).toBeVisible()
  const sentimentLabel = summary.sentiment[0]!.toUpperCase() + summary.sentiment.slice(1)
  await expect(panel.getByText(`Sentiment: ${sentimentLabel}`)).toBeVisible()
  expect(['negative', 'mixed']).toContain(summary.sentiment)
  await expect(panel).toContainText('By local-v1 · built-in engine')
  await expect(page.getByRole('button', { name: 'Summarise' })).toBeEnabled()
  await shot(page, 'summary-desktop')
  expect(await seriousViolations(page)).toEqual([])

  // The summary never squeezes the conversation: the messages keep at least 480 px beside the chat list (and the
  // customer's details, where they fit), and on a phone the whole width but the margins; nothing scrolls sideways.
  for (const [viewport, least] of [
    [{ width: 1440, height: 900 }, 480],
    [{ width: 1280, height: 800 }, 480],
    [{ width: 390, height: 844 }, 390 - 40],
  ] as const) {
    await page.setViewportSize(viewport)
    await expect(panel.getByRole('group', { name: 'Key points' })).toBeVisible()
    expect((await log.boundingBox())?.width, `messages at ${viewport.width}px`).toBeGreaterThanOrEqual(least)
    expect(await sidewaysOverflow(page), `at ${viewport.width}px`).toEqual([])
  }
  // Folded to two lines of the summary, the card gives the messages their height back.
  await page.setViewportSize({ width: 1280, height: 800 })
  const unfolded = (await log.boundingBox())!.height
  await panel.getByRole('button', { name: 'Fold the summary' }).click()
  await expect(panel.getByRole('group', { name: 'Key points' })).toHaveCount(0)
  await expect(panel.getByText(summary.summary.slice(0, 40))).toBeVisible()
  await expect.poll(async () => (await log.boundingBox())!.height).toBeGreaterThan(unfolded + 100)
  expect(await seriousViolations(page)).toEqual([])
  await panel.getByRole('button', { name: 'Show the whole summary' }).click()
  await expect(panel.getByRole('group', { name: 'Key points' })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 720 })

  // Paraphrase the draft in a formal tone and take one of the wordings.
  const reply = page.getByRole('textbox', { name: 'Reply' })
  const draft = 'hi, sorry about that, we will send you a new phone tomorrow and you can keep the broken one'
  await reply.fill(draft)
  await page.getByRole('button', { name: 'Paraphrase' }).click()
  const paraphrase = page.getByRole('dialog', { name: 'Paraphrase your reply' })
  await expect(paraphrase).toBeVisible()
  const formalCall = page.waitForResponse(
    (r) => isAiCall('/api/aiapp/paraphrase')(r.url()) && r.request().postDataJSON()?.tone === 'formal',
  )
  await paraphrase.getByRole('button', { name: 'Formal' }).click()
  await expect(paraphrase.getByRole('button', { name: 'Formal' })).toHaveAttribute('aria-pressed', 'true')
  const formal = await formalCall
  expect(formal.status()).toBe(200)
  expect(formal.request().postDataJSON()).toMatchObject({ text: draft, tone: 'formal' })
  const variants = ((await formal.json()) as { variants: string[] }).variants
  expect(variants.length).toBeGreaterThan(0)
  const wordings = paraphrase.getByRole('list', { name: 'Alternative wordings' }).getByRole('button')
  await expect(wordings).toHaveCount(variants.length)
  await expect(wordings.first()).toHaveText(variants[0]!)
  await fullyShown(paraphrase)
  await shot(page, 'paraphrase-desktop')
  expect(await seriousViolations(page)).toEqual([])
  await wordings.first().click()
  await expect(paraphrase).toBeHidden()
  await expect(reply).toHaveValue(variants[0]!)
  expect(variants[0]).not.toBe(draft)
  await expect(reply).toBeFocused()

  // Re-opening offers the original text back, without asking the engine again.
  let asked = 0
  page.on('request', (r) => {
    if (isAiCall('/api/aiapp/paraphrase')(r.url())) asked += 1
  })
  await page.getByRole('button', { name: 'Paraphrase' }).click()
  await paraphrase.getByRole('button', { name: /Restore your original text/ }).click()
  await expect(reply).toHaveValue(draft)
  expect(asked).toBe(0)

  // Generate a draft with the chat as context and put it in the reply box.
  await page.getByRole('button', { name: 'Generate draft' }).click()
  const generator = page.getByRole('dialog', { name: 'Draft a reply' })
  await expect(generator.getByRole('checkbox', { name: 'Use this conversation as context' })).toBeChecked()
  await generator
    .getByRole('textbox', { name: 'What should the draft say?' })
    .fill('Apologise and promise a replacement')
  const generated = page.waitForResponse((r) => isAiCall('/api/generation/generation')(r.url()))
  await generator.getByRole('button', { name: 'Generate', exact: true }).click()
  const generation = await generated
  expect(generation.status()).toBe(200)
  expect(generation.request().postDataJSON()).toMatchObject({
    prompt: 'Apologise and promise a replacement',
    chat_id: customer.chatId,
  })
  const text = ((await generation.json()) as { generated_text: string }).generated_text
  expect(text.trim().length).toBeGreaterThan(0)
  await expect(generator.getByRole('region', { name: 'Generated draft' })).toContainText(text.trim().slice(0, 40))
  await fullyShown(generator)
  await shot(page, 'generate-desktop')
  expect(await seriousViolations(page)).toEqual([])
  await generator.getByRole('button', { name: 'Replace draft' }).click()
  await expect(generator).toBeHidden()
  await expect(reply).toHaveValue(text)
  await expect(reply).toBeFocused()
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(log.getByText(text.trim().slice(0, 40))).toBeVisible()

  // At phone width the helpers are icon buttons with the same names.
  // The chat has a new message since the first summary, so the panel shows the new one.
  await page.setViewportSize({ width: 390, height: 844 })
  const resummarised = page.waitForResponse((r) => isAiCall('/api/summarize/summarize')(r.url()))
  await page.getByRole('button', { name: 'Summarise' }).click()
  const again = (await (await resummarised).json()) as Summary
  await expect(panel).toContainText(again.intent)
  await shot(page, 'summary-phone')
  await reply.fill(draft)
  await page.getByRole('button', { name: 'Paraphrase' }).click()
  await expect(paraphrase.getByRole('list', { name: 'Alternative wordings' }).getByRole('button')).not.toHaveCount(0)
  await fullyShown(paraphrase)
  // The icon button's tooltip (shown while the pointer is on it) goes once the pointer moves away.
  await page.mouse.move(195, 20)
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  await shot(page, 'paraphrase-phone')
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(paraphrase).toBeHidden()
  await expect(page.getByRole('button', { name: 'Paraphrase' })).toBeFocused()
  await page.getByRole('button', { name: 'Generate draft' }).click()
  await expect(generator).toBeVisible()
  await shot(page, 'generate-phone')
  await generator.getByRole('button', { name: 'Cancel' }).click()
  await expect(generator).toBeHidden()
  await page.setViewportSize({ width: 1280, height: 720 })

  // The summary belongs to the open chat: resolving the chat clears it (seed §4).
  await expect(panel).toBeVisible()
  await page.getByRole('button', { name: 'Resolve' }).click()
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible()
  await expect(panel).toHaveCount(0)
  await page.getByRole('button', { name: 'Reopen' }).click()
  await expect(page.getByRole('button', { name: 'Resolve' })).toBeVisible()
  await expect(panel).toHaveCount(0)

  expect(errors).toEqual([])
})

test('with an OpenAI-compatible provider the chat window shows its summary and wordings, and its failures', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(150_000)
  const fake = await startFakeModel()
  const app = await startAppInstance({
    AI_PROVIDER: 'openai',
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: 'sk-e2e-not-a-secret',
    AI_MODEL: FAKE_MODEL,
    AI_MAX_RETRIES: '0',
  }).catch(async (error: unknown) => {
    await fake.close()
    throw error
  })
  const context = await browser.newContext({ baseURL: app.baseURL })
  const api = await playwright.request.newContext({ baseURL: app.baseURL })
  try {
    const page = await context.newPage()
    const errors: Error[] = []
    page.on('pageerror', (e) => errors.push(e))
    const tenantId = await signInAsAdmin(page)
    const customer = await customerWithChat(api, tenantId)
    await customer.say('My order #5521 arrived damaged. Can you replace it?')
    await page.goto(`/chats/${customer.chatId}`)
    await expect(page.getByRole('log', { name: 'Messages' }).getByText('My order #5521 arrived damaged.')).toBeVisible()

    // The provider fails once: the panel says so in the server's words and offers Retry.
    fake.queue({ status: 500, message: 'upstream exploded' })
    await page.getByRole('button', { name: 'Summarise' }).click()
    const panel = page.getByRole('region', { name: 'Summary' })
    const alert = panel.getByRole('alert')
    await expect(alert).toContainText('The AI service failed to answer')
    await expect(alert).toContainText('Try again.')
    await shot(page, 'summary-error-desktop')
    await alert.getByRole('button', { name: 'Retry' }).click()

    await expect(panel).toContainText('The fake model read the chat: the parcel of order #5521 arrived damaged.')
    await expect(panel.getByRole('group', { name: 'What the customer wants' })).toContainText(
      'A replacement for the damaged parcel.',
    )
    await expect(panel.getByRole('group', { name: 'Key points' })).toContainText('Order #5521 arrived damaged')
    await expect(panel.getByRole('group', { name: 'Open questions' })).toContainText('When will the replacement ship?')
    await expect(panel.getByText('Sentiment: Negative')).toBeVisible()
    await expect(panel).toContainText(`By ${FAKE_MODEL} · external AI provider`)
    await expect(alert).toHaveCount(0)
    await shot(page, 'summary-openai-desktop')

    // The provider was asked with the chat's transcript, the configured model and key.
    const asked = fake.requests.at(-1)
    expect(asked?.body.model).toBe(FAKE_MODEL)
    expect(asked?.headers.authorization).toBe('Bearer sk-e2e-not-a-secret')
    expect(asked?.body.messages.find((m) => m.role === 'user')?.content).toContain('#5521')

    // Paraphrase through the provider.
    const reply = page.getByRole('textbox', { name: 'Reply' })
    await reply.fill('We will send a new one today.')
    await page.getByRole('button', { name: 'Paraphrase' }).click()
    const paraphrase = page.getByRole('dialog', { name: 'Paraphrase your reply' })
    await paraphrase.getByRole('button', { name: 'Formal' }).click()
    const wordings = paraphrase.getByRole('list', { name: 'Alternative wordings' }).getByRole('button')
    await expect(wordings.first()).toHaveText('Fake model (formal and polite), first wording.')
    await expect(paraphrase).toContainText(`By ${FAKE_MODEL}`)
    await wordings.nth(1).click()
    await expect(reply).toHaveValue('Fake model (formal and polite), second wording.')

    expect(errors).toEqual([])
  } finally {
    await context.close()
    await api.dispose()
    await app.stop()
    await fake.close()
  }
})

test('the AI assistant page drafts, rewrites and summarises text, and a community reply can be drafted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  await signInAsAdmin(page)
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI assistant' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'AI assistant' })).toBeVisible()

  // Draft a text from an instruction and background facts.
  await page
    .getByRole('textbox', { name: 'What should the text say?' })
    .fill('Announce that the shop is closed on Monday')
  await page.getByRole('textbox', { name: 'Background (optional)' }).fill('We reopen on Tuesday at 9:00.')
  const generated = page.waitForResponse((r) => isAiCall('/api/generation/generation')(r.url()))
  await page.getByRole('button', { name: 'Generate', exact: true }).click()
  const generation = await generated
  expect(generation.status()).toBe(200)
  expect(generation.request().postDataJSON()).toMatchObject({
    prompt: 'Announce that the shop is closed on Monday',
    context: 'We reopen on Tuesday at 9:00.',
  })
  const draft = ((await generation.json()) as { generated_text: string }).generated_text
  await expect(page.getByRole('region', { name: 'Generated text' })).toContainText(draft.trim().slice(0, 40))
  await shot(page, 'assistant-draft-desktop')

  // Rewrite a text in a friendly tone.
  await page.getByRole('tab', { name: 'Paraphrase' }).click()
  await page.getByRole('textbox', { name: 'Text to rewrite' }).fill('Your refund was processed and will arrive soon.')
  await page.getByRole('button', { name: 'Friendly' }).click()
  const rewritten = page.waitForResponse((r) => isAiCall('/api/aiapp/paraphrase')(r.url()))
  await page.getByRole('button', { name: 'Paraphrase', exact: true }).click()
  const rewrite = await rewritten
  expect(rewrite.request().postDataJSON()).toMatchObject({ tone: 'friendly' })
  const variants = ((await rewrite.json()) as { variants: string[] }).variants
  const wordings = page.getByRole('list', { name: 'Wordings' }).getByRole('listitem')
  await expect(wordings).toHaveCount(variants.length)
  await expect(wordings.first()).toContainText(variants[0]!)

  // Summarise a pasted email.
  await page.getByRole('tab', { name: 'Summarise text' }).click()
  await page
    .getByRole('textbox', { name: 'Text to summarise' })
    .fill(
      'Hello, I was charged twice for invoice 7781 last week. I am quite annoyed because this happened before. ' +
        'Please refund the second payment. Will the refund go back to my credit card?',
    )
  const summarised = page.waitForResponse((r) => isAiCall('/api/summarize/summarize')(r.url()))
  await page.getByRole('button', { name: 'Summarise', exact: true }).click()
  const summary = (await (await summarised).json()) as Summary
  const result = page.getByRole('region', { name: 'Summary' })
  await expect(result).toContainText(summary.summary)
  await expect(result.getByRole('group', { name: 'What the writer wants' })).toContainText(summary.intent)
  await expect(result.getByRole('group', { name: 'Key points' })).toContainText('7781')
  expect(await seriousViolations(page)).toEqual([])
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'assistant-summary-phone')
  await page.setViewportSize({ width: 1280, height: 720 })

  // A staff reply in a community thread can be drafted with the issue as context.
  const communities = await request.get('/api/community/community/', { headers: { Authorization: `Token ${token}` } })
  const community = (await communities.json()).data[0]
  const username = unique('member')
  const member = await request.post('/api/auth/client/', {
    data: {
      username,
      email: `${username}@example.com`,
      first_name: 'Ada',
      last_name: 'Lovelace',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  const memberAuth = { Authorization: `Token ${(await member.json()).token}` }
  const joined = await request.post('/api/community/joincommunity/', {
    headers: memberAuth,
    data: { community_id: community.community_id },
  })
  expect(joined.status()).toBe(200)
  const title = `My ${unique('parcel')} never arrived`
  const raised = await request.post('/api/community/issue/', {
    headers: memberAuth,
    data: { community_id: community.community_id, issue: title, description: 'Tracking has not moved for four days.' },
  })
  expect(raised.status()).toBe(201)
  await page.goto(`/community/issues/${(await raised.json()).issue_id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByRole('button', { name: 'Generate draft' }).click()
  const generator = page.getByRole('dialog', { name: 'Draft a reply' })
  await expect(generator.getByRole('checkbox', { name: 'Use the issue as context' })).toBeChecked()
  await generator
    .getByRole('textbox', { name: 'What should the draft say?' })
    .fill('Say we are checking with the courier')
  const replyGenerated = page.waitForResponse((r) => isAiCall('/api/generation/generation')(r.url()))
  await generator.getByRole('button', { name: 'Generate', exact: true }).click()
  const replyGeneration = await replyGenerated
  expect(replyGeneration.request().postDataJSON().context).toContain(title)
  const replyText = ((await replyGeneration.json()) as { generated_text: string }).generated_text
  await generator.getByRole('button', { name: 'Insert' }).click()
  await expect(page.getByRole('textbox', { name: /^Reply as / })).toHaveValue(replyText)
  await shot(page, 'community-reply-desktop')
  expect(await seriousViolations(page)).toEqual([])

  expect(errors).toEqual([])
})
