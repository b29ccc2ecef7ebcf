import { retext } from 'retext'
import retextContractions from 'retext-contractions'
import retextEnglish from 'retext-english'
import retextIndefiniteArticle from 'retext-indefinite-article'
import retextRepeatedWords from 'retext-repeated-words'
import retextSentenceSpacing from 'retext-sentence-spacing'

/**
 * The measures of the AI evaluation. Pure functions of their arguments (grammarIssues is async only because the
 * retext pipeline is), so each figure in the report can be recomputed by hand from the texts.
 */

/**
 * Links and e-mail addresses: their dots, slashes and lower-case words are not prose. A full stop or comma right
 * after one belongs to the sentence.
 */
const LINK = /\b(?:https?:\/\/|www\.)[^\s]*[^\s.,!?;:)"'”’]|[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.\p{L}{2,}/giu

/** The text with each link and e-mail address replaced by the word "Link", so prose checks read around them. */
const withoutLinks = (text: string) => text.replace(LINK, 'Link')

/** Which of `facts` appear exactly (case and punctuation included) in `text`. */
export function factsKept(facts: string[], text: string): { kept: string[]; missing: string[] } {
  const kept: string[] = []
  const missing: string[] = []
  for (const fact of facts) (text.includes(fact) ? kept : missing).push(fact)
  return { kept, missing }
}

/**
 * Texting shorthand and slang a careful agent does not write: abbreviations (ur, pls, thx, idk, asap, tmrw),
 * spoken forms (gonna, wanna) and contractions written without their apostrophe (cant, dont, im). Words that are
 * also ordinary English are left out ("its", "were", "well", "lets", "id", "sat").
 */
const SHORTHAND = new Set([
  ...['u', 'ur', 'r', 'n', 'b', 'y', 'k', 'kk', 'ya', 'yr', 'urs', 'pls', 'plz', 'thx', 'thnx', 'tx', 'ty', 'tyvm'],
  ...['idk', 'imo', 'imho', 'asap', 'btw', 'fyi', 'lmk', 'tbh', 'omg', 'lol', 'brb', 'np', 'nvm', 'ofc', 'rn', 'jk'],
  ...['tmrw', 'tmr', 'tmw', '2day', '2moro', 'msg', 'msgs', 'pic', 'pics', 'acct', 'addr', 'pwd', 'appt', 'nope'],
  ...['gonna', 'wanna', 'gotta', 'kinda', 'sorta', 'dunno', 'lemme', 'gimme', 'ain’t', "ain't", 'aint', 'cuz', 'coz'],
  ...['cos', 'bc', 'b4', 'thru', 'tho', 'shud', 'wud', 'cud', 'wat', 'wot', 'sth', 'smth', 'ppl', 'yeah', 'yep'],
  ...['cant', 'wont', 'dont', 'didnt', 'doesnt', 'isnt', 'arent', 'wasnt', 'werent', 'havent', 'hasnt', 'hadnt'],
  ...['couldnt', 'shouldnt', 'wouldnt', 'mustnt', 'im', 'ive', 'youre', 'youve', 'youll', 'theyre', 'theyve'],
  ...['thats', 'whats', 'theres', 'heres', 'wheres', 'hows', 'whos', 'shouldve', 'couldve', 'wouldve'],
])

/** Words: letters and digits, with an inner apostrophe ("can't"). Joined forms like "B2B" or "v3" are one word. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu

/** The shorthand words left in `text`, as written, each once, in order of first appearance. */
export function shorthandLeft(text: string): string[] {
  const prose = withoutLinks(text)
  const found = new Map<string, string>()
  for (const m of prose.matchAll(WORD)) {
    const word = m[0]
    const key = word.toLowerCase()
    if (!SHORTHAND.has(key) || found.has(key)) continue
    // Single letters count only in lower case ("u", "r", "n"): "Plan B" and "U.S." are not shorthand.
    if (word.length === 1 && word !== key) continue
    const after = prose.slice(m.index + word.length, m.index + word.length + 2)
    if (word.length === 1 && /^\.\p{L}/u.test(after)) continue
    found.set(key, word)
  }
  return [...found.values()]
}

