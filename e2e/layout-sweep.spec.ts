import { expect, test, type Page } from '@playwright/test'
import { createOrganization, customerWithChat, seriousViolations, sidewaysOverflow } from './helpers.js'
import { publishedSurvey } from './survey-helpers.js'

/** Every page of the dashboard a signed-in admin can open, and the public ones. */
const DASHBOARD_ROUTES = [
  '/',
  '/chats',
  '/community',
  '/surveys',
  '/surveys/new',
  '/analytics',
  '/analytics/forecasts',
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

async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  // Spinners (no value) are gone; bars that show a value (a plan's usage, a step count) stay.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0)
}

/** Each size's pages are checked in this many tests, so that no one test holds two dozen full page loads. */
const PARTS = 3

// Tests per size and part: each opens its pages in full (a fresh page load, as a bookmark or a reload does). The
// public pages go with the first part; every part has its own organization.
for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`
  for (let part = 0; part < PARTS; part++) {
    test(`no page scrolls sideways or has serious accessibility faults at ${size}, part ${part + 1} of ${PARTS}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000)
      const { tenant, admin } = await createOrganization(request)
      const { chatId } = await customerWithChat(request, tenant.tenant_id as number)
      const survey = await publishedSurvey(request, admin.token as string)
      const signedIn = [...DASHBOARD_ROUTES, `/chats/${chatId}`, `/surveys/${survey.id}`, `/s/${survey.key}`]
      const share = Math.ceil(signedIn.length / PARTS)
      const problems: string[] = []
      const check = async (label: string) => {
        await settle(page)
        const wide = await sidewaysOverflow(page)
        if (wide.length > 0) problems.push(`${label}: ${wide.join(', ')}`)
        for (const fault of await seriousViolations(page)) problems.push(`${label}: axe ${fault}`)
      }

      await page.setViewportSize(viewport)
      for (const route of part === 0 ? PUBLIC_ROUTES : []) {
        await page.goto(route)
        await check(route)
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
      for (const route of signedIn.slice(part * share, (part + 1) * share)) {
        await page.goto(route)
        await check(route)
      }
      expect(problems, problems.join('\n')).toEqual([])
    })
  }
}
