import type { ChatLine } from '../provider.js'
import type { Fact } from './facts.js'
import { isQuestion } from './questions.js'
import { sentenceSentiment } from './sentiment.js'
import { loadLexicon } from './wordnet.js'
import {
  capitalise,
  COMPANY,
  expandContractions,
  indirectQuestion,
  Mentions,
  party,
  stripOpener,
  toThirdPerson,
  type Party,
  type Voice,
} from './report.js'
import { pickKeyPoints, REQUEST, SMALL_TALK, type Unit } from './units.js'

/**
 * The written summary of an English chat or text: the chat's best sentences reported in the third person rather
 * than quoted. In order:
 * 1. who the customer is and what they want: the intent sentence ("Anna Schmidt returned the Vortex 500 blender
 *    and still has not got their refund"), with the facts no other part carries in brackets ("(order #48213,
 *    €89.99)"), then the customer's next most telling statement;
 * 2. what staff did or said: their best sentences, their own actions reported in the past tense ("Tom issued…",
 *    "Tom promised to email Anna…"), other statements attributed ("Tom explained that…");
 * 3. what is still open: the unanswered questions as indirect questions ("Still open: whether Anna will get an
 *    email confirmation").
 * Parts are added by priority (intent, open questions, the staff's best sentence, the rest) within a length budget
 * and shown in that reading order. No part may repeat more than COPY_LIMIT consecutive words of the chat: a part
 * that does is cut at a clause boundary, or left out.
 */

export const COPY_LIMIT = 12

type Input = {
  lines: ChatLine[]
  units: Unit[]
  intent: Unit | undefined
  open: string[]
  facts: Fact[]
  inputLength: number
}
export type Written = { summary: string; intent: string; keyPoints: (max: number) => string[] }

const PROCESS =
  /^(?:(?:that|this|it)(?: is|'s|’s) (?:wonderful|great|good|nice|lovely|so nice) to hear|i['’]?m (?:the|your) (?:virtual )?assistant|i am (?:the|your) (?:virtual )?assistant|how can i help|thanks? (?:you )?for (?:reaching|contacting|getting|your patience|waiting)|let me|one moment|just a (?:moment|second|sec)|give me|bear with me|i will (?:check|look)|i understand|no problem|happy to help|you are welcome|my pleasure|is there anything else|have a (?:nice|great|good))/i
const LABELLED_ID = /\b(order|invoice|ticket|reference|ref|case|tracking|account|booking|reservation|subscription)\b/i

