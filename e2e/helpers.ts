import { expect, type APIRequestContext, type Page, type WebSocket } from '@playwright/test'
import { randomBytes } from 'node:crypto'

export const FIRST_ADMIN = { email: 'admin@proxima.local', password: 'First-admin-2026' }
export const PASSWORD = 'Blue-harbour-71'
export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** An organization with its admin, made through the API (onboarding without the browser), on the given plan. */
export async function createOrganization(
  request: APIRequestContext,
  { plan = 'basic' }: { plan?: 'basic' | 'professional' | 'business' } = {},
) {
  const tenantRes = await request.post('/api/tenantmanagement/tenant/', {
    data: { tenant_name: unique('Org '), industry: 'Retail', email: `${unique('org')}@example.com` },
  })
  expect(tenantRes.status()).toBe(201)
  const tenant = await tenantRes.json()
  const username = unique('admin')
  const adminRes = await request.post('/api/auth/admin/', {
    data: {
      tenant_id: tenant.tenant_id,
      onboarding_token: tenant.onboarding_token,
      username,
      email: `${username}@example.com`,
      first_name: 'Grace',
      last_name: 'Hopper',
      password: PASSWORD,
      confirm_password: PASSWORD,
      plan,
    },
  })
  expect(adminRes.status()).toBe(201)
  return { tenant, admin: await adminRes.json() }
}

export type Message = { message_id: number; text_content: string | null; message_sender: string }

/** A customer account made through the API, with a chat opened with the organization; `headers` sign its calls. */
export async function customerWithChat(request: APIRequestContext, tenantId: number) {
  const username = unique('ada')
  const lastName = unique('Lovelace')
  const registered = await request.post('/api/auth/client/', {
    data: {
      username,
      email: `${username}@example.com`,
      first_name: 'Ada',
      last_name: lastName,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  expect(registered.status()).toBe(201)
  const headers = { Authorization: `Token ${(await registered.json()).token}` }
  const started = await request.post('/api/chat/chat/', { headers, data: { tenant_id: tenantId } })
  expect(started.status()).toBe(201)
  const chatId = (await started.json()).chat_id as number
  const say = async (text: string) => {
    const sent = await request.post('/api/chat/message/', { headers, data: { chat_id: chatId, text_content: text } })
    expect(sent.status()).toBe(201)
  }
  const messages = async () =>
    ((await (await request.get('/api/chat/message/', { headers, params: { chat_id: chatId } })).json()).data ??
      []) as Message[]
  return { name: `Ada ${lastName}`, chatId, headers, say, messages }
}

/**
 * Resolves once any realtime connection the page opens from now on has said "ready" (staff are then on their
 * `tenant` and `user` channels). Any socket counts: the first one may be replaced before it is ready, as when the
 * page reloads or the shell reconnects.
 */
export function realtimeReady(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/api/ws')) return
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"ready"')) {
          page.off('websocket', onSocket)
          resolve()
        }
      })
    }
    page.on('websocket', onSocket)
  })
}
