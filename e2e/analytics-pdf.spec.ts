import { expect, test } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { DOCS, SIZES, layoutProblems, settled, type Filter } from './analytics-helpers.js'
import { DEMO } from './demo-organization.mjs'
import { docsImage, expectDashboard, pageErrors, signIn } from './helpers.js'

/* An analytics page's PDF, asked for with the page's filter, previewed (pdf.js draws it, its text layer holds the
 * title) and saved, on the demo organization e2e/serve.mjs generates. */

test("an analytics page exports itself as a PDF with the page's filter: cancelled, previewed, saved and refused, on a desktop and a phone", async ({
  page,
}) => {
  test.setTimeout(150_000)
  const errors = pageErrors(page)
  await signIn(page, DEMO.admin, DEMO.password)
  await expectDashboard(page, 'Dana')
  await page.setViewportSize(SIZES[0]!)

  // The Chats page with one channel: what its metrics are asked with is what the PDF is asked with.
  const shown = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/analytics/batch/') &&
      JSON.stringify((r.postDataJSON() as { filter: Filter }).filter.channel) === '["website"]',
  )
  const search = `?period=${DOCS ? '90d' : '7d'}&channel=website`
  await page.goto(`/analytics/chats${search}`)
  const filter = ((await shown).postDataJSON() as { filter: Filter }).filter
  expect(filter).toMatchObject({ channel: ['website'], granularity: 'day' })
  await settled(page)
  const exportPdf = page.getByRole('button', { name: 'Export PDF', exact: true })
  await expect(exportPdf).toBeEnabled()

  // An export can be cancelled while it runs (here held back before it reaches the server): nothing is saved.
  let downloads = 0
  page.on('download', () => (downloads += 1))
  await page.route('**/api/reports/analyticspdf/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    await route.continue().catch(() => {})
  })
  await exportPdf.click()
  await expect(page.getByRole('progressbar', { name: 'Downloading the chats & channels analytics' })).toBeVisible()
  await expect(page.getByText('Waiting for the chats & channels analytics…')).toBeVisible()
  await expect(exportPdf).toBeDisabled()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('The export was cancelled; nothing was saved.')).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await page.unrouteAll({ behavior: 'wait' })
  expect(downloads).toBe(0)

  // Previewed in the page: the request is the page's filter with the page as its area; pdf.js draws the one page.
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/reports/analyticspdf/') && r.method() === 'POST')
  await exportPdf.click()
  expect((await asked).postDataJSON()).toEqual({ ...filter, area: 'chats' })
  const preview = page.getByRole('region', { name: 'Preview: Chats & channels analytics' })
  await expect(preview.getByRole('heading', { name: 'Preview: Chats & channels analytics' })).toBeFocused()
  const viewer = preview.getByTestId('pdf-preview')
  await expect(viewer.locator('canvas')).toBeVisible({ timeout: 30_000 })
  await expect(viewer.locator('.react-pdf__Page__textContent')).toContainText('Chats & channels analytics', {
    timeout: 30_000,
  })
  // The filter is named in words under the title, as the page shows it.
  await expect(viewer.locator('.react-pdf__Page__textContent')).toContainText('Channel: Website')
  await expect(preview.getByRole('group', { name: 'Pages' }).getByText('Page 1 of 1')).toBeVisible()
  await expect(preview).toContainText(/proxima-analytics-chats-northwind-outdoor-demo-\d{8}-\d{4}\.pdf/)
  const problems = await layoutProblems(page, 'analytics PDF preview at 1440')
  // The picture shows the preview from its heading, just below the top bar.
  await page.evaluate(() => {
    const section = document.getElementById('report-preview-heading')?.closest('section')
    if (section) window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - 88)
  })
  await docsImage(page, 'analytics-pdf-preview')

  // Saved from the preview under the server's name, without a second export.
  let exports = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/api/reports/analyticspdf/')) exports += 1
  })
  const pdf = page.waitForEvent('download')
  await preview.getByRole('button', { name: 'Download PDF' }).click()
  const download = await pdf
  expect(download.suggestedFilename()).toMatch(/^proxima-analytics-chats-.*\.pdf$/)
  expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  await expect(
    page.getByText(`Saved ${download.suggestedFilename()}. Your browser keeps it with its downloads.`),
  ).toBeVisible()
  expect(exports).toBe(0)

  // A phone: the button beside the folded filters, and the preview, fit its width; closing it returns to the button.
  await page.setViewportSize(SIZES[1]!)
  await expect(viewer.locator('canvas')).toBeVisible()
  await expect(exportPdf).toBeInViewport()
  problems.push(...(await layoutProblems(page, 'analytics PDF preview at 390')))
  await preview.getByRole('button', { name: 'Close preview' }).click()
  await expect(preview).toHaveCount(0)
  await expect(exportPdf).toBeFocused()
  problems.push(...(await layoutProblems(page, '/analytics/chats at 390 after the preview')))

  // Another page closes a preview: what it shows is of the page before.
  await exportPdf.click()
  await expect(preview.locator('.react-pdf__Page__textContent')).toContainText('Chats & channels analytics', {
    timeout: 30_000,
  })
  await page.getByRole('tab', { name: 'Voice' }).click()
  await expect(page).toHaveURL(/\/analytics\/voice\?/)
  await expect(preview).toHaveCount(0)

  // A refusal is said in words before any file: a community the organization does not have is not found.
  await page.setViewportSize(SIZES[0]!)
  await page.goto('/analytics/customers?community=999999')
  await exportPdf.click()
  const refusal = page.getByRole('alert').filter({ hasText: 'The customers analytics could not be made' })
  await expect(refusal).toContainText('The community this report is about was not found')
  await expect(page.getByRole('region', { name: /^Preview/ })).toHaveCount(0)

  // Forecasts are not an analytics page of their own metrics: no export there.
  await page.getByRole('tab', { name: 'Forecasts' }).click()
  await expect(page).toHaveURL(/\/analytics\/forecasts$/)
  await expect(exportPdf).toHaveCount(0)

  expect(problems, problems.join('\n')).toEqual([])
  expect(errors).toEqual([])
})