export function writeSummary(input: Input, leadWithProblem = true): Written | null {
  const { lines, units } = input
  const customerLine = lines.find((l) => l.speaker === 'customer')
  const staffLine = lines.find((l) => l.speaker === 'agent') ?? lines.find((l) => l.speaker === 'assistant')
  const customer = party(customerLine?.name ?? '', 'the customer')
  const team: Party = staffLine
    ? party(staffLine.name, staffLine.speaker === 'assistant' ? 'the assistant' : 'the agent')
    : { full: 'the team', first: 'the team', generic: true }
  // Before anyone from staff has written, the customer's "you" is the company.
  const firstStaff = lines.findIndex((l) => l.speaker !== 'customer')
  const voiceOf = (u: Unit): Voice =>
    u.speaker === 'customer'
      ? { self: customer, other: firstStaff < 0 || u.message < firstStaff ? COMPANY : team, staff: false }
      : { self: party(u.name, u.speaker === 'assistant' ? 'the assistant' : 'the agent'), other: customer, staff: true }
  const fits = copyChecker(lines.map((l) => l.text).join('\n'), COPY_LIMIT)
  const names = capitalised(lines)

  const mentions = new Mentions()
  // 1. The customer's request.
  const intentUnit = input.intent ?? units.find((u) => u.speaker === 'customer')
  // Nothing to report in words (emoji only): the extractive summary quotes it instead.
  if (!intentUnit || !/\p{L}{2}/u.test(intentUnit.text)) return null
  // When the customer opens with a problem and asks for something later ("The phone arrived with a cracked
  // screen." … "Can you send a replacement before Friday?"), the intent leads with the problem.
  const problem = leadWithProblem ? openingProblem(units, intentUnit) : undefined
  let intent: string | null = null
  let led = false
  if (problem) {
    const trial = new Mentions()
    let stated = report(problem, voiceOf(problem), trial, true)
    if (!stated.toLowerCase().includes(customer.first.toLowerCase()))
      stated = `${capitalise(trial.name(customer))} reports that ${lowerFirst(stated, names)}`
    trial.name(customer)
    let asked = report(intentUnit, voiceOf(intentUnit), trial, true)
    if (customer.generic) asked = lowerFirst(asked)
    const both = `${stated.replace(/[.!?]+$/, '')}, and ${asked}`
    intent = both.length <= 220 && fits(both) ? both : null
    if (intent) mentions.name(customer)
    led = !!intent
  }
  const reported = intent ?? report(intentUnit, voiceOf(intentUnit), mentions, true)
  intent ??= guard(reported, fits) ?? guard(endSentence(shortClause(reported)), fits)
  // A request with no content word ("ok") says nothing about what the customer wants.
  if (!intent || (intentUnit.stems.length === 0 && !isQuestion(intentUnit.text)))
    intent = `${capitalise(mentions.name(customer))} contacted support.`
  if (!intent.toLowerCase().includes(customer.first.toLowerCase()))
    intent = `${capitalise(mentions.name(customer))} reports that ${lowerFirst(intent, names)}`
  else mentions.name(customer)

  // 2. Candidate parts with a priority (lower first) and a reading position.
  type Part = { text: string; priority: number; position: number; staff: boolean }
  const parts: Part[] = []
  const informative = (u: Unit) =>
    u !== intentUnit &&
    !SMALL_TALK.test(u.text) &&
    (u.stems.length >= 3 || u.facts > 0) &&
    !PROCESS.test(u.text) &&
    !PROCESS.test(stripOpener(u.text))
  const byScore = [...units].sort((a, b) => b.score - a.score || units.indexOf(a) - units.indexOf(b))
  const customerMore = byScore
    .filter((u) => u.speaker === 'customer' && informative(u) && !isQuestion(u.text))
    .sort((a, b) => Number(REQUEST.test(b.text)) - Number(REQUEST.test(a.text)))
    .slice(0, 2)
  const staff = byScore.filter((u) => u.speaker !== 'customer' && informative(u) && !isQuestion(u.text)).slice(0, 4)
  const staffQuestion = (u: Unit) => u.speaker !== 'customer' && isQuestion(u.text)

  // Reports are written in chat order so that names are introduced before they are shortened.
  const seen = new Set([intentUnit.text.toLowerCase(), ...(led && problem ? [problem.text.toLowerCase()] : [])])
  const chosen = [...customerMore, ...staff]
    .sort((a, b) => units.indexOf(a) - units.indexOf(b))
    .filter((u) => !seen.has(u.text.toLowerCase()) && !!seen.add(u.text.toLowerCase()))
  const attributed = new Set<string>()
  for (const u of chosen) {
    const voice = voiceOf(u)
    let text = guard(report(u, voice, mentions, false, units), fits)
    if (!text) continue
    const name = voice.self.full
    const saysName = text.includes(voice.self.first) || text.toLowerCase().includes(voice.self.full.toLowerCase())
    if (voice.staff && !saysName && !attributed.has(name))
      text = `${capitalise(mentions.name(voice.self))} explained that ${lowerFirst(text, names)}`
    if (voice.staff) attributed.add(name)
    const rank = u.speaker === 'customer' ? customerMore.indexOf(u) : staff.indexOf(u)
    const priority = u.speaker === 'customer' ? 3 + rank * 2 : rank === 0 ? 2 : 3 + rank * 2
    parts.push({ text, priority, position: 1 + units.indexOf(u), staff: voice.staff })
  }

  // 3. The open questions.
  if (input.open.length) {
    // At most four in the summary (the response lists them all).
    const shown = input.open.slice(0, 4)
    const asked = shown.map((q) => indirectQuestion(q, { self: customer, other: team, staff: false }, mentions))
    const more = input.open.length - shown.length
    if (more > 0) asked.push(`and ${more} more question${more > 1 ? 's' : ''}`)
    const text = guard(`Still open: ${asked.join('; ')}.`, fits)
    if (text) parts.push({ text, priority: 1, position: units.length + 1, staff: false })
  }

  // 4. Facts the parts leave out, in brackets: the customer's after the request, the staff's after the first
  // staff part (or after the request when no staff part made it in).
  const facts = chatFacts(input.facts, input.lines)
  const budget = Math.min(1000, input.inputLength - 1, Math.max(360, Math.round(input.inputLength * 0.45)))
  const render = (keep: Part[], factLimit = facts.length) => {
    const body = [...keep].sort((a, b) => a.position - b.position)
    const text = [intent, ...body.map((p) => p.text)].join(' ').toLowerCase()
    const missing = facts.slice(0, factLimit).filter((f) => !text.includes(f.text.toLowerCase()))
    const firstStaff = body.findIndex((p) => p.staff)
    const bracket = (s: string, fs: Located[]) => {
      if (!fs.length) return s
      const list = fs.map((f) => labelFact(f, input.lines)).join(', ')
      // A sentence that already ends in brackets gets the facts inside them.
      return /\)[.!?]?$/.test(s) ? s.replace(/\)[.!?]?$/, `; ${list}).`) : s.replace(/[.!?]?$/, ` (${list}).`)
    }
    const staffFacts = firstStaff >= 0 ? missing.filter((f) => f.staff) : []
    const out = [
      bracket(
        intent,
        missing.filter((f) => !staffFacts.includes(f)),
      ),
    ]
    body.forEach((p, i) => out.push(i === firstStaff ? bracket(p.text, staffFacts) : p.text))
    return out.join(' ')
  }
  let factLimit = Math.min(facts.length, MAX_BRACKETED)
  while (factLimit > 0 && render([], factLimit).length > budget) factLimit--
  const kept: Part[] = []
  // A part must fit the budget and must not extend a copied run across sentences.
  for (const p of [...parts].sort((a, b) => a.priority - b.priority || a.position - b.position)) {
    const next = render([...kept, p], factLimit)
    if (next.length <= budget && fits(next)) kept.push(p)
  }
  // The longer intent must not crowd out the open questions.
  if (led && parts.some((p) => p.priority === 1) && !kept.some((p) => p.priority === 1))
    return writeSummary(input, false)
  const summary = render(kept, factLimit)
  if (summary.length > budget) return null

  const keyPoints = (max: number) => {
    const points: string[] = []
    const known = new Mentions()
    known.name(customer)
    for (const u of units) if (u.speaker !== 'customer') known.name(voiceOf(u).self)
    const candidates = units.filter((u) => (u === intentUnit || informative(u)) && !staffQuestion(u))
    for (const u of pickKeyPoints(candidates, max + 3)) {
      const text = guard(shortClause(report(u, voiceOf(u), known, true, units)), fits)
      // A subordinate clause alone ("Once the filter is screwed back") is no point.
      if (text && /^(?:once|when|if|after|before|because|since|while|although|though)\b/i.test(text)) continue
      if (text && !points.some((p) => p.toLowerCase() === text.toLowerCase())) points.push(text)
      if (points.length >= max) break
    }
    return points.length ? points : [shortClause(intent)]
  }
  return { summary, intent, keyPoints }
}

