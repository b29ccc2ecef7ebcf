import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createTenantWithAdmin } from '../factories.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const SETTINGS = '/api/tenantmanagement/settings/'
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} })
const patch = (token: string, payload: object, on: TestApp = app) =>
  on.inject({ method: 'PATCH', url: SETTINGS, headers: auth(token), payload })
const widgetConfig = async (key: string, on: TestApp = app) =>
  (await on.inject({ method: 'GET', url: `/api/widget/config/?widget_key=${key}` })).json()

describe('time zone and business hours', () => {
  it('refuses an unknown time zone, an inverted or empty opening and overlapping hours, changing nothing', async () => {
    const { token } = await createTenantWithAdmin(app)
    const before = (await get(SETTINGS, token)).json()
    const cases: [object, string, string][] = [
      [{ timezone: 'Europe/Atlantis' }, 'timezone', 'Enter an IANA time-zone name such as Africa/Nairobi.'],
      [{ timezone: '+05:30' }, 'timezone', 'Enter an IANA time-zone name such as Africa/Nairobi.'],
      [
        { business_hours: { schedule: [{ day: 'wed', open: '17:00', close: '09:00' }] } },
        'business_hours.schedule.0.close',
        'close must be after open.',
      ],
      [
        { business_hours: { schedule: [{ day: 'wed', open: '09:00', close: '09:00' }] } },
        'business_hours.schedule.0.close',
        'close must be after open.',
      ],
      [
        { business_hours: { schedule: [{ day: 'wed', open: '24:00', close: '24:00' }] } },
        'business_hours.schedule.0.open',
        'Use HH:MM (24-hour).',
      ],
      [
        {
          business_hours: {
            schedule: [
              { day: 'fri', open: '13:00', close: '18:00' },
              { day: 'fri', open: '08:00', close: '13:30' },
            ],
          },
        },
        'business_hours.schedule',
        'Opening hours of one day must not overlap.',
      ],
    ]
    for (const [payload, field, reason] of cases) {
      const res = await patch(token, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().code).toBe('validation.failed')
      expect(res.json().errors[field], JSON.stringify(payload)).toEqual([reason])
    }
    expect((await get(SETTINGS, token)).json()).toEqual(before)
  })

  it('accepts hours that only touch, split days and a day open until midnight (24:00)', async () => {
    const { token } = await createTenantWithAdmin(app)
    const schedule = [
      { day: 'mon', open: '08:00', close: '12:00' },
      { day: 'mon', open: '12:00', close: '16:00' },
      { day: 'sat', open: '00:00', close: '24:00' },
    ]
    const res = await patch(token, { timezone: 'America/New_York', business_hours: { enabled: true, schedule } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ timezone: 'America/New_York', business_hours: { enabled: true, schedule } })
  })

  it('keeps the widget open through the last minute of a day open until 24:00', async () => {
    // Saturday 2026-11-28 23:59:30 in Nairobi (UTC+3).
    const clock = testClock(new Date('2026-11-28T20:59:30.000Z'))
    const shop = await buildTestApp({ clock })
    try {
      const { token } = await createTenantWithAdmin(shop)
      const res = await patch(
        token,
        {
          timezone: 'Africa/Nairobi',
          business_hours: { enabled: true, schedule: [{ day: 'sat', open: '00:00', close: '24:00' }] },
        },
        shop,
      )
      expect(res.statusCode).toBe(200)
      const key = res.json().widget.widget_key
      expect((await widgetConfig(key, shop)).is_open).toBe(true)
      clock.advance(60_000) // Sunday 00:00:30
      expect((await widgetConfig(key, shop)).is_open).toBe(false)
    } finally {
      await shop.shutdown()
    }
  })
})