/** Pronouns and question words whose "'s" is "is" or "has" rather than a possessive. */
const S_CONTRACTED = new Set(['it', 'that', 'what', 'there', 'here', 'where', 'who', 'how', 'he', 'she', 'let', 'when'])

/** Contractions written with an apostrophe (can't, I'm, we'll, it's, you'd), as written, each once. */
export function contractionsLeft(text: string): string[] {
  const found = new Map<string, string>()
  for (const m of withoutLinks(text).matchAll(/[\p{L}]+['’](?:t|re|ve|ll|d|m|s)(?![\p{L}])/giu)) {
    const word = m[0]
    const lower = word.toLowerCase().replace('’', "'")
    const [stem, ending] = lower.split("'") as [string, string]
    if (ending === 't' && !stem.endsWith('n')) continue
    if (ending === 's' && !S_CONTRACTED.has(stem)) continue
    if (!found.has(lower)) found.set(lower, word)
  }
  return [...found.values()]
}

/** Lower-case words without punctuation: "Order #48213, €89.99!" → order 48213 89 99. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/**
 * How many words long the longest run of consecutive words is that appears both in `source` and in `output`,
 * compared lower-case without punctuation. A dynamic programme over the two word lists (longest common substring).
 */
export function longestCopiedSpan(source: string, output: string): number {
  const a = words(source)
  const b = words(output)
  let best = 0
  let previous = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0)
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] !== b[j - 1]) continue
      current[j] = previous[j - 1]! + 1
      if (current[j]! > best) best = current[j]!
    }
    previous = current
  }
  return best
}

/** Output length over input length, in characters with runs of white space counted once. */
export function lengthRatio(input: string, output: string): number {
  const size = (s: string) => s.replace(/\s+/g, ' ').trim().length
  const base = size(input)
  if (base === 0) return size(output) === 0 ? 1 : Infinity
  return size(output) / base
}

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set(
  [
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'st',
    'jr',
    'sr',
    'vs',
    'etc',
    'approx',
    'no',
    'nr',
    'tel',
    'ref',
    'inc',
    'ltd',
  ].concat([
    'e.g',
    'i.e',
    'a.m',
    'p.m',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
  ]),
)

