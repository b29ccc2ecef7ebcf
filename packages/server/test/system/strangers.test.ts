import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../app.js'
import { auth, createClient, createEmployee } from '../factories.js'
import { operationsOf } from './openapi-routes.js'
import {
  BODIES,
  casesOf,
  CUSTOMER_RULES,
  ID_KINDS,
  idSubjects,
  kindKey,
  REFUSED_AS_NOT_YOURS,
  requestOf,
  type Case,
} from './stranger-cases.js'
import {
  buildTenantWorld,
  newMarkers,
  newVisitor,
  snapshotDiff,
  snapshotTenant,
  tenantTables,
  tenantWithAdmin,
  type ObjectKind,
} from './tenant-world.js'

/**
 * Strangers: every route that names a row by id (in its path, its query as `chat_id`, `community_id`, … or its
 * body) is called with the ids of tenant A's real rows by people who have nothing to do with them: another
 * tenant's admin, employee and widget visitor, and a customer unrelated to tenant A. Each reply must be exactly
 * the reply to an id that does not exist (contract §0.1, §1.5.3: another tenant's ids look absent) — 404, or
 * 401/403 where the caller's role is not allowed at all, or an empty list for a filter — must show nothing of A,
 * and must leave every row of A as it was. Customers may read (and join, favourite, chat with) any tenant's
 * public community and catalogue: stranger-cases.ts says where.
 */

/** Cases that fail today, each with its finding; switch back to `it` once fixed. */
const KNOWN_FINDINGS: Record<string, string> = {}

const ABSENT = 999_999_999

const dataDir = mkdtempSync(join(tmpdir(), 'proxima-strangers-'))
const app = await buildTestApp({ env: { DATA_DIR: dataDir } })
const a = await buildTenantWorld(app)
const b = await tenantWithAdmin(app, newMarkers())
const bEmployee = await createEmployee(app, b.admin.token)
const bVisitor = await newVisitor(app, b.admin.token, 'Val Visitor')
const customer = await createClient(app)
const tables = await tenantTables(app)
const operations = operationsOf(app).filter((op) => op.documented)
const cases = casesOf(operations)

afterAll(async () => {
  await app.shutdown()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Another tenant's people, then the unrelated customer (last: some of what a customer does may change A). */
const STAFF_AND_VISITOR = {
  "another tenant's admin": b.admin.token,
  "another tenant's employee": bEmployee.token,
  "another tenant's visitor": bVisitor.token,
}
const CUSTOMER = 'an unrelated customer'

/** What no stranger may read: A's private rows and the email addresses of A's people (contract §1.5.5, §1.5.6). */
const privateTexts = [a.markers.closed, a.admin.email, a.employee.email, a.client.email]
const realIds = (kind: ObjectKind) => a.ids[kind]
const absentIds = () => ABSENT

function isEmptyList(res: LightMyRequestResponse) {
  try {
    return res.statusCode === 200 && res.json<{ data?: unknown[] }>().data?.length === 0
  } catch {
    return false
  }
}

/** What is wrong with one stranger's replies to A's ids and to absent ones. */
function problemsOf(c: Case, who: string, real: LightMyRequestResponse, absent: LightMyRequestResponse) {
  const problems: string[] = []
  const seen = `${real.statusCode} ${real.body.slice(0, 300)}`
  const notYours = REFUSED_AS_NOT_YOURS.has(c.name)
  const refused = [401, 403, 404].includes(real.statusCode) || (notYours && real.statusCode === 400)
  if (real.statusCode >= 500) problems.push(`answered ${seen}`)
  if (absent.statusCode === 400 && !notYours) {
    problems.push(`the case's request is invalid (see BODIES): ${absent.body}`)
  }
  const secret = privateTexts.find((t) => real.body.includes(t))
  if (secret) problems.push(`the reply shows ${secret}: ${seen}`)
  const rule = who === CUSTOMER ? CUSTOMER_RULES[c.op.key] : undefined
  if (rule === 'is refused' && !refused) problems.push(`expected a refusal, got ${seen}`)
  if (!rule) {
    if (real.body.includes(a.markers.open)) problems.push(`the reply shows A's rows: ${seen}`)
    if (!refused && !(c.op.method === 'GET' && isEmptyList(real))) {
      problems.push(`expected 404 (or 401/403, or an empty list), got ${seen}`)
    }
    if (real.statusCode !== absent.statusCode || real.body !== absent.body) {
      problems.push(`answers A's id unlike an absent one: ${seen} vs ${absent.statusCode} ${absent.body.slice(0, 300)}`)
    }
  }
  return problems.map((p) => `${who}: ${p}`)
}

async function call(c: Case, token: string, isCustomer: boolean) {
  const send = (req: ReturnType<typeof requestOf>) => app.inject({ ...req, headers: auth(token) })
  return {
    real: await send(requestOf(c, realIds, isCustomer)),
    absent: await send(requestOf(c, absentIds, isCustomer)),
  }
}

describe('ids of another tenant look absent', () => {
  it('knows which row every id names, and has a body for every id route that needs one', () => {
    const unknown = operations.flatMap((op) =>
      idSubjects(op)
        .filter((s) => ID_KINDS[kindKey(op, s)] === undefined)
        .map((s) => `${op.key} ${s.in} ${s.name} (${kindKey(op, s)})`),
    )
    expect(unknown, 'add these to ID_KINDS').toEqual([])
    const bodiless = operations
      .filter((op) => idSubjects(op).length > 0 && (op.bodySchema?.required?.length ?? 0) > 0 && !BODIES[op.key])
      .map((op) => op.key)
    expect(bodiless, 'add these to BODIES').toEqual([])
    expect(cases.length).toBeGreaterThan(90)
  })

  let before: Record<string, string> | undefined
  const changesOfA = async () => {
    const after = await snapshotTenant(app, tables, a.tenantId)
    const diff = snapshotDiff(before ?? after, after)
    before = after
    return Object.keys(diff).length > 0 ? [`changed rows of A: ${JSON.stringify(diff).slice(0, 1500)}`] : []
  }

  for (const c of cases) {
    const finding = KNOWN_FINDINGS[c.name]
    const test = finding ? it.fails : it
    test(`${c.name}${finding ? ` — ${finding}` : ''}`, async () => {
      before ??= await snapshotTenant(app, tables, a.tenantId)
      const problems: string[] = []
      for (const [who, token] of Object.entries(STAFF_AND_VISITOR)) {
        const { real, absent } = await call(c, token, false)
        problems.push(...problemsOf(c, who, real, absent))
      }
      problems.push(...(await changesOfA()))
      // A customer who acts (joins, starts a chat) is a new one each time, so that no case makes the next one a member.
      const acts = CUSTOMER_RULES[c.op.key] === 'acts'
      const { real, absent } = await call(c, acts ? (await createClient(app)).token : customer.token, true)
      problems.push(...problemsOf(c, CUSTOMER, real, absent))
      const changes = await changesOfA()
      if (!acts) problems.push(...changes.map((p) => `${CUSTOMER}: ${p}`))
      expect(problems).toEqual([])
    })
  }
})