// Words that state a problem with an order or a product.
const PROBLEM =
  /\b(?:broken|broke|cracked|smashed|shattered|damaged|dented|scratched|torn|faulty|defective|missing|wrong|late|delayed|lost|stuck|leak(?:s|ing|ed)?|crash(?:es|ed|ing)?|error|stopped|not (?:working|arrived|received|delivered)|never (?:arrived|came)|does not work|did not (?:arrive|come|work)|charged twice|overcharged)\b/i

/**
 * The customer's opening sentence when it states a problem and the intent is a later request or question of
 * theirs; undefined otherwise.
 */
function openingProblem(units: Unit[], intent: Unit): Unit | undefined {
  if (intent.speaker !== 'customer' || !(isQuestion(intent.text) || REQUEST.test(intent.text))) return undefined
  const opening = units.find((u) => u.speaker === 'customer' && !SMALL_TALK.test(u.text) && u.stems.length >= 3)
  if (!opening || opening === intent || units.indexOf(opening) > units.indexOf(intent)) return undefined
  if (isQuestion(opening.text) || PROCESS.test(stripOpener(opening.text))) return undefined
  const text = expandContractions(opening.text)
  return PROBLEM.test(text) || sentenceSentiment(text).clearNegative ? opening : undefined
}

// What a staff promise about "it" is about: the last of these the chat mentioned before it.
const THING =
  /\b(?:the|your|my|a|an|our|new) (replacement|refund|order|parcel|package|delivery|item|exchange|voucher|credit|invoice|return label|repair)\b/gi

