import { expect, test, type Download, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { startAppInstance } from './app-instance.js'
import { DEMO } from './demo-organization.mjs'
import {
  customerWithChat,
  docsImage,
  expectDashboard,
  FIRST_ADMIN,
  fullyShown,
  pageErrors,
  seriousViolations,
  sidewaysOverflow,
  signIn,
} from './helpers.js'

/*
 * Reports on the demo organization e2e/serve.mjs generates: the Reports page saves the chats report as CSV and
 * previews it as PDF (pdf.js draws it, its text layer holds the title) before saving the same file; the chats list,
 * a chat's window, the surveys, a survey's results, a community and an issue export through the same dialog. The page fits a phone and a desktop without serious axe
 * faults, and nothing of it (pdf.js's worker included) breaks the Content-Security-Policy.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]
/** The chats report's header row (contract §9.1), after the byte-order mark. */
const CHATS_HEADER =
  'Chat ID,Created At,Status,Channel,Customer,Customer Email,Assignee,Topic,Escalated,Rating,Rating Comment,Messages,First Response (s),Resolved At'
const BOM = Buffer.from([0xef, 0xbb, 0xbf])

/** `proxima-<report>-<organization>-<YYYYMMDD-HHmm>.<ext>` (§9.2) for the demo organization. */
const fileName = (report: string, ext: 'csv' | 'pdf') =>
  new RegExp(`^proxima-${report}-northwind-outdoor-demo-\\d{8}-\\d{4}\\.${ext}$`)

async function saved(download: Download): Promise<Buffer> {
  const path = await download.path()
  return readFile(path)
}

/** A CSV as saved: its byte-order mark, then its header row. */
async function expectChatsCsv(download: Download) {
  expect(download.suggestedFilename()).toMatch(fileName('chats', 'csv'))
  const bytes = await saved(download)
  expect(bytes.subarray(0, 3).equals(BOM)).toBe(true)
  expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(CHATS_HEADER)
}

/** Content-Security-Policy violations the page reports from now on. */
async function policyViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/content security policy|unsafe-eval/i.test(message.text())) violations.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  return violations
}

async function layoutProblems(page: Page, label: string): Promise<string[]> {
  const problems: string[] = []
  const wide = await sidewaysOverflow(page)
  if (wide.length > 0) problems.push(`${label}: ${wide.join(', ')}`)
  for (const fault of await seriousViolations(page, undefined, { sameOrigin: true }))
    problems.push(`${label}: axe ${fault}`)
  return problems
}

test('an admin saves the chats report as CSV, previews it as PDF and saves that, on a desktop and a phone', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const errors = pageErrors(page)
  const violations = await policyViolations(page)
  await signIn(page, DEMO.admin, DEMO.password)
  await expectDashboard(page, 'Dana')

  await page.setViewportSize(SIZES[0]!)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Report' })).toContainText('Chats')

  // A required filter is asked for beside its field, before anything is sent.
  await page.getByRole('combobox', { name: 'Report' }).click()
  await page.getByRole('option', { name: 'Survey responses' }).click()
  await expect(page).toHaveURL(/\/reports\?report=survey-responses$/)
  await page.getByRole('button', { name: 'Download CSV' }).click()
  await expect(page.getByText('Choose a survey.')).toBeVisible()

  // Chats as CSV: the server's file name, a byte-order mark and the header row.
  await page.getByRole('combobox', { name: 'Report' }).click()
  await page.getByRole('option', { name: 'Chats', exact: true }).click()
  await expect(page.getByText('Choose a survey.')).toHaveCount(0)
  const problems = await layoutProblems(page, 'reports at 1440')
  await docsImage(page, 'reports')

  // An export can be cancelled while it runs (here held back before it reaches the server): nothing is saved.
  let downloads = 0
  page.on('download', () => (downloads += 1))
  await page.route('**/api/reports/chatscsv/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    await route.continue().catch(() => {})
  })
  await page.getByRole('button', { name: 'Download CSV' }).click()
  await expect(page.getByRole('progressbar', { name: 'Downloading the chats report' })).toBeVisible()
  await expect(page.getByText('Counting the rows of the chats report…')).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('The export was cancelled; nothing was saved.')).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await page.unrouteAll({ behavior: 'wait' })
  expect(downloads).toBe(0)
  const csv = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  await expectChatsCsv(await csv)
  await expect(page.getByRole('alert').filter({ hasText: /^Saved proxima-chats-/ })).toBeVisible()

  // Chats as PDF: previewed first (pdf.js draws the page; its text layer holds the title), then saved from there.
  await page.getByRole('radio', { name: 'PDF' }).check()
  await page.getByRole('button', { name: 'Preview PDF' }).click()
  const preview = page.getByRole('region', { name: 'Preview: Chats report' })
  await expect(preview.getByRole('heading', { name: 'Preview: Chats report' })).toBeFocused()
  const viewer = preview.getByTestId('pdf-preview')
  await expect(viewer.locator('canvas')).toBeVisible({ timeout: 30_000 })
  await expect(viewer.locator('.react-pdf__Page__textContent')).toContainText('Chats report', { timeout: 30_000 })
  // The viewer's own page count (the PDF's footer says "Page 1 of N" too, in its text layer).
  const pager = preview.getByRole('group', { name: 'Pages' })
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible()
  const pages = Number((await pager.getByText(/^Page 1 of \d+$/).textContent())?.match(/\d+$/)?.[0])
  if (pages > 1) {
    await pager.getByRole('button', { name: 'Next page' }).click()
    await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible()
    await expect(viewer.locator('.react-pdf__Page__textContent')).toContainText(`Page 2 of ${pages}`)
    await pager.getByRole('button', { name: 'Previous page' }).click()
    await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible()
  }
  problems.push(...(await layoutProblems(page, 'reports preview at 1440')))
  // The picture shows the preview from its heading, just below the top bar.
  await page.evaluate(() => {
    const section = document.getElementById('report-preview-heading')?.closest('section')
    if (section) window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - 88)
  })
  await docsImage(page, 'reports-preview')
  const pdf = page.waitForEvent('download')
  await preview.getByRole('button', { name: 'Download PDF' }).click()
  const pdfDownload = await pdf
  expect(pdfDownload.suggestedFilename()).toMatch(fileName('chats', 'pdf'))
  expect((await saved(pdfDownload)).subarray(0, 5).toString('latin1')).toBe('%PDF-')

  // A phone: the form and the preview fit its width.
  await page.setViewportSize(SIZES[1]!)
  await expect(viewer.locator('canvas')).toBeVisible()
  problems.push(...(await layoutProblems(page, 'reports preview at 390')))
  await preview.getByRole('button', { name: 'Close preview' }).click()
  await expect(preview).toHaveCount(0)
  problems.push(...(await layoutProblems(page, 'reports at 390')))

  expect(problems, problems.join('\n')).toEqual([])
  expect(violations).toEqual([])
  expect(errors).toEqual([])
})

