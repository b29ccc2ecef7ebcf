import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createEmployee, createTenantWithAdmin } from '../factories.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const SETTINGS = '/api/tenantmanagement/settings/'
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} })
const patch = (token: string, payload: object) =>
  app.inject({ method: 'PATCH', url: SETTINGS, headers: auth(token), payload })
const widgetConfig = async (token: string) => {
  const key = (await get(SETTINGS, token)).json().widget.widget_key
  return (await get(`/api/widget/config/?widget_key=${key}`)).json()
}

describe('the widget colour (widget.color)', () => {
  it('answers 400 with the field reason for anything but #RRGGBB, and changes nothing', async () => {
    const { token } = await createTenantWithAdmin(app)
    for (const color of ['teal', '#fff', '#00796bff', '00796b', 'rgb(0, 121, 107)', '#00796g', 7]) {
      const res = await patch(token, { widget: { color } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'validation.failed',
        errors: { 'widget.color': ['Enter a colour as #RRGGBB, such as #00796b.'] },
      })
    }
    expect((await get(SETTINGS, token)).json().widget.color).toBe('#00796b')
  })

  it('refuses employees with 403', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    expect((await patch(emp, { widget: { color: '#6a1b9a' } })).statusCode).toBe(403)
    expect((await get(SETTINGS, token)).json().widget.color).toBe('#00796b')
  })

  it("starts as the product's teal, in the settings and in the public widget configuration", async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    expect((await get(SETTINGS, emp)).json().widget.color).toBe('#00796b')
    expect((await widgetConfig(token)).color).toBe('#00796b')
  })

  it("saves an admin's colour in lower case; the widget reads it and other organizations keep theirs", async () => {
    const { token } = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    const res = await patch(token, { widget: { color: ' #6A1B9A ' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().widget).toMatchObject({ color: '#6a1b9a', enabled: true })
    expect((await get(SETTINGS, token)).json().widget.color).toBe('#6a1b9a')
    expect((await widgetConfig(token)).color).toBe('#6a1b9a')
    // A change of other widget fields keeps the colour.
    expect((await patch(token, { widget: { greeting: 'Ahoy' } })).json().widget.color).toBe('#6a1b9a')
    expect((await widgetConfig(stranger.token)).color).toBe('#00796b')
  })
})
