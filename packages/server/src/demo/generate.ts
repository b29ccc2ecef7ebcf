import { randomInt } from 'node:crypto'
import type { Database, ScriptRunner } from '../db/database.js'
import type { VoiceStorage } from '../features/media/storage.js'
import { normaliseQuestions } from '../features/surveys/questions.js'
import { hashPassword, randomKey } from '../lib/crypto.js'
import { planChats } from './chat-plan.queries.js'
import { settleChats, writeChats, type DemoVoice } from './chat-write.queries.js'
import { writeCommunities } from './community.queries.js'
import { ORGANIZATION } from './content.js'
import { SURVEYS } from './survey-content.js'
import { checkParams, type DemoParams } from './params.js'
import { insertPeople } from './people.queries.js'
import {
  countDemo,
  deleteDemoTenant,
  insertOrganization,
  insertStaff,
  listDemoTenants,
  takenNames,
} from './setup.queries.js'
import { writeSurvey, type SurveyPlan } from './surveys.queries.js'
import { demoVoiceKeys, storeDemoVoices } from './voice.js'

const DAY_MS = 86_400_000

export type DemoOptions = {
  params: DemoParams
  /** The end of the generated history (default: now). */
  now?: Date
  /** The organization's name (default: "Northwind Outdoor (demo)", numbered when taken). */
  name?: string
  /** The staff's password (default: generated, printed once). */
  password?: string
  /** Where voice recordings go; without it the demo has no voice messages. */
  storage?: VoiceStorage | null
  /** Told how long each generation step took (people, chats, communities, …), for benchmarks at scale. */
  onStep?: (step: string, ms: number) => void
}

export type DemoResult = {
  tenantId: number
  name: string
  staff: { email: string; name: string; userType: 'admin' | 'employee' }[]
  password: string
  generatedPassword: boolean
  counts: Record<string, number>
  ms: number
}

/** "Northwind Outdoor (demo 2)" → "northwind-outdoor-demo-2": the organization's part of its e-mail addresses. */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'demo'

async function chooseName(run: ScriptRunner, wanted: string | undefined): Promise<string> {
  const base = wanted ?? ORGANIZATION.name
  const taken = await takenNames(run, wanted ?? base.replace(/\)$/, ''))
  if (!taken.has(base.toLowerCase())) return base
  if (wanted) throw new Error(`An organization named "${wanted}" already exists.`)
  for (let n = 2; ; n++) {
    const name = base.replace(/\)$/, ` ${n})`)
    if (!taken.has(name.toLowerCase())) return name
  }
}