function thingBefore(units: Unit[], u: Unit): string | undefined {
  for (let i = units.indexOf(u) - 1; i >= 0; i--) {
    const found = [...units[i]!.text.matchAll(THING)].pop()
    if (found) return `the ${found[1]!.toLowerCase()}`
  }
  return undefined
}

const ASK_FOR =
  /^(?:(?:and|so|also|but),? )?(?:can|could|would|will) (?:you|u) (?:please |pls |plz )?(?:send|give|get|provide|ship|issue|arrange|organi[sz]e|offer) (?:me |us )?(?:please )?((?:a|an|the|my|our|another|some|a new|new) [^?]+?)(?: please)?[?.!\s]*$/i

/** One unit in the third person; questions as "Anna asks whether…" (staff: "Tom asked…"). */
function report(u: Unit, voice: Voice, mentions: Mentions, questions: boolean, units: Unit[] = []): string {
  const text = stripOpener(u.text)
  if (questions && isQuestion(text)) {
    const verb = voice.staff ? 'asked' : 'asks'
    const name = mentions.name(voice.self)
    // "Can you send a replacement before Friday?" → "Ada asks for a replacement before Friday."
    const wanted = !voice.staff && ASK_FOR.exec(expandContractions(text))
    if (wanted) {
      const thing = toThirdPerson(wanted[1]!, voice, mentions, true)
      return `${capitalise(name)} asks for ${lowerFirst(thing)}.`.replace(/[.!?]+\.$/, '.')
    }
    const asked = indirectQuestion(text, voice, mentions, true)
    return `${capitalise(name)} ${verb} ${asked}.`
  }
  return endSentence(toThirdPerson(text, voice, mentions, false, voice.staff ? thingBefore(units, u) : undefined))
}

/** A word in capitals for emphasis ("NOTHING has arrived") is no name. */
const shouted = (f: Fact) =>
  f.kind === 'name' &&
  f.text
    .split(/\s+/)
    .every((w) => /^\p{Lu}{2,}$/u.test(w) && !loadLexicon().usuallyCapitalised(w) && loadLexicon().frequency(w) > 0)

const endSentence = (s: string) => s.replace(/\s*[.!?…]*$/, '').replace(/[,;:\s]+$/, '') + '.'
/** Lower-cases the first word unless it is "I", an acronym or a word the chat capitalises mid-sentence (a name). */
function lowerFirst(s: string, names: Set<string> = new Set()): string {
  const first = /^[\p{L}\p{N}'-]+/u.exec(s)?.[0] ?? ''
  if (first === 'I' || /^\p{Lu}{2}/u.test(first) || names.has(first)) return s
  return s.charAt(0).toLowerCase() + s.slice(1)
}

/** Words the chat writes with a capital in the middle of a sentence: names of people, products, places. */
function capitalised(lines: ChatLine[]): Set<string> {
  const out = new Set<string>()
  for (const l of lines) for (const m of l.text.matchAll(/(?<=[\p{L}\p{N},;:)] )\p{Lu}[\p{L}\p{N}-]*/gu)) out.add(m[0])
  return out
}

type Located = Fact & { staff: boolean }
/** A long chat has more facts than a summary can list; the most telling ones are bracketed. */
const MAX_BRACKETED = 8
const TITLE = /^(?:mr|mrs|ms|miss|dr|prof|sir|madam)\.?$/i
const UNIT =
  '(?:working days|business days|mins?|minutes?|hours?|hrs?|days?|weeks?|months?|years?|people|users|seats|times|kg|gb|tb|mb|cm|mm|inches|items?|pieces?)'
const NUMBER = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,:#$€£¥₹@/-])\d+(?:[.,:–-]\d+)*(?:\s+${UNIT}\b)?(?![\p{L}\p{N}@/-])`,
  'giu',
)

/**
 * The facts a summary should carry, in order of importance: the extracted ids, amounts, dates and names (without
 * titles such as "Mr" and words in capitals for emphasis), then other numbers with their unit ("2-3 days",
 * "8:00", "14.99"), each marked with whether staff wrote it first.
 */
