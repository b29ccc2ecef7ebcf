import { expect, test } from '@playwright/test'

/**
 * What a browser fetches for the sign-in page, compressed, must stay small (a first visit on a slow phone). The
 * credential pages are a light page of their own (auth.html), without the dashboard's router, store, query cache or
 * classic zod. Measured at 149.0 KB with Brotli, in 21 files: React DOM and React (about 62 KB), MUI and emotion
 * (about 52 KB), react-hook-form with the form helpers (14 KB), zod/mini's core with the credential rules (13.5 KB;
 * the same build holds the dashboard, whose classic schemas share that core and so widen it) and the pages (7 KB).
 */
const LOGIN_JS_BUDGET_BYTES = 150 * 1024

test('the sign-in page loads at most 150 KB of compressed JavaScript, sent with Brotli and cached for good', async ({
  page,
}) => {
  const scripts: {
    url: string
    encoding: string | undefined
    cache: string | undefined
    bytes: number
    decoded: number
  }[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const sizes = await response.request().sizes()
    const headers = await response.allHeaders()
    scripts.push({
      url: response.url(),
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
      bytes: sizes.responseBodySize,
      decoded: (await response.body()).length,
    })
  })
  await page.goto('/auth/login')
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await page.waitForLoadState('networkidle')

  const total = scripts.reduce((sum, s) => sum + s.bytes, 0)
  test.info().annotations.push({
    type: 'sign-in page JavaScript',
    description: `${scripts.length} files, ${(total / 1024).toFixed(1)} KB compressed`,
  })
  expect(scripts.length).toBeGreaterThan(0)
  for (const s of scripts) {
    // Files under 1 KB are not worth compressing.
    if (s.decoded >= 1024) expect(s.encoding, s.url).toBe('br')
    expect(s.cache, s.url).toBe('public, max-age=31536000, immutable')
  }
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES)
})
