import nlp from 'compromise'
import { capitalize, splitSentences, stem, STOP_WORDS, tokenize } from './text.js'
import { loadLexicon } from './wordnet.js'

/**
 * What a survey brief asks about. From the author's context it reads:
 * - `asks`: what the author wants to know, turned into direct questions to the respondent ("We want to know
 *   whether their problem was solved, how fast, and how friendly the agent was" → "Was your problem solved?",
 *   "How fast was your problem solved?", "How friendly was the agent?");
 * - `aspects`: the things to rate, from lists ("check-in, cleanliness of the room, breakfast"), from "with the
 *   products and with the delivery", and from the qualities the asks measure ("how fast" → speed);
 * - `products`: what is sold, from a list after "sell", "offer"… ("blenders, coffee machines and toasters").
 * compromise tags the words so that a list item keeps its noun phrase ("toasters online" → "toasters").
 */

export type Ask =
  | { kind: 'yes_no'; title: string }
  | { kind: 'scale'; title: string; adjective: string }
  | { kind: 'open'; title: string }
export type Brief = { asks: Ask[]; aspects: string[]; products: string[] }

const GENERIC = new Set(
  `customer customers client clients user users people person survey question questions answer feedback month week
  year day time last past recent experience thing things lot way part team want need guest guests learner learners`.split(
    /\s+/,
  ),
)
const SELLING = /\b(?:sell|sells|sold|offer|offers|stock|stocks|make|makes|carry|carries|rent|rents)\b/i
const LIST_START = /(?::|\b(?:such as|like|including|e\.g\.|especially|with|about|on))\s+(.+)$/i
const WANT =
  /\b(?:want|would like|wish|need|hope|aim|try|trying|like) to (?:know|learn|find out|understand|measure|hear|see|check)\s+(.+)$/i
const NOUN_OF: Record<string, string> = {
  fast: 'speed',
  quick: 'speed',
  quickly: 'speed',
  slow: 'speed',
  friendly: 'friendliness',
  helpful: 'helpfulness',
  easy: 'ease of use',
  clear: 'clarity',
  polite: 'politeness',
  knowledgeable: 'knowledge',
  clean: 'cleanliness',
  fresh: 'freshness',
  reliable: 'reliability',
  satisfied: 'satisfaction',
  happy: 'satisfaction',
  useful: 'usefulness',
  professional: 'professionalism',
}

// The respondent is "you": the brief speaks of them in the third person.
const TO_YOU: [RegExp, string][] = [
  [/\bthey were\b/gi, 'you were'],
  [/\bthey are\b/gi, 'you are'],
  [/\bthey\b/gi, 'you'],
  [/\bthem\b/gi, 'you'],
  [/\btheir\b/gi, 'your'],
  [/\bthemselves\b/gi, 'yourself'],
  [/\b(?:customers|clients|users|guests|learners|people|shoppers|visitors|members)\b/gi, 'you'],
  [/\byou (?:is|was)\b/gi, 'you were'],
]
const toYou = (s: string) => TO_YOU.reduce((t, [re, to]) => t.replace(re, to), s)
const AUX = /^(?:was|were|is|are|has|have|had|can|could|will|would|did|does|do)$/i

// A survey editor asks again with other counts and types; the brief stays the same.
const briefs = new Map<string, Brief>()

export function analyseBrief(context: string, topic: string, english: boolean): Brief {
  const key = `${english}\u0000${topic}\u0000${context}`
  let brief = briefs.get(key)
  if (!brief) {
    brief = readBrief(context, topic, english)
    if (briefs.size >= 200) briefs.clear()
    briefs.set(key, brief)
  }
  return brief
}

