import { expect, test } from '@playwright/test'
import config from '../playwright.config'
import { createOrganization, pageErrors, seriousViolations } from './helpers.js'
import { startWidgetHost } from './widget-host.js'

test('a visitor who keeps the page open sees "we\'re away" come and go with the business hours', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const { admin } = await createOrganization(request)
  const auth = { Authorization: `Token ${admin.token}` }
  const settings = await (await request.get('/api/tenantmanagement/settings/', { headers: auth })).json()
  const setHours = async (businessHours: { enabled: boolean; schedule?: []; holidays?: [] }) => {
    const saved = await request.patch('/api/tenantmanagement/settings/', {
      headers: auth,
      data: { business_hours: businessHours },
    })
    expect(saved.status()).toBe(200)
  }
  const host = await startWidgetHost(
    new URL('/widget.js', config.use?.baseURL).toString(),
    settings.widget.widget_key as string,
  )
  const context = await browser.newContext()
  try {
    const site = await context.newPage()
    const errors = pageErrors(site)
    // The page's timers run on a clock the journey moves; the server keeps its own time.
    await site.clock.install()
    await site.goto(host.url)
    await site.getByRole('button', { name: 'Open chat' }).click()
    const panel = site.getByRole('dialog', { name: /^Chat with / })
    const away = panel.getByRole('status').filter({ hasText: "We're away right now." })
    await expect(panel).toBeVisible()
    await expect(away).toHaveCount(0)

    // The organisation closes (business hours on, no opening hours at all) while the page stays open: nothing
    // changes until the widget checks again, a minute later.
    await setHours({ enabled: true, schedule: [], holidays: [] })
    await site.waitForTimeout(1_000)
    await expect(away).toHaveCount(0)
    await site.clock.fastForward('01:00')
    await expect(away).toBeVisible()
    expect(await seriousViolations(site, '[data-proxima-widget]')).toEqual([])

    // It opens again while the visitor is on another tab, where the widget does not check; coming back shows it
    // at once, without waiting for the next minute.
    const showTab = (state: 'hidden' | 'visible') =>
      site.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
        document.dispatchEvent(new Event('visibilitychange'))
      }, state)
    await showTab('hidden')
    await setHours({ enabled: false })
    await site.clock.fastForward('01:00')
    await site.waitForTimeout(1_000)
    await expect(away).toBeVisible()
    await showTab('visible')
    await expect(away).toHaveCount(0)
    expect(errors).toEqual([])
  } finally {
    await context.close()
    await host.close()
  }
})