/** YYYY-MM-DD of an instant in a time zone. */
const localDay = (at: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

function surveyPlans(p: DemoParams, now: Date, communityIds: number[], adminId: number): SurveyPlan[] {
  return Array.from({ length: p.surveys }, (_, i) => {
    const s = SURVEYS[i % SURVEYS.length]!
    const round = Math.floor(i / SURVEYS.length)
    const createdAt = new Date(now.getTime() - (s.createdDaysAgo + round * 7) * DAY_MS)
    const publishedAt = s.state === 'draft' ? null : new Date(createdAt.getTime() + DAY_MS)
    const closedAt = publishedAt && s.state === 'closed' ? new Date(publishedAt.getTime() + s.runDays * DAY_MS) : null
    return {
      no: i + 1,
      topic: round ? `${s.topic} (${round + 1})` : s.topic,
      description: s.description,
      questions: normaliseQuestions(s.questions.map((q) => ({ ...q, required: q.required ?? true }))),
      status: s.state,
      audience: s.audience,
      createdAt,
      publishedAt,
      startDay: publishedAt ? localDay(publishedAt, p.timezone) : null,
      endDay: publishedAt
        ? localDay(closedAt ?? new Date(publishedAt.getTime() + s.runDays * DAY_MS), p.timezone)
        : null,
      closedAt,
      publicKey: publishedAt ? randomKey(22) : null,
      communityId: communityIds[(i + 2) % communityIds.length]!,
      createdBy: adminId,
    }
  })
}

/**
 * Creates one demo organization with `params.days` days of activity ending at `now`, in one transaction on one
 * database session: organization, staff, customers and visitors, chats with messages and reporting events,
 * communities, surveys. Run the migrations first.
 */
export async function generateDemo(database: Pick<Database, 'session'>, opts: DemoOptions): Promise<DemoResult> {
  const started = Date.now()
  const p = checkParams(opts.params)
  const now = opts.now ?? new Date()
  const start = new Date(now.getTime() - p.days * DAY_MS)
  const generatedPassword = opts.password === undefined
  // Letters and digits from an alphabet without look-alikes, with a digit guaranteed (as the first admin gets).
  const password = opts.password ?? `${randomKey(14)}${randomInt(10)}`
  const hashes = await Promise.all(Array.from({ length: 1 + p.employees }, () => hashPassword(password)))
  let voiceKeys: string[] = []
  const made = await database
    .session(async (run) => {
      // Memory for the sorts and hashes of the set-based statements, so large data sets sort in memory, not on disk.
      await run(`BEGIN; SET LOCAL work_mem = '128MB'`)
      try {
        const name = await chooseName(run, opts.name)
        const slug = slugOf(name)
        const org = await insertOrganization(run, {
          name,
          slug,
          timezone: p.timezone,
          days: p.days,
          communities: p.communities,
          now,
          widgetKey: randomKey(24),
          metadata: { slug, seed: p.seed, params: p, generated_at: now.toISOString() },
        })
        const created = new Date(now.getTime() - (p.days + 7) * DAY_MS)
        const staff = await insertStaff(run, { tenantId: org.tenantId, slug, created, hashes })
        const staffIds = staff.map((s) => s.id)
        let voices: DemoVoice[] = []
        if (opts.storage) {
          voiceKeys = demoVoiceKeys(org.tenantId)
          voices = await storeDemoVoices(opts.storage, org.tenantId)
        }
        const step = async (label: string, work: () => Promise<unknown>) => {
          const t0 = Date.now()
          await work()
          opts.onStep?.(label, Date.now() - t0)
        }
        await step('customers and visitors', () => insertPeople(run, { tenantId: org.tenantId, slug, p, start }))
        await step('chat plan', () => planChats(run, { p, now, staffIds, topicIds: org.topicIds }))
        await step('chat outcomes', () => settleChats(run, { p, now }))
        await step('chats, messages, events', () => writeChats(run, { tenantId: org.tenantId, p, voices }))
        await step('communities', () =>
          writeCommunities(run, { tenantId: org.tenantId, p, now, start, communityIds: org.communityIds, staffIds }),
        )
        await step('surveys', async () => {
          for (const s of surveyPlans(p, now, org.communityIds, staffIds[0]!))
            await writeSurvey(run, { tenantId: org.tenantId, p, now, s })
        })
        await run('COMMIT')
        return { tenantId: org.tenantId, name, staff }
      } catch (err) {
        await run('ROLLBACK')
        throw err
      }
    })
    .catch(async (err: unknown) => {
      if (opts.storage) for (const key of voiceKeys) await opts.storage.delete(key).catch(() => undefined)
      throw err
    })
  const counts = await database.session((run) => countDemo(run, made.tenantId))
  return {
    tenantId: made.tenantId,
    name: made.name,
    staff: made.staff.map(({ email, name, userType }) => ({ email, name, userType })),
    password,
    generatedPassword,
    counts,
    ms: Date.now() - started,
  }
}

/** Deletes every demo organization, or those of `only` (with their customers and recordings); returns their names. */
export async function removeDemos(
  database: Pick<Database, 'session'>,
  storage: VoiceStorage | null,
  only?: number[],
): Promise<string[]> {
  return database.session(async (run) => {
    const demos = (await listDemoTenants(run)).filter((d) => !only || only.includes(d.id))
    for (const d of demos) {
      await deleteDemoTenant(run, d.id, d.slug)
      if (storage) for (const key of demoVoiceKeys(d.id)) await storage.delete(key)
    }
    return demos.map((d) => d.name)
  })
}