function readBrief(context: string, topic: string, english: boolean): Brief {
  const asks: Ask[] = []
  const aspects: string[] = []
  const products: string[] = []
  const seen = new Set<string>()
  const topicStems = new Set(topic.toLowerCase().split(/\W+/).filter(Boolean).map(stem))
  const add = (list: string[], raw: string) => {
    const clean = cleanItem(raw)
    const words = clean.split(/\s+/)
    const key = words.map((w) => stem(w.toLowerCase())).join(' ')
    if (!clean || words.length > 5 || clean.length > 60 || seen.has(key)) return
    if (words.every((w) => GENERIC.has(w.toLowerCase()) || STOP_WORDS.has(w.toLowerCase()))) return
    if (words.length === 1 && topicStems.has(stem(words[0]!.toLowerCase()))) return
    seen.add(key)
    list.push(clean)
  }

  for (const sentence of splitSentences(context)) {
    const want = english ? WANT.exec(sentence) : null
    if (want) {
      for (const ask of parseAsks(want[1]!)) {
        asks.push(ask.ask)
        for (const a of ask.aspects) add(aspects, a)
      }
      continue
    }
    const list = LIST_START.exec(sentence)?.[1] ?? sentence
    const items = splitList(list)
    if (items.length < 2 || !items.every((i) => i.split(/\s+/).length <= 6)) continue
    // "We sell blenders": the first item carries the start of the sentence; keep what follows its verb.
    if (!LIST_START.test(sentence)) items[0] = afterVerb(items[0]!)
    const target = english && SELLING.test(sentence) ? products : aspects
    for (const i of items) add(target, i)
  }
  if (english && aspects.length === 0) for (const n of frequentNouns(context, topicStems)) add(aspects, n)
  return { asks, aspects: aspects.slice(0, 8), products: products.slice(0, 10) }
}

const splitList = (text: string) =>
  text
    .replace(/[.?!]+$/, '')
    .split(/\s*(?:,|;|\/)\s*(?:and |or )?|\s+(?:and|or)\s+(?!\w+ (?:of|for)\b)/i)
    .map((s) => s.trim())
    .filter(Boolean)

/** "the lessons" → "lessons", "toasters online" → "toasters", "with the delivery" → "delivery". */
function cleanItem(raw: string): string {
  let t = raw
    .replace(/^(?:and|or|with|about|on|of|for|to|in)\s+/i, '')
    .replace(/^(?:the|a|an|our|your|their|its|his|her|any|all|some)\s+/i, '')
    .replace(/[.?!:;,]+$/, '')
    .trim()
  t = t.replace(/\s+(?:online|too|also|here|there|now|today|overall|in general)$/i, '')
  return t.length && t === t.toUpperCase() ? t : t.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase())
}

type Term = { text: string; tags: string[] }
const termsOf = (text: string): Term[] => (nlp(text).json() as { terms: Term[] }[])[0]?.terms ?? []

function afterVerb(item: string): string {
  const terms = termsOf(item)
  if (!terms.length) return item
  let last = -1
  terms.forEach((t, i) => {
    if (t.tags.includes('Verb')) last = i
  })
  return last >= 0
    ? terms
        .slice(last + 1)
        .map((t) => t.text)
        .join(' ')
    : item
}

/** Nouns the context uses most, when it names no list: a fallback for the options. */
function frequentNouns(text: string, topicStems: Set<string>): string[] {
  const lex = loadLexicon()
  const counts = new Map<string, number>()
  for (const t of tokenize(text)) {
    const w = t.text.toLowerCase()
    if (t.kind !== 'word' || w !== t.text || w.length < 3 || STOP_WORDS.has(w) || GENERIC.has(w)) continue
    if (topicStems.has(stem(w))) continue
    counts.set(w, (counts.get(w) ?? 0) + 1)
  }
  const isNoun = (w: string) => {
    const noun = lex.entry(w, 'n') ?? lex.entry(w.replace(/s$/, ''), 'n')
    const verb = lex.entry(w, 'v') ?? lex.entry(w.replace(/s$/, ''), 'v')
    const adjective = lex.entry(w, 'a')
    return !!noun && (!verb || noun.tagged >= verb.tagged) && (!adjective || noun.tagged >= adjective.tagged)
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([w]) => w)
    .filter(isNoun)
    .slice(0, 4)
}

type Parsed = { ask: Ask; aspects: string[] }

/**
 * "whether their problem was solved, how fast, and how friendly the agent was" → a yes/no question, a scale
 * question that borrows the previous clause ("How fast was your problem solved?") and a scale question.
 */
