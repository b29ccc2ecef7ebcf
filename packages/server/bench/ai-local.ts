/**
 * Speed of the built-in AI engine (no network): a 200-message chat summarised and 2,000 characters paraphrased in
 * each tone, once the lexicon is loaded. Prints the median and the slowest of several runs; the target is well
 * under 100 ms for each.
 *
 *   npm run bench:ai
 */
import type { Tone } from '@proxima/contracts'
import { createLocalProvider } from '../src/features/ai/local/index.js'
import type { ChatLine } from '../src/features/ai/provider.js'
import { SUMMARIZE as CHATS, transcript } from '../eval/fixtures/summarize.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const TONES: Tone[] = ['neutral', 'friendly', 'formal', 'concise', 'empathetic']
const TARGET_MS = 100

const local = createLocalProvider()

async function timed(fn: () => Promise<unknown>): Promise<number[]> {
  await fn() // the first call loads the lexicon
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await fn()
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)
}

function line(name: string, times: number[]) {
  const median = times[Math.floor(times.length / 2)]!
  const slowest = times[times.length - 1]!
  const verdict = median < TARGET_MS ? 'ok' : 'SLOW'
  process.stdout.write(
    `${name.padEnd(44)} median ${median.toFixed(1).padStart(6)} ms   slowest ${slowest.toFixed(1).padStart(6)} ms   ${verdict}\n`,
  )
  return median < TARGET_MS
}

const lines: ChatLine[] = []
for (let i = 0; lines.length < 200; i++)
  for (const l of CHATS[i % CHATS.length]!.lines) lines.push({ ...l, text: `${l.text} (${i})` })
const chat = lines.slice(0, 200)
const text = CHATS.flatMap((c) => c.lines.map((l) => l.text))
  .join(' ')
  .slice(0, 2000)

process.stdout.write(`local AI engine, ${RUNS} runs each after a warm-up (target: median under ${TARGET_MS} ms)\n`)
let ok = line(
  'summarise a 200-message chat',
  await timed(() => local.summarize({ lines: chat, text: transcript(chat), maxKeyPoints: 5, language: 'en' })),
)
for (const tone of TONES) {
  ok =
    line(
      `paraphrase 2,000 characters, ${tone}`,
      await timed(() => local.paraphrase({ text, n: 5, tone, language: 'en' })),
    ) && ok
}
process.exit(ok ? 0 : 1)
