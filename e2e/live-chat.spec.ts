import { expect, test } from '@playwright/test'
import config from '../playwright.config'
import { FIRST_ADMIN, signIn, unique } from './helpers.js'
import { startWidgetHost } from './widget-host.js'

// Both sides record voice: Chromium's fake microphone, added to the project's own browser flags.
const baseLaunch = config.use?.launchOptions ?? {}
test.use({
  launchOptions: {
    ...baseLaunch,
    args: [...(baseLaunch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
})

test('a customer on a website and an agent in the dashboard chat live, with text and voice', async ({ browser }) => {
  test.setTimeout(150_000)
  const agentContext = await browser.newContext()
  const customerContext = await browser.newContext()
  const agent = await agentContext.newPage()
  const customer = await customerContext.newPage()
  const errors: Error[] = []
  agent.on('pageerror', (e) => errors.push(e))
  customer.on('pageerror', (e) => errors.push(e))

  // The agent signs in and waits in the inbox.
  await signIn(agent, FIRST_ADMIN.email, FIRST_ADMIN.password)
  await agent.waitForURL((url) => !url.pathname.startsWith('/auth'))
  const token = await agent.evaluate(() => localStorage.getItem('token'))
  const settings = await (
    await agent.request.get('/api/tenantmanagement/settings/', { headers: { Authorization: `Token ${token}` } })
  ).json()
  const host = await startWidgetHost(new URL('/widget.js', agent.url()).toString(), settings.widget.widget_key)
  try {
    await agent.goto('/chats')
    await expect(agent.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true')

    // The customer opens the widget on the tenant's website and writes.
    await customer.goto(host.url)
    await customer.getByRole('button', { name: 'Open chat' }).click()
    const name = unique('Grace ')
    await customer.getByLabel('Your name').fill(name)
    const question = `Can I change my delivery address? ${unique('#')}`
    await customer.getByLabel('Message').fill(question)
    await customer.getByRole('button', { name: 'Send' }).click()
    const conversation = customer.getByRole('list', { name: 'Conversation' })
    await expect(conversation.getByText(question)).toBeVisible()

    // The chat appears in the agent's inbox without a reload; the agent opens it.
    const row = agent.getByRole('navigation', { name: 'Chats' }).getByRole('link').filter({ hasText: name })
    await expect(row).toBeVisible()
    await row.click()
    const log = agent.getByRole('log', { name: 'Messages' })
    await expect(log.getByText(question)).toBeVisible()

    // Text both ways, live.
    const answer = `Yes, until it ships. ${unique('#')}`
    await agent.getByRole('textbox', { name: 'Reply' }).fill(answer)
    await agent.getByRole('button', { name: 'Send' }).click()
    await expect(conversation.getByText(answer)).toBeVisible()
    const thanks = `Great, thanks! ${unique('#')}`
    await customer.getByLabel('Message').fill(thanks)
    await customer.getByRole('button', { name: 'Send' }).click()
    await expect(log.getByText(thanks)).toBeVisible()

    // The customer sends a voice message; it arrives in the agent's window as a player.
    await customer.getByRole('button', { name: 'Record voice message' }).click()
    await customer.waitForTimeout(1_500)
    await customer.getByRole('button', { name: 'Stop recording' }).click()
    await customer.getByRole('group', { name: 'Voice message preview' }).getByRole('button', { name: 'Send' }).click()
    await expect(log.locator('audio')).toHaveCount(1)
    await expect(log.locator('audio')).toHaveAttribute('src', /\/api\/media\/voice\/\d+\?exp=\d+&sig=/)
    await expect
      .poll(() => log.locator('audio').evaluate((a: HTMLAudioElement) => (a.error ? a.error.code : a.readyState >= 1)))
      .toBe(true)

    // The agent answers by voice; it reaches the widget and plays there (another origin).
    await agent.getByRole('button', { name: 'Record voice message' }).click()
    await expect(agent.getByRole('button', { name: 'Stop recording' })).toBeVisible()
    await agent.waitForTimeout(1_500)
    await agent.getByRole('button', { name: 'Stop recording' }).click()
    await expect(log.locator('audio')).toHaveCount(2)
    const customerAudio = conversation.locator('audio')
    await expect(customerAudio).toHaveCount(2)
    await expect
      .poll(() => customerAudio.last().evaluate((a: HTMLAudioElement) => (a.error ? a.error.code : a.readyState >= 1)))
      .toBe(true)

    // The agent resolves the chat; the customer is asked for a rating and gives one.
    await agent.getByRole('button', { name: 'Resolve' }).click()
    await expect(agent.getByRole('button', { name: 'Reopen' })).toBeVisible()
    await customer.getByRole('button', { name: 'Good', exact: true }).click()
    await customer.getByRole('button', { name: 'Submit rating' }).click()
    await expect(customer.getByText('Thank you for your feedback.')).toBeVisible()

    expect(errors).toEqual([])
  } finally {
    await host.close()
    await agentContext.close()
    await customerContext.close()
  }
})