/** The sentences of one paragraph, split after ., ! or ? and white space, except after abbreviations and initials. */
function sentences(paragraph: string): string[] {
  const out: string[] = []
  let start = 0
  for (const m of paragraph.matchAll(/[.!?…]+["”’)\]]*\s+/g)) {
    const before = paragraph.slice(start, m.index)
    const last = /(\S+)$/.exec(before)?.[1] ?? ''
    const bare = last.toLowerCase().replace(/^[("“‘[]+/, '')
    const isAbbreviation = m[0].startsWith('.') && (ABBREVIATIONS.has(bare) || /^\p{L}$/u.test(bare))
    // An ellipsis trails off inside a sentence ("Wait... what?"); it does not end one.
    if (isAbbreviation || /^(?:\.{3}|…)/.test(m[0])) continue
    out.push(paragraph.slice(start, m.index + m[0].length).trim())
    start = m.index + m[0].length
  }
  const rest = paragraph.slice(start).trim()
  if (rest) out.push(rest)
  return out
}

/** Our own rules: sentence case, end punctuation, doubled punctuation, unbalanced quotes and brackets. */
function ownRules(text: string): string[] {
  const issues: string[] = []
  const prose = withoutLinks(text)
  const paragraphs = prose
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
  for (const paragraph of paragraphs) {
    for (const sentence of sentences(paragraph)) {
      const first = /^[^\p{L}\p{N}]*(\S+)/u.exec(sentence)?.[1] ?? ''
      // "iPad" and "eBay" are names; a first word that is all lower case is a sentence-case slip.
      if (/^\p{Ll}[\p{Ll}'’-]*(?:[^\p{L}]|$)/u.test(first)) {
        issues.push(`sentence starts in lower case: "${first}"`)
      }
    }
    const end = paragraph.replace(/[\s\p{Extended_Pictographic}\uFE0F\u200D]+$/u, '')
    if (end && !/[.!?…:]["”’)\]]*$/.test(end)) {
      issues.push(`no end punctuation: "…${end.split(/\s+/).slice(-4).join(' ')}"`)
    }
  }
  for (const m of prose.matchAll(/[!?]{2,}|([,;:])\1+|[,;:][.!?]|(?<!\.)\.\.(?!\.)|,\s+,/g)) {
    issues.push(`doubled punctuation: "${m[0]}"`)
  }
  for (const m of prose.matchAll(/\S\s+([,.!?;:]+)(?=\s|$)/g)) issues.push(`space before punctuation: "${m[1]}"`)
  const count = (re: RegExp) => (prose.match(re) ?? []).length
  if (count(/"/g) % 2 !== 0) issues.push('unbalanced quotation marks: "')
  if (count(/“/g) !== count(/”/g)) issues.push('unbalanced quotation marks: “ ”')
  if (count(/\(/g) !== count(/\)/g)) issues.push('unbalanced brackets: ( )')
  return issues
}

/** The retext checks: repeated words ("the the"), a/an, spacing between sentences, contractions missing their apostrophe. */
const checker = retext()
  .use(retextEnglish)
  .use(retextRepeatedWords)
  .use(retextIndefiniteArticle)
  .use(retextSentenceSpacing)
  .use(retextContractions)
  .freeze()

const straight = (s: string) => s.replace(/’/g, "'")

/**
 * Grammar and typography issues in `text`, one message each: retext's (repeated words, a/an, sentence spacing,
 * misplaced or missing apostrophes; straight and curly apostrophes are both accepted) and our own rules (sentence
 * case, end punctuation, doubled punctuation, unbalanced quotes and brackets). Empty when the text is clean.
 */
export async function grammarIssues(text: string): Promise<string[]> {
  const file = await checker.process(withoutLinks(text))
  const issues: string[] = []
  for (const message of file.messages) {
    const actual = typeof message.actual === 'string' ? message.actual : ''
    const expected = message.expected?.[0]
    // retext-contractions also asks for one apostrophe style; either style is fine, a missing one is not.
    if (message.source === 'retext-contractions' && expected !== undefined && straight(actual) === straight(expected)) {
      continue
    }
    issues.push(`${message.source ?? 'retext'}: ${message.reason}`)
  }
  return [...issues, ...ownRules(text)]
}

/** Lower-case words, for comparing two questions. */
const questionWords = (q: string) => words(q.replace(/['’]/g, ''))

/**
 * Whether `actual` reports the same question as `expected`: equal or containing each other once lower-cased
 * without punctuation ("And what's the warranty period?" ~ "what's the warranty period"), or sharing most words
 * (Dice coefficient of the word sets at least 0.6, for a model that rephrases the question slightly).
 */
function sameQuestion(expected: string, actual: string): boolean {
  const e = questionWords(expected)
  const a = questionWords(actual)
  if (e.length === 0 || a.length === 0) return false
  const es = e.join(' ')
  const as = a.join(' ')
  if (es === as || ` ${es} `.includes(` ${as} `) || ` ${as} `.includes(` ${es} `)) return true
  const eSet = new Set(e)
  const aSet = new Set(a)
  const shared = [...eSet].filter((w) => aSet.has(w)).length
  return (2 * shared) / (eSet.size + aSet.size) >= 0.6
}

/**
 * Precision (share of the reported open questions that are really open) and recall (share of the really open
 * questions that were reported). Each reported question matches at most one expected question and vice versa.
 * An empty list scores 1: reporting nothing when nothing is open is right, and nothing reported cannot be wrong.
 */
export function openQuestionScores(expected: string[], actual: string[]): { precision: number; recall: number } {
  const free = [...expected]
  let matched = 0
  for (const question of actual) {
    const i = free.findIndex((e) => sameQuestion(e, question))
    if (i < 0) continue
    free.splice(i, 1)
    matched++
  }
  return {
    precision: actual.length === 0 ? 1 : matched / actual.length,
    recall: expected.length === 0 ? 1 : matched / expected.length,
  }
}
