import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test'
import { seriousViolations, sidewaysOverflow } from './helpers.js'

/* What the analytics journeys (analytics.spec.ts, analytics-pdf.spec.ts) share. */

export const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]
export const DOCS = Boolean(process.env.E2E_DOCS_IMAGES)
export const SEARCH = DOCS ? '?period=90d' : ''
/** The bar's filters by the label of their field. */
export const FIELD = { channel: 'Channels', topic_id: 'Topic', assignee: 'Assignee' } as const

export type Filter = Record<string, unknown>
export type Batch = { results: Record<string, Record<string, unknown>>; errors: Record<string, { code: string }> }

/** Every metric card has left its loading state (loaded, empty, failed or asking for a choice). */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[data-status="pending"]')).toHaveCount(0)
}

export async function layoutProblems(page: Page, label: string) {
  const problems: string[] = []
  const wide = await sidewaysOverflow(page)
  if (wide.length > 0) problems.push(`${label}: ${wide.join(', ')}`)
  for (const fault of await seriousViolations(page, undefined, { sameOrigin: true }))
    problems.push(`${label}: axe ${fault}`)
  return problems
}

/** The calendar date (YYYY-MM-DD) in a time zone, `days` from today. */
export function dateIn(timeZone: string, days = 0) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** The filter of the next batch request the page sends for `metric` with a filter that has `has`. */
export async function nextFilter(page: Page, metric: string, has: Filter = {}): Promise<Filter> {
  const body = (r: Request) => r.postDataJSON() as { metrics: string[]; filter: Filter }
  const sent = await page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/analytics/batch/') &&
      body(r).metrics.includes(metric) &&
      Object.entries(has).every(([k, v]) => body(r).filter[k] === v),
  )
  return body(sent).filter
}

export async function batch(request: APIRequestContext, token: string, metrics: readonly string[], filter: Filter) {
  const res = await request.post('/api/analytics/batch/', {
    headers: { Authorization: `Token ${token}` },
    data: { metrics, filter },
  })
  expect(res.status()).toBe(200)
  return (await res.json()) as Batch
}

/** The cells of one column of a chart's table (0 is the first column after the row names). */
export async function tableColumn(card: Locator, table: string, column: number) {
  await card.getByRole('button', { name: 'Table' }).click()
  const rows = card.getByRole('table', { name: table, exact: true }).locator('tbody tr')
  await expect(rows).not.toHaveCount(0)
  return rows.evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent ?? ''), column)
}

export const count = (n: number) => n.toLocaleString('en-US')
