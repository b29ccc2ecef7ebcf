import { AnalyticsReportFilter, ANALYTICS_AREAS } from '@proxima/contracts'
import { describe, expect, it } from 'vitest'
import { AREAS } from './areas'
import { analyticsPdfRequest } from './pdf'
import { filterOf, viewFromSearch } from './view'

// 2026-03-10 22:30 UTC: still 10 March in New York.
const NOW = new Date('2026-03-10T22:30:00Z')
const area = (path: string) => AREAS.find((a) => a.path === path) ?? AREAS[0]

describe('the PDF of an analytics page', () => {
  it("sends the filter the page's metrics are asked with, and the page as its area", () => {
    const view = viewFromSearch(new URLSearchParams('period=7d&channel=website%2Cemail&topic=3&assignee=21'))
    const response = area('response')
    const filter = filterOf(view, NOW, 'America/New_York', { uses: response.filters })
    const request = analyticsPdfRequest(response, filter)
    expect(request).toEqual({
      path: '/api/reports/analyticspdf/',
      format: 'pdf',
      body: { ...filter, area: 'response' },
      title: 'Response & satisfaction analytics',
      fallbackName: 'proxima-analytics-response.pdf',
      countsRows: false,
    })
    expect(request.body).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
      granularity: 'day',
      channel: ['website', 'email'],
      topic_id: 3,
      assignee: 21,
      area: 'response',
    })
  })

  it("leaves out the bar's filters the page does not use, as its metric requests do", () => {
    const view = viewFromSearch(new URLSearchParams('period=30d&timezone=Asia%2FTokyo&topic=3&community=7'))
    const customers = area('customers')
    const request = analyticsPdfRequest(customers, filterOf(view, NOW, 'Asia/Tokyo', { uses: customers.filters }))
    expect(request.body).toEqual({
      from: '2026-02-10',
      to: '2026-03-11',
      granularity: 'day',
      timezone: 'Asia/Tokyo',
      community: 7,
      area: 'customers',
    })
  })

  it("names every analytics page as the server does, with a body the server's schema accepts", () => {
    expect(AREAS.map((a) => a.path)).toEqual([...ANALYTICS_AREAS])
    const filter = filterOf(viewFromSearch(new URLSearchParams()), NOW, 'UTC')
    for (const page of AREAS) {
      const request = analyticsPdfRequest(page, filter)
      expect(request.title).toBe(`${page.label} analytics`)
      expect(AnalyticsReportFilter.parse(request.body)).toEqual({ ...filter, area: page.path })
    }
    expect(area('chats').label).toBe('Chats & channels')
  })
})