function parseAsks(text: string): Parsed[] {
  const out: Parsed[] = []
  const clauses = text
    .replace(/[.?!]+$/, '')
    .split(
      /\s*,\s*(?:and\s+)?(?=(?:how|whether|if|what|which|why|when)\b)|\s+and\s+(?=(?:how|whether|if|what|which|why|when)\b)/i,
    )
  let previous: { aux: string; subject: string; rest: string } | undefined
  for (const raw of clauses) {
    const clause = toYou(raw.trim())
    const yesNo = /^(?:whether|if)\s+(.+)$/i.exec(clause)
    if (yesNo) {
      const parts = splitAtAux(yesNo[1]!)
      if (!parts) continue
      previous = parts
      out.push({
        ask: { kind: 'yes_no', title: `${capitalize(parts.aux)} ${parts.subject} ${parts.rest}?` },
        aspects: [],
      })
      continue
    }
    const how = /^how (\w+)(?:\s+(.+))?$/i.exec(clause)
    if (how) {
      const adjective = how[1]!.toLowerCase()
      const aspect = NOUN_OF[adjective] ?? (adjective.endsWith('ly') ? '' : `${adjective}ness`)
      if (!how[2]) {
        if (!previous) continue
        const title = `How ${adjective} ${previous.aux} ${previous.subject} ${previous.rest}?`
        out.push({ ask: { kind: 'scale', title, adjective }, aspects: aspect ? [aspect] : [] })
        continue
      }
      const parts = splitAtAux(how[2])
      if (!parts) continue
      // "how happy you are with the products and with the delivery": one question per thing.
      const things = /^(?:with|about)\s+(.+)$/i.exec(parts.rest)
      const list = things ? splitList(things[1]!) : []
      if (list.length >= 2) {
        for (const thing of list) {
          const item = cleanItem(thing)
          out.push({
            ask: {
              kind: 'scale',
              title: `How ${adjective} ${parts.aux} ${parts.subject} with the ${item}?`,
              adjective,
            },
            aspects: [item],
          })
        }
        continue
      }
      const title = `How ${adjective} ${parts.aux} ${parts.subject}${parts.rest ? ` ${parts.rest}` : ''}?`
      const subjectNoun = parts.subject.replace(/^(?:the|your|our)\s+/i, '')
      out.push({
        ask: { kind: 'scale', title, adjective },
        aspects: aspect ? [subjectNoun !== 'you' ? `${aspect} of the ${subjectNoun}` : aspect] : [],
      })
      continue
    }
    const what = /^(what|which)\s+(.+)$/i.exec(clause)
    if (what) {
      const parts = splitAtAux(what[2]!)
      const title = parts
        ? `${capitalize(what[1]!)} ${parts.aux} ${parts.subject} ${parts.rest}?`
        : `${capitalize(clause)}?`
      out.push({ ask: { kind: 'open', title: title.replace(/\s+\?$/, '?') }, aspects: [] })
    }
  }
  return out
}

/**
 * "your problem was solved" → aux "was", subject "your problem", rest "solved"; "the agent was" → rest "";
 * "you liked the food" → aux "did", subject "you", rest "like the food".
 */
function splitAtAux(text: string): { aux: string; subject: string; rest: string } | undefined {
  const terms = termsOf(text)
  const i = terms.findIndex((t, k) => k > 0 && (AUX.test(t.text) || t.tags.includes('Verb')))
  if (i <= 0) return undefined
  const subject = terms
    .slice(0, i)
    .map((t) => t.text)
    .join(' ')
  const verb = terms[i]!
  const rest = terms
    .slice(i + 1)
    .map((t) => t.text)
    .join(' ')
  if (AUX.test(verb.text)) {
    const aux = /^you$/i.test(subject) && /^(?:was|is)$/i.test(verb.text) ? 'were' : verb.text.toLowerCase()
    return { aux, subject, rest }
  }
  const conjugated = (nlp(verb.text).verbs().conjugate() as { Infinitive?: string }[])[0]?.Infinitive ?? verb.text
  const aux = verb.tags.includes('PastTense') ? 'did' : /^(?:you|i|we|they)$/i.test(subject) ? 'do' : 'does'
  return { aux, subject, rest: `${conjugated}${rest ? ` ${rest}` : ''}` }
}

export const label = (s: string) => capitalize(s).slice(0, 200)
