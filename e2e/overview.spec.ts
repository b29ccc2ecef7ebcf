import { expect, test } from '@playwright/test'
import {
  createOrganization,
  customerRaisesIssue,
  customerWithChat,
  docsImage,
  expectDashboard,
  pageErrors,
  PASSWORD,
  realtimeReady,
  seriousViolations,
  sidewaysOverflow,
  signIn,
} from './helpers.js'

type Handling = 'waiting' | 'answered' | 'resolved'

/** A morning at a chandlery's support desk: who wrote, what, and what the staff did about it. */
const CHATS: { first_name: string; last_name: string; text: string; reply?: string; mine?: boolean; then: Handling }[] =
  [
    {
      first_name: 'Amara',
      last_name: 'Okafor',
      text: 'The fenders I ordered fit perfectly, thank you!',
      reply: 'Glad to hear it, Amara. Fair winds!',
      then: 'resolved',
    },
    {
      first_name: 'Maya',
      last_name: 'Chen',
      text: 'My order #48213 arrived with a torn sail bag. Could you send a new one?',
      reply: 'Sorry about that, Maya. A new bag ships today; keep the torn one.',
      mine: true,
      then: 'answered',
    },
    {
      first_name: 'Jonas',
      last_name: 'Weber',
      text: 'Can I still change the size of the life jacket in order #48227?',
      then: 'waiting',
    },
    {
      first_name: 'Priya',
      last_name: 'Nair',
      text: 'The tracking for order #48190 has not moved since Monday.',
      mine: true,
      then: 'waiting',
    },
    {
      first_name: 'Tomás',
      last_name: 'Rivera',
      text: 'Do you ship mooring lines to Portugal, and how long does it take?',
      then: 'waiting',
    },
  ]

const ISSUES = [
  {
    first_name: 'Liam',
    last_name: 'Byrne',
    title: 'Which anchor size for a 9 m sailboat?',
    description: 'I anchor mostly in sand and mud, sometimes weed.',
  },
  {
    first_name: 'Sofia',
    last_name: 'Rossi',
    title: 'Deck shoes run half a size small',
    description: 'I usually wear a 39 and the 39 pinches.',
  },
  {
    first_name: 'Kenji',
    last_name: 'Mori',
    title: 'Storing an inflatable dinghy over winter',
    description: 'Folded in the garage, or inflated under a cover?',
  },
]

test("a busy organisation's overview counts what needs attention and lists the latest activity", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const errors = pageErrors(page)
  // The README's picture shows this organisation; the journeys' database is new on every run, so its name is free.
  const { tenant, admin } = await createOrganization(request, { name: 'Harbour Supplies' })
  const staff = { Authorization: `Token ${admin.token}` }
  const me = (await (await request.get('/api/auth/me/', { headers: staff })).json()) as { id: number }

  // The customers write, and the staff answer, take and close chats, all through the API.
  for (const chat of CHATS) {
    const customer = await customerWithChat(request, tenant.tenant_id as number, chat)
    await customer.say(chat.text)
    if (chat.mine) {
      const taken = await request.post(`/api/chat/chat/${customer.chatId}/assign/`, {
        headers: staff,
        data: { assignee_id: me.id },
      })
      expect(taken.status()).toBe(200)
    }
    if (chat.reply) {
      const sent = await request.post('/api/chat/message/', {
        headers: staff,
        data: { chat_id: customer.chatId, text_content: chat.reply },
      })
      expect(sent.status()).toBe(201)
    }
    if (chat.then === 'resolved') {
      const closed = await request.patch(`/api/chat/chat/${customer.chatId}/`, {
        headers: staff,
        data: { status: 'resolved' },
      })
      expect(closed.status()).toBe(200)
    }
  }
  for (const { title, description, ...person } of ISSUES)
    await customerRaisesIssue(request, admin.token as string, person, { title, description })

  await page.setViewportSize({ width: 1440, height: 900 })
  const ready = realtimeReady(page)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  await ready

  // What needs attention: three customers wait for a reply, four chats are open (two with nobody on them), two are
  // the admin's, and three issues were raised today.
  const count = (id: string) => page.getByTestId(`count-${id}`)
  await expect(count('waiting')).toHaveText('3')
  await expect(count('open')).toHaveText('4')
  await expect(page.getByText('2 not assigned.')).toBeVisible()
  await expect(count('mine')).toHaveText('2')
  await expect(count('issues-today')).toHaveText('3')
  const activity = page.getByRole('list', { name: 'Recent activity' })
  for (const chat of CHATS)
    await expect(activity.getByRole('link', { name: new RegExp(`${chat.first_name} ${chat.last_name}`) })).toBeVisible()
  for (const issue of ISSUES) await expect(activity.getByRole('link', { name: new RegExp(issue.title) })).toBeVisible()

  // A new customer writes while the admin looks: the counts follow without a reload.
  const latecomer = await customerWithChat(request, tenant.tenant_id as number, {
    first_name: 'Ines',
    last_name: 'Duarte',
  })
  await latecomer.say('Hello! Are your foul-weather jackets true to size?')
  await expect(count('waiting')).toHaveText('4')
  await expect(count('open')).toHaveText('5')
  await expect(activity.getByRole('link', { name: /Ines Duarte/ })).toBeVisible()

  expect(await seriousViolations(page)).toEqual([])
  expect(await sidewaysOverflow(page)).toEqual([])
  // The banner about the unconfirmed address (no mail server here) is dismissed for the README's picture.
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await page.mouse.move(1, 899)
  await docsImage(page, 'dashboard')
  expect(errors).toEqual([])
})
