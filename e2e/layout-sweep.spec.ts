import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { createOrganization, customerWithChat } from './helpers.js'

/** Every page of the dashboard a signed-in admin can open, and the public ones. */
const DASHBOARD_ROUTES = [
  '/',
  '/chats',
  '/community',
  '/surveys',
  '/analytics',
  '/reports',
  '/ai',
  '/settings',
  '/settings/organization',
  '/settings/employees',
  '/settings/email',
  '/settings/integrations',
  '/settings/plan',
  '/settings/widget',
  '/settings/topics',
  '/settings/hours',
  '/profile',
  '/notifications',
  '/no-such-page',
]
const PUBLIC_ROUTES = ['/auth/login', '/auth/onboarding', '/auth/forgot-password']
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

/** Elements that stick out past the right edge of the viewport (what makes a page scroll sideways). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth
    const root = document.documentElement
    if (root.scrollWidth <= width) return null
    const culprits: string[] = []
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect()
      if (box.right > width + 1 && box.width > 0) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).slice(0, 2).join('.')}`
        culprits.push(`${name} (right ${Math.round(box.right)})`)
        if (culprits.length >= 5) break
      }
    }
    return { scrollWidth: root.scrollWidth, width, culprits }
  })
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  // Spinners (no value) are gone; bars that show a value (a plan's usage, a step count) stay.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0)
}

test('no page scrolls sideways or has serious accessibility faults, at desktop and phone sizes', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const { tenant, admin } = await createOrganization(request)
  const { chatId } = await customerWithChat(request, tenant.tenant_id as number)
  const problems: string[] = []
  const check = async (label: string) => {
    await settle(page)
    const wide = await overflow(page)
    if (wide) problems.push(`${label}: scrollWidth ${wide.scrollWidth} > ${wide.width}; ${wide.culprits.join(', ')}`)
    const axe = await new AxeBuilder({ page }).analyze()
    for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
      problems.push(
        `${label}: axe ${v.id} (${v.impact}) on ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
      )
  }

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    const size = `${viewport.width}x${viewport.height}`
    await page.evaluate(() => localStorage.clear()).catch(() => undefined)
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route)
      await check(`${size} ${route}`)
    }
    // Signed in as the organization's admin, as the dashboard stores the session.
    await page.goto('/auth/login')
    await page.evaluate(
      ({ token, details }) => {
        localStorage.setItem('token', token)
        localStorage.setItem('proxima_admin_details', details)
      },
      { token: admin.token as string, details: JSON.stringify(admin) },
    )
    for (const route of [...DASHBOARD_ROUTES, `/chats/${chatId}`]) {
      await page.goto(route)
      await check(`${size} ${route}`)
    }
  }
  expect(problems, problems.join('\n')).toEqual([])
})
