import { expect, test } from '@playwright/test'

/**
 * What a browser fetches for the sign-in page, compressed, must stay small (a first visit on a slow phone). Measured
 * at 198 KB with Brotli: React DOM (57 KB), the router (27 KB), zod and the contracts (31 KB), MUI and emotion
 * (about 55 KB for this page), TanStack Query and Redux (19 KB). This guard keeps it from growing; the goal is
 * 150 KB.
 */
const LOGIN_JS_BUDGET_BYTES = 210 * 1024

test('the sign-in page loads at most 210 KB of compressed JavaScript, sent with Brotli and cached for good', async ({
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
