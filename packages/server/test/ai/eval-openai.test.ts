import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOpenAi } from './fake-openai.js'

const run = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../../../..')

/**
 * `npm run ai:eval` against an OpenAI-compatible server (the fake one), as a user runs it: the provider comes from
 * the AI_* environment variables, the tables are printed and the figures written as JSON. Two items per helper
 * keep it quick.
 */
describe('npm run ai:eval with an OpenAI-compatible provider', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>
  let dir: string

  beforeAll(async () => {
    fake = await startFakeOpenAi()
    dir = await mkdtemp(join(tmpdir(), 'ai-eval-'))
  })

  afterAll(async () => {
    await fake.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('prints the tables, names the provider and model, writes the JSON and fails the check', async () => {
    const json = join(dir, 'report.json')
    const env = {
      ...process.env,
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'sk-eval',
      AI_MODEL: 'eval-model',
      AI_TIMEOUT_SECONDS: '20',
    }
    // The fake model reports an open question no chat has, so the open-question threshold is missed: --check exits 1.
    const outcome = await run('npm', ['run', 'ai:eval', '--', '--json', json, '--limit', '2', '--check'], {
      cwd: ROOT,
      env,
    }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
    )

    expect(outcome.stdout).toContain('AI evaluation: provider openai, model eval-model')
    for (const title of [
      'paraphrase, neutral',
      'paraphrase, formal',
      'paraphrase, empathetic',
      'generate',
      'summarize',
      'survey',
    ]) {
      expect(outcome.stdout).toMatch(new RegExp(`^${title}$`, 'm'))
    }
    expect(outcome.stdout).toContain('open questions (precision / recall)')
    expect(outcome.stdout).toContain('open-question precision >= 0.9')
    expect(outcome.stdout).toContain(`Figures written to ${json}`)
    expect(outcome.code).toBe(1)

    const report = JSON.parse(await readFile(json, 'utf8'))
    expect(report).toMatchObject({ provider: 'openai', model: 'eval-model', variants: 3 })
    expect(report.tables).toHaveLength(8)
    for (const t of report.tables)
      expect(t.items.map((i: { error?: string }) => i.error)).toEqual([undefined, undefined])
    expect(report.misses.map((m: { key: string }) => m.key)).toContain('open-question-precision')

    // Every request went to the configured model with the key; one untimed warm-up call per helper comes first.
    expect(fake.requests).toHaveLength(4 + 5 * 2 + 3 * 2)
    expect(new Set(fake.requests.map((r) => r.body.model))).toEqual(new Set(['eval-model']))
    expect(fake.requests.every((r) => r.headers.authorization === 'Bearer sk-eval')).toBe(true)
  }, 90_000)
})
