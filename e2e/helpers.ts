import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Locator, type Page, type WebSocket } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const FIRST_ADMIN = { email: 'admin@proxima.local', password: 'First-admin-2026' }
export const PASSWORD = 'Blue-harbour-71'
export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * The dashboard's home greets `name`. Signing in (or out) is a full page load of the dashboard, which downloads and
 * starts the whole app: on a busy two-core machine that alone can take longer than the usual 15 s wait for an
 * element, so this wait allows 30 s. Waits inside an already loaded page keep the usual limit.
 */
export async function expectDashboard(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible({ timeout: 30_000 })
}

/** An organization with its admin, made through the API (onboarding without the browser), on the given plan. */
export async function createOrganization(
  request: APIRequestContext,
  { plan = 'basic', name = unique('Org ') }: { plan?: 'basic' | 'professional' | 'business'; name?: string } = {},
) {
  const tenantRes = await request.post('/api/tenantmanagement/tenant/', {
    data: { tenant_name: name, industry: 'Retail', email: `${unique('org')}@example.com` },
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

/**
 * A customer account made through the API (Ada with a last name of her own, unless named), with a chat opened with
 * the organization; `headers` sign its calls.
 */
export async function customerWithChat(
  request: APIRequestContext,
  tenantId: number,
  named: { first_name: string; last_name: string } = { first_name: 'Ada', last_name: unique('Lovelace') },
) {
  const username = unique('customer')
  const registered = await request.post('/api/auth/client/', {
    data: {
      username,
      email: `${username}@example.com`,
      ...named,
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
  return { name: `${named.first_name} ${named.last_name}`, chatId, headers, say, messages }
}

/** A customer of the app with the given names, who raises an issue in the organization's first community. */
export async function customerRaisesIssue(
  request: APIRequestContext,
  adminToken: string,
  names: { first_name: string; last_name: string },
  issue: { title: string; description: string },
) {
  const username = unique('member')
  const registered = await request.post('/api/auth/client/', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, confirm_password: PASSWORD, ...names },
  })
  expect(registered.status()).toBe(201)
  const token = (await registered.json()).token as string
  const community = (
    await (await request.get('/api/community/community/', { headers: { Authorization: `Token ${adminToken}` } })).json()
  ).data[0]
  const joined = await request.post('/api/community/joincommunity/', {
    headers: { Authorization: `Token ${token}` },
    data: { community_id: community.community_id },
  })
  expect(joined.status()).toBe(200)
  const raised = await request.post('/api/community/issue/', {
    headers: { Authorization: `Token ${token}` },
    data: { community_id: community.community_id, issue: issue.title, description: issue.description },
  })
  expect(raised.status()).toBe(201)
  return (await raised.json()).issue_id as number
}

/** The uncaught errors of the page's scripts, gathered from now on: a journey ends with `expect(errors).toEqual([])`. */
export function pageErrors(page: Page): Error[] {
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  return errors
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

/**
 * The serious and critical accessibility faults axe finds on the page, or only within `include` (a CSS selector),
 * each with where it is: `expect(await seriousViolations(page)).toEqual([])`. `sameOrigin` checks the page and its
 * same-origin frames in one pass inside the page, without the blank page axe otherwise opens to merge the results of
 * frames from other origins: about half the time, for pages such as the dashboard's that embed no such frame.
 */
export async function seriousViolations(
  page: Page,
  include?: string,
  { sameOrigin = false }: { sameOrigin?: boolean } = {},
): Promise<string[]> {
  await transitionsSettled(page)
  const axe = new AxeBuilder({ page }).setLegacyMode(sameOrigin)
  const result = await (include ? axe.include(include) : axe).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
          .join(' | ')}`,
    )
}

/**
 * Resolves when the page's finite CSS transitions and animations have ended (a button fading from disabled to enabled,
 * a menu closing), or after two seconds: axe reads colours as they are at that moment, and a colour halfway through a
 * fade can read as poor contrast. Endless ones (spinners, skeletons) are not waited for.
 */
export async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    if (finite.length === 0) return
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))])
  })
}

/**
 * Why the page scrolls sideways (its `scrollWidth` is over the window's `innerWidth`): the widths, then the first
 * elements that stick out past the right edge. Empty when it does not: `expect(await sidewaysOverflow(page)).toEqual([])`.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth <= width) return []
    const culprits: string[] = []
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect()
      if (box.right > width + 1 && box.width > 0) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).slice(0, 2).join('.')}`
        culprits.push(`${name} (right ${Math.round(box.right)})`)
        if (culprits.length >= 5) break
      }
    }
    return [`scrollWidth ${scrollWidth} > ${width}`, ...culprits]
  })
}

/** Waits until a dialog or popover has finished fading in (axe measures contrast with the opacity it has). */
export const fullyShown = (locator: Locator) =>
  expect
    .poll(() =>
      locator.evaluate((element) => {
        let opacity = 1
        for (let node: Element | null = element; node; node = node.parentElement)
          opacity *= Number(getComputedStyle(node).opacity)
        return opacity
      }),
    )
    .toBe(1)

/**
 * A picture for the documentation, `docs/images/<name>.png`, taken only when E2E_DOCS_IMAGES is set: of an element,
 * of the window, or (`fullPage`) of the whole length of the page.
 */
export async function docsImage(target: Page | Locator, name: string, { fullPage = false } = {}) {
  if (!process.env.E2E_DOCS_IMAGES) return
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'images')
  mkdirSync(dir, { recursive: true })
  const path = join(dir, `${name}.png`)
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }))
}