test("the chats list exports its filters as CSV, and a chat's window previews its messages as PDF", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const errors = pageErrors(page)
  const violations = await policyViolations(page)
  await signIn(page, DEMO.admin, DEMO.password)
  await expectDashboard(page, 'Dana')
  await page.setViewportSize(SIZES[0]!)
  await page.goto('/chats')

  // The list's "All" tab: every status; the search is not a report filter, and the dialog says so.
  await page.getByRole('tab', { name: 'All' }).click()
  await page.getByLabel('Search chats').fill('qxqz')
  await expect(page.getByRole('heading', { name: /chats match these filters$/ })).toBeVisible()
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export chats' })
  await fullyShown(dialog)
  await expect(dialog).toContainText('Every status')
  await expect(dialog).toContainText('Not applied to the file: the search.')
  expect(await seriousViolations(page, '[role="dialog"]', { sameOrigin: true })).toEqual([])
  const csv = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download CSV' }).click()
  await expectChatsCsv(await csv)
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(/^Saved proxima-chats-northwind-outdoor-demo-\d{8}-\d{4}\.csv\.$/)).toBeVisible()

  // One chat's messages: the whole conversation, previewed as PDF and saved.
  await page.getByLabel('Search chats').fill('')
  await page.getByRole('navigation', { name: 'Chats' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/chats\/\d+$/)
  await page.getByRole('button', { name: 'Export messages' }).click()
  const messages = page.getByRole('dialog', { name: /^Export messages of the chat with / })
  await fullyShown(messages)
  await expect(messages).toContainText('The whole conversation')
  await messages.getByRole('radio', { name: 'PDF' }).check()
  await messages.getByRole('button', { name: 'Preview PDF' }).click()
  const preview = page.getByRole('dialog', { name: 'Preview: Messages report' })
  await expect(preview.locator('.react-pdf__Page__textContent')).toContainText('Messages report', {
    timeout: 30_000,
  })
  const pdf = page.waitForEvent('download')
  await preview.getByRole('button', { name: 'Download PDF' }).click()
  expect((await pdf).suggestedFilename()).toMatch(fileName('messages', 'pdf'))
  await expect(preview).toHaveCount(0)

  expect(violations).toEqual([])
  expect(errors).toEqual([])
})