function chatFacts(facts: Fact[], lines: ChatLine[]): Located[] {
  const origin = (text: string) => lines.find((l) => l.text.toLowerCase().includes(text.toLowerCase()))
  const out: Located[] = facts
    .filter((f) => !TITLE.test(f.text) && !shouted(f))
    .map((f) => ({ ...f, staff: (origin(f.text)?.speaker ?? 'customer') !== 'customer' }))
  for (const l of lines)
    for (const m of l.text.matchAll(NUMBER)) {
      const text = m[0]
      if (out.some((f) => f.text.toLowerCase().includes(text.toLowerCase()))) continue
      out.push({ text, kind: 'number', staff: l.speaker !== 'customer' })
    }
  const weight = (f: Located) =>
    f.kind === 'id' || f.kind === 'amount'
      ? 0
      : f.kind === 'date' || f.kind === 'email' || (f.kind === 'name' && /\d|\s/.test(f.text))
        ? 1
        : f.kind === 'number' && /\D/.test(f.text)
          ? 2
          : 3
  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => weight(a.f) - weight(b.f) || a.i - b.i)
    .map(({ f }) => f)
}

/** "order #48213" for an id the chat labels, the fact as it is otherwise. */
function labelFact(f: Fact, lines: ChatLine[]): string {
  if (f.kind !== 'id') return f.text
  for (const l of lines) {
    const at = l.text.indexOf(f.text)
    if (at < 0) continue
    const before = l.text.slice(Math.max(0, at - 30), at)
    const label = LABELLED_ID.exec(before.split(/[.!?]/).pop() ?? '')?.[1]
    if (label) return `${label.toLowerCase()} ${f.text}`
  }
  return f.text
}

/** A short form for a key point: the first clause, at most 12 words, no final full stop. */
export function shortClause(sentence: string): string {
  const s = sentence
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/[.!?…]+$/, '')
    .trim()
  const clauses = s.split(/(?:[;,]|\s+-)\s+|\s+(?=(?:but|because|although|though|while|so that|depending|which)\b)/i)
  let out = clauses[0] ?? s
  if (out.split(/\s+/).length < 4 && clauses[1]) out = `${out}, ${clauses[1]}`
  let words = out.split(/\s+/)
  if (words.length > 12) {
    const and = words.findIndex((w, i) => i >= 4 && /^(?:and|or|then)$/i.test(w))
    // Else before the last preposition that fits: "… change their delivery address" rather than "… to 5 Rue de".
    let prep = -1
    for (let i = 12; i >= 4 && prep < 0; i--)
      if (/^(?:to|at|on|in|for|with|from|by|of|after|before)$/i.test(words[i]!)) prep = i
    words = and > 0 && and <= 12 ? words.slice(0, and) : prep > 0 ? words.slice(0, prep) : words.slice(0, 12)
    while (
      words.length > 3 &&
      /^(?:the|a|an|to|of|on|in|for|with|at|by|and|or|their|from|that|is|was)$/i.test(words.at(-1)!)
    )
      words.pop()
  }
  return words.join(' ').replace(/[,;:]+$/, '')
}

const normWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** A test that a text repeats no more than `limit` consecutive words of `source` (compared without case and punctuation). */
export function copyChecker(source: string, limit: number): (text: string) => boolean {
  const words = normWords(source)
  const grams = new Set<string>()
  for (let i = 0; i + limit < words.length; i++) grams.add(words.slice(i, i + limit + 1).join(' '))
  return (text) => {
    const w = normWords(text)
    for (let i = 0; i + limit < w.length; i++) if (grams.has(w.slice(i, i + limit + 1).join(' '))) return false
    return true
  }
}

/**
 * The sentence if it copies no long span of the chat; else the longest run of its clauses from the start that
 * does not (with a full stop); else null.
 */
function guard(sentence: string, fits: (text: string) => boolean): string | null {
  if (fits(sentence)) return sentence
  // Without its brackets first (the facts in them come back in the summary's own brackets).
  const plain = sentence.replace(/\s*\([^()]*\)/g, '')
  if (plain !== sentence && plain.split(/\s+/).length >= 4 && fits(plain)) return plain
  const clauses = plain.replace(/[.!?]+$/, '').split(/(?<=[,;])\s+|\s+(?=(?:and|but|because|so|which|while)\b)/)
  for (let n = clauses.length - 1; n >= 1; n--) {
    const text = endSentence(clauses.slice(0, n).join(' '))
    if (text.split(/\s+/).length >= 4 && fits(text)) return text
  }
  return null
}
