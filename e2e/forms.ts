import { expect, type Locator, type Page } from '@playwright/test'

/** The toast (the snackbar at the bottom of the screen) that says `text`. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.MuiSnackbar-root').getByRole('alert').filter({ hasText: text })

/**
 * Holds the next `method` request to a URL matching `url` in the browser until `release()`: meanwhile the form is
 * sending, so what it shows then can be checked. `arrived` resolves once the request is held.
 */
export async function holdRequest(page: Page, url: RegExp, method: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let arrive!: () => void
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  let held = false
  await page.route(url, async (route) => {
    if (held || route.request().method() !== method) return route.fallback()
    held = true
    arrive()
    await released
    await route.fallback()
  })
  return {
    arrived,
    release: async () => {
      release()
      await page.unroute(url)
    },
  }
}

/**
 * Submits with `submit` while the request to `url` is held, and checks the form is busy until the answer: the button
 * disabled and saying `pendingLabel`, and `field` disabled. Then lets the request go.
 */
export async function submitHeld(
  page: Page,
  {
    url,
    method,
    submit,
    pendingLabel,
    field,
  }: {
    url: RegExp
    method: string
    submit: Locator
    pendingLabel: string
    field: Locator
  },
) {
  const hold = await holdRequest(page, url, method)
  await submit.click()
  await hold.arrived
  const pending = page.getByRole('button', { name: pendingLabel })
  await expect(pending).toBeVisible()
  await expect(pending).toBeDisabled()
  await expect(field).toBeDisabled()
  await hold.release()
  await expect(pending).toHaveCount(0)
}
