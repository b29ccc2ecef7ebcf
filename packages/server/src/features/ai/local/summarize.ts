import type { ChatLine, SummarizeInput, SummaryResult } from '../provider.js'
import { extractFacts, type Fact } from './facts.js'
import { findOpenQuestions, isQuestion } from './questions.js'
import { centroidScores, textRank, tfidf } from './rank.js'
import { sentenceSentiment, sentimentOfMessages } from './sentiment.js'
import { expandContractions } from './report.js'
import { pickKeyPoints, REQUEST, SMALL_TALK, type Unit } from './units.js'
import { writeSummary } from './write.js'
import { contentStems, looksEnglish, splitSentences } from './text.js'

/**
 * The summariser. Sentences are ranked by TextRank over TF-IDF similarity blended with similarity to a centroid
 * that weighs the customer's sentences more, then adjusted: facts (ids, amounts, names) and requests raise a
 * sentence, greetings and one-word replies lower it. For English, the best sentences are then written up in the
 * third person (`write.ts`, `report.ts`): the customer's request, what staff did, what is still open, with the
 * facts. Other languages, and texts with no words to report, keep the extractive summary: the best sentences
 * quoted in chat order under a length budget, then the open questions and any fact the chosen sentences missed.
 */

const SPEAKER_WEIGHT = { customer: 1.25, agent: 1, assistant: 0.6 }
const GREETING =
  /^(?:[Hh]i|[Hh]ello|[Hh]ey|[Dd]ear|[Gg]ood (?:morning|afternoon|evening))(?: there| team| all| \p{Lu}[\p{L}-]*)?[,!.:]?\s+/u
const PLACEHOLDER = /^\[voice message\]$/i

export function summarize(input: SummarizeInput): SummaryResult {
  const lines: ChatLine[] = (
    input.lines ?? [{ speaker: 'customer', name: '', text: input.text, at: '' } satisfies ChatLine]
  ).filter((l) => l.text.trim() && !PLACEHOLDER.test(l.text.trim()))
  const isChat = input.lines !== null
  const source = input.text || lines.map((l) => `${l.name}: ${l.text}`).join('\n')
  const units = rankUnits(lines)
  const customerUnits = units.filter((u) => u.speaker === 'customer')
  const speakerNames = new Set(lines.map((l) => l.name.toLowerCase()).flatMap((n) => [n, ...n.split(/\s+/)]))

  const intentUnit = pickIntent(customerUnits.length ? customerUnits : units, firstTurn(lines))
  const openQuestions = isChat
    ? findOpenQuestions(lines)
    : units.filter((u) => /\?\s*$/.test(u.text)).map((u) => u.text)
  const facts = extractFacts(lines.map((l) => l.text).join('\n'), speakerNames)
  const mood = sentimentOfMessages(
    (customerUnits.length ? lines.filter((l) => l.speaker === 'customer') : lines).map((l) => l.text),
  )
  const english = /^en\b/i.test(input.language || 'en') && looksEnglish(lines.map((l) => l.text).join(' '))
  const written = english
    ? writeSummary({ lines, units, intent: intentUnit, open: openQuestions, facts, inputLength: source.length })
    : null
  const max = Math.max(1, input.maxKeyPoints)

  return {
    summary:
      written?.summary ??
      composeSummary(
        units,
        intentUnit,
        facts.filter((f) => f.kind !== 'url'),
        openQuestions,
        source.length,
        isChat,
      ),
    intent: written?.intent ?? (intentUnit ? intentUnit.text.replace(GREETING, '').trim() || intentUnit.text : ''),
    key_points: written?.keyPoints(max) ?? pickKeyPoints(units, max).map((u) => (isChat ? label(u) + u.text : u.text)),
    open_questions: openQuestions,
    sentiment: mood.label,
    sentiment_score: mood.score,
    language: input.language,
  }
}

function rankUnits(lines: ChatLine[]): Unit[] {
  const units: Unit[] = []
  lines.forEach((l, message) => {
    for (const text of splitSentences(l.text)) {
      units.push({
        text,
        speaker: l.speaker,
        name: l.name,
        message,
        stems: contentStems(text),
        facts: 0,
        vector: new Map(),
        rank: 0,
        score: 0,
      })
    }
  })
  const vectors = tfidf(units.map((u) => u.stems))
  const weights = units.map((u) => SPEAKER_WEIGHT[u.speaker])
  const graph = textRank(vectors)
  const centre = centroidScores(vectors, weights)
  units.forEach((u, i) => {
    u.vector = vectors[i]!
    u.facts = extractFacts(u.text).filter((f) => f.kind !== 'name' || /\d|\p{Lu}.*\p{Lu}/u.test(f.text)).length
    u.rank = (0.5 * graph[i]! + 0.5 * centre[i]!) * SPEAKER_WEIGHT[u.speaker]
    let s = u.rank
    s += 0.25 * Math.min(2, u.facts) + (u.speaker === 'customer' && REQUEST.test(u.text) ? 0.2 : 0)
    if (u.stems.length < 3) s *= 0.4
    if (SMALL_TALK.test(u.text)) s *= 0.2
    u.score = s
  })
  return units
}

