/**
 * The AI evaluation command: scores the configured provider's helpers on the fixture set and prints one table per
 * helper and tone.
 *
 *   npm run ai:eval                                  the built-in engine
 *   AI_PROVIDER=openai AI_BASE_URL=http://localhost:11434/v1 AI_MODEL=llama3.1 npm run ai:eval
 *
 * Options: --json <file> (where the figures go; default packages/server/eval/output/ai-eval.json), --only <helper>
 * (paraphrase, generate, summarize or survey; repeat or separate with commas), --limit <n> (the first n items of
 * each helper), --markdown (Markdown tables), --check (exit 1 when a threshold is missed). The provider comes from
 * the server's own settings: AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_SECONDS.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config.js'
import { createLocalProvider } from '../src/features/ai/local/index.js'
import { createConfiguredOpenAi } from '../src/features/ai/providers.js'
import { evaluate, HELPERS, type Helper } from './evaluate.js'
import { renderReport } from './report.js'
import { thresholdMisses } from './thresholds.js'

const DEFAULT_JSON = resolve(dirname(fileURLToPath(import.meta.url)), 'output', 'ai-eval.json')

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

const { values } = parseArgs({
  options: {
    json: { type: 'string' },
    only: { type: 'string', multiple: true },
    limit: { type: 'string' },
    markdown: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.log(
    [
      'Usage: npm run ai:eval -- [--json <file>] [--only <helper>] [--limit <n>] [--markdown] [--check]',
      `Helpers: ${HELPERS.join(', ')}. The provider is configured as for the server (AI_PROVIDER, AI_BASE_URL, …).`,
    ].join('\n'),
  )
  process.exit(0)
}

const only = values.only?.flatMap((v) => v.split(',').map((s) => s.trim().toLowerCase()))
for (const h of only ?? []) {
  if (!(HELPERS as readonly string[]).includes(h)) fail(`--only: unknown helper "${h}" (${HELPERS.join(', ')}).`)
}
const limit = values.limit === undefined ? undefined : Number(values.limit)
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) fail('--limit: a whole number above 0.')

let config
try {
  config = loadConfig(process.env)
} catch (err) {
  fail(err instanceof Error ? err.message : String(err))
}
const provider = config.ai.provider === 'local' ? createLocalProvider() : createConfiguredOpenAi(config.ai)
if (!provider) fail('AI_PROVIDER is openai but AI_BASE_URL is not set.')

// npm runs scripts from the repository root; a relative --json path is meant from where the command was typed.
const jsonPath = values.json ? resolve(process.env.INIT_CWD ?? process.cwd(), values.json) : DEFAULT_JSON

const progress = process.stderr.isTTY
let done = 0
const report = await evaluate(provider, {
  only: only as Helper[] | undefined,
  limit,
  timeoutMs: config.ai.timeoutMs,
  onItem: progress ? () => process.stderr.write(`\r${++done} calls`) : undefined,
})
if (progress) process.stderr.write('\r\x1b[K')

const misses = thresholdMisses(report)
console.log(renderReport(report, misses, values.markdown ? 'markdown' : 'text'))

await mkdir(dirname(jsonPath), { recursive: true })
await writeFile(jsonPath, `${JSON.stringify({ ...report, misses }, null, 2)}\n`)
console.log(`\nFigures written to ${jsonPath}`)

if (values.check && misses.length > 0) process.exitCode = 1