test("a PDF over the server's row limit is refused in its words, and the same report is saved as CSV instead", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(150_000)
  // An instance whose PDFs hold at most one row, with two chats of the last 30 days.
  const app = await startAppInstance({ REPORT_PDF_MAX_ROWS: '1' })
  const context = await browser.newContext({ baseURL: app.baseURL })
  const api = await playwright.request.newContext({ baseURL: app.baseURL })
  try {
    const page = await context.newPage()
    const errors = pageErrors(page)
    await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'))
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('proxima_admin_details') ?? '{}'))
    const tenantId = session.tenant_id.tenant_id as number
    await customerWithChat(api, tenantId)
    await customerWithChat(api, tenantId)

    await page.goto('/reports')
    await page.getByRole('radio', { name: 'PDF' }).check()
    await page.getByRole('button', { name: 'Preview PDF' }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'The chats report could not be made' })
    await expect(refusal).toContainText('This report has more than 1 row. Narrow the filters or download CSV.')
    await expect(page.getByRole('region', { name: /^Preview/ })).toHaveCount(0)

    const csv = page.waitForEvent('download')
    await refusal.getByRole('button', { name: 'Download CSV' }).click()
    const download = await csv
    expect(download.suggestedFilename()).toMatch(/^proxima-chats-proxima-demo-\d{8}-\d{4}\.csv$/)
    const lines = (await saved(download)).subarray(3).toString('utf8').split('\r\n')
    expect(lines[0]).toBe(CHATS_HEADER)
    expect(lines.filter((line) => line !== '')).toHaveLength(3)
    await expect(page.getByRole('radio', { name: 'CSV' })).toBeChecked()
    expect(errors).toEqual([])
  } finally {
    await api.dispose()
    await context.close()
    await app.stop()
  }
})

const HEADERS = {
  surveys:
    'Survey ID,Topic,Description,Status,Type,Questions,Audience,Responses,Response Rate (%),Start Day,End Day,Published At,Closed At,Created By',
  issues: 'Issue ID,Community,Title,Description,Raised By,Solved,Comments,Created At,Solved At',
  responses: 'Response ID,Submitted At,Respondent,Respondent Type,Q1. ',
}

/** The first link of the page whose address is `pattern`, once the list has loaded (the lists link their rows). */
async function firstLink(page: Page, pattern: RegExp): Promise<string> {
  const matching = async () =>
    (await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).find((h) =>
      pattern.test(h),
    )
  await expect.poll(matching, { message: `a link to ${pattern}`, timeout: 15_000 }).toBeDefined()
  return (await matching())!
}

/** Saves the open export dialog's report as CSV: its name, its byte-order mark, its header row; its data rows. */
async function saveCsv(page: Page, report: string, header: string): Promise<string[]> {
  const dialog = page.getByRole('dialog')
  await fullyShown(dialog)
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(fileName(report, 'csv'))
  const bytes = await saved(file)
  expect(bytes.subarray(0, 3).equals(BOM)).toBe(true)
  const [first = '', ...rows] = bytes.subarray(3).toString('utf8').split('\r\n')
  expect(first.startsWith(header)).toBe(true)
  await expect(dialog).toHaveCount(0)
  return rows.filter((row) => row !== '')
}

test("the surveys, a survey's responses, a community's issues and an issue's threads export from their pages", async ({
  page,
}) => {
  test.setTimeout(150_000)
  const errors = pageErrors(page)
  await signIn(page, DEMO.admin, DEMO.password)
  await expectDashboard(page, 'Dana')
  await page.setViewportSize(SIZES[0]!)

  await page.goto('/surveys')
  await page.getByRole('button', { name: 'Export surveys' }).click()
  expect((await saveCsv(page, 'surveys', HEADERS.surveys)).length).toBeGreaterThan(0)

  // A survey's results page exports its responses, a column per question after the fixed ones.
  await page.goto(await firstLink(page, /^\/surveys\/\d+$/))
  await page.getByRole('button', { name: 'Export responses' }).click()
  await saveCsv(page, 'survey-responses', HEADERS.responses)

  await page.goto('/community')
  await page.goto(await firstLink(page, /^\/community\/\d+$/))
  await page.getByRole('button', { name: 'Export issues' }).click()
  expect((await saveCsv(page, 'issues', HEADERS.issues)).length).toBeGreaterThan(0)

  // An issue's threads, previewed as PDF and saved.
  await page.goto(await firstLink(page, /^\/community\/issues\/\d+$/))
  await page.getByRole('button', { name: 'Export thread' }).click()
  const dialog = page.getByRole('dialog')
  await fullyShown(dialog)
  await dialog.getByRole('radio', { name: 'PDF' }).check()
  await dialog.getByRole('button', { name: 'Preview PDF' }).click()
  const preview = page.getByRole('dialog', { name: 'Preview: Threads report' })
  await expect(preview.locator('.react-pdf__Page__textContent')).toContainText('Threads report', { timeout: 30_000 })
  const pdf = page.waitForEvent('download')
  await preview.getByRole('button', { name: 'Download PDF' }).click()
  expect((await pdf).suggestedFilename()).toMatch(fileName('threads', 'pdf'))

  expect(errors).toEqual([])
})