/**
 * The customer's request: a request-like or complaining sentence, preferably in their first turn and its first
 * substantive sentence, by rank; a question with hardly any content words counts less.
 */
function pickIntent(units: Unit[], opening: Set<number>): Unit | undefined {
  let best: Unit | undefined
  let bestScore = -Infinity
  let first = true
  for (const u of units) {
    const question = isQuestion(u.text)
    const request = REQUEST.test(u.text) || question || REQUEST.test(expandContractions(u.text))
    let s = u.rank + (request ? 0.6 : 0) + (opening.has(u.message) ? 0.8 : 0)
    if (sentenceSentiment(u.text).clearNegative) s += 0.3
    if (SMALL_TALK.test(u.text)) s -= 1
    else if (first && u.stems.length >= 3) {
      // The opening sentence usually states the problem.
      s += 0.3
      first = false
    }
    if (u.stems.length < 3 && !request) s -= 0.5
    // "What do I do?" says nothing about the problem.
    if (question && contentStems(expandContractions(u.text)).length < 1) s -= 0.6
    if (s > bestScore) [best, bestScore] = [u, s]
  }
  return best
}

/** The messages of the customer's first turn (up to the first staff reply). */
function firstTurn(lines: ChatLine[]): Set<number> {
  const out = new Set<number>()
  const start = lines.findIndex((l) => l.speaker === 'customer')
  for (let i = Math.max(0, start); i < lines.length && lines[i]!.speaker === 'customer'; i++) out.add(i)
  return out
}

const label = (u: Unit) => (u.speaker === 'customer' ? 'Customer: ' : u.speaker === 'agent' ? 'Agent: ' : 'Assistant: ')

/** Fills a budget of about 45 % of the input (at most 1,000 characters) with the best sentences, in chat order. */
function composeSummary(
  units: Unit[],
  intent: Unit | undefined,
  facts: Fact[],
  open: string[],
  inputLength: number,
  isChat: boolean,
): string {
  // Short chats get a little more room (up to 240 characters or 70 %) so the answer fits beside the request.
  const room = Math.max(inputLength * 0.45, Math.min(240, inputLength * 0.7))
  const budget = Math.min(1000, Math.round(room), Math.max(1, inputLength - 1))
  const ranked = [...units].sort((a, b) => b.score - a.score || units.indexOf(a) - units.indexOf(b))
  const chosen: Unit[] = []
  const render = (extraFacts: boolean) => {
    const ordered = [...chosen].sort((a, b) => units.indexOf(a) - units.indexOf(b))
    const parts: string[] = []
    let speaker = ''
    for (const u of ordered) {
      const who = isChat ? `${u.name || u.speaker} (${u.speaker})` : ''
      parts.push(who && who !== speaker ? `${who}: ${u.text}` : u.text)
      speaker = who
    }
    let text = parts.join(' ')
    const missingOpen = open.filter((q) => !chosen.some((u) => u.text === q))
    if (missingOpen.length) text += ` Open question${missingOpen.length > 1 ? 's' : ''}: ${missingOpen.join(' ')}`
    const missing = facts.filter((f) => !text.toLowerCase().includes(f.text.toLowerCase())).map((f) => f.text)
    if (extraFacts && missing.length) text += ` Details: ${missing.join(', ')}.`
    return text.trim()
  }
  // The customer's request first, then the staff's best sentence (the answer), then the rest by score.
  const informative = ranked.filter((u) => !SMALL_TALK.test(u.text) && (u.stems.length >= 3 || u.facts > 0))
  const pool = informative.length ? informative : ranked.slice(0, 1)
  const firstCustomer = intent ?? pool.find((u) => u.speaker === 'customer')
  const firstStaff = pool.find((u) => u.speaker !== 'customer')
  const order = [firstCustomer, firstStaff, ...pool].filter((u, i, all): u is Unit => !!u && all.indexOf(u) === i)
  let length = 0
  for (const u of order) {
    if (chosen.length > 0 && length + u.text.length + 1 > budget) continue
    chosen.push(u)
    const next = render(true).length
    if (next > budget && chosen.length > 1) chosen.pop()
    else length = next
    if (budget - length < 20) break
  }
  let text = render(true)
  if (text.length > budget) text = render(false)
  return clip(text, budget, '…')
}

/**
 * Cuts at the last sentence boundary within `max` characters, or else at a word boundary followed by `mark` (a
 * summary passes "…" so that a reader sees the sentence goes on; a draft stays a prefix of the full text).
 */
export function clip(text: string, max: number, mark = ''): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '))
  if (sentence > max * 0.5) return cut.slice(0, sentence + 1)
  const words = text.slice(0, Math.max(1, max - mark.length))
  const space = words.lastIndexOf(' ')
  return `${(space > 0 ? words.slice(0, space) : words).replace(/[\s,;:]+$/, '')}${mark}`
}
