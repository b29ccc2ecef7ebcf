import nlp from 'compromise'
import type { ChatLine } from '../provider.js'
import { extractFacts, type Fact } from './facts.js'
import { findOpenQuestions } from './questions.js'
import { sentimentOfMessages } from './sentiment.js'
import { capitalize, splitSentences } from './text.js'
import { escapeRe, timePhrase } from './voice.js'

/**
 * What a drafted reply can build on, gathered from the prompt first, then the context, then the chat: who the
 * customer is, the order or ticket, the product, the amount, what the conversation is about, the customer's mood,
 * a reason for a delay and the customer's questions nobody has answered yet.
 */
export type ReplyFacts = {
  /** The customer's first name, when known. */
  name?: string
  /** Names the draft must not treat as products (the customer's and the staff's). */
  people: string[]
  /** "order #48213", "ticket T-5521", or just the id when nothing names it. */
  reference?: string
  id?: string
  product?: string
  amount?: string
  /** The subject of the conversation, as a noun: "refund", "order", "subscription"… */
  topic?: Topic
  /** "a carrier strike", from "…delayed due to a carrier strike" in the context or chat. */
  reason?: string
  upset: boolean
  openQuestions: string[]
  /** The customer's first statement of their problem (not a greeting or a question), in their words. */
  problem?: string
  /** The thing the problem is about, as a plain noun: "phone" from "the phone from order #84948 arrived cracked". */
  item?: string
  /** What the customer had hoped for: "it was meant to be a birthday present", turned to the reply's voice. */
  hope?: string
  /** The time the customer asked for something by: "before Friday" from "Can you send a replacement before Friday?". */
  wanted?: string
  /** Everything the customer wrote, one line per message (empty without a chat). */
  said: string
  /** An e-mail address the customer gave. */
  email?: string
}

export type Topic = (typeof TOPICS)[number]
const TOPICS = [
  'refund',
  'replacement',
  'exchange',
  'return',
  'repair',
  'claim',
  'subscription',
  'membership',
  'invoice',
  'payment',
  'charge',
  'booking',
  'appointment',
  'account',
  'password',
  'parcel',
  'package',
  'delivery',
  'shipment',
  'order',
] as const
const TOPIC_WORDS: Record<Topic, RegExp> = Object.fromEntries(
  TOPICS.map((t) => [t, new RegExp(`(?<![\\w-])${t === 'delivery' ? 'deliver(?:y|ies)' : `${t}s?`}\\b`, 'i')]),
) as Record<Topic, RegExp>

const STAFF_NAME = /\b(?:virtual assistant|assistant|agent|support|bot|team)\b/i
const NOT_A_NAME =
  /^(?:customer|client|user|visitor|guest|agent|support|team|hi|hello|hey|dear|thanks|thank|the|our|your|their|write|reply|draft|please|sorry|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i
const TRANSCRIPT_LINE = /^([^:\n]{1,60}):\s+(.+)$/
const ID_LABEL =
  /\b(order|invoice|ticket|reference|case|booking|reservation|subscription|account|return|parcel|tracking)(?:\s+(?:number|no\.?|id|is|was|nr|code))*\W{0,3}$/i
// Ids extractFacts leaves out: digits first ("2231-US", "4410-DE").
const OTHER_ID = /\b\d{3,}-[A-Z]{2,}\b/g
// A problem worth saying back starts like a statement about the customer's things ("My order…", "I can't…") and
// is not chat shorthand, a thank-you or a question.
const PROBLEM = /^(?:I|I'm|I've|My|Our|The|This|It|We)\s+(?!just\b|wanted\b)[^?]*[.!]?$/
const CASUAL = /\b(?:cant|dont|wont|pls|plz|thx|thanks|thank|u|ur|wanna|gonna|hmm|lol|asap)\b/i
// What the customer had hoped for, said plainly: "it was meant to be a birthday present".
const HOPE = /\b(?:it|this|they)\s+(?:was|were)\s+(?:meant|supposed)\s+to\s+be\s+[^,.;!?]{3,40}/i
/** The noun a problem statement starts with: "The phone from order #84948 arrived…" → "phone" (not "order"). */
function itemOf(problem: string): string | undefined {
  const word = /^(?:the|my|our|this)\s+([a-z]{3,})\b/i.exec(problem)?.[1]?.toLowerCase()
  if (!word || (TOPICS as readonly string[]).includes(word) || /^(?:item|product|thing|one)$/.test(word))
    return undefined
  return nlp(`the ${word}`).has('#Noun') ? word : undefined
}
/** Signs of English a reply should not repeat: a past time with no past verb, a verb with no subject. */
const shaky = (s: string) =>
  (/\b(?:yesterday|ago|last (?:week|month|night))\b/i.test(s) && !nlp(s).has('#PastTense')) ||
  /\b(?:but|and) is\b/i.test(s)
const REASON =
  /\b(?:due to|because of|caused by|held up by|delayed by|as a result of|owing to)\s+((?:an?|the|some|our|a few)\s+)?([^,.;!?]{3,60})/i

/** A "Name: text" transcript at the end of a context, as chat lines (the customer: the first speaker not named like staff). */
export function transcriptLines(context: string): ChatLine[] {
  const rows = context
    .split('\n')
    .map((l) => TRANSCRIPT_LINE.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null && !/\s{2}|https?$/.test(m[1]!))
  if (rows.length < 2) return []
  const customer = rows.find((m) => !STAFF_NAME.test(m[1]!))?.[1]
  return rows.map((m) => ({ speaker: m[1] === customer ? 'customer' : 'agent', name: m[1]!, text: m[2]!, at: '' }))
}

const firstNameOf = (name: string | undefined) => {
  const first = name?.trim().split(/\s+/)[0]
  return first && /^\p{Lu}[\p{Ll}'’-]+$/u.test(first) && !NOT_A_NAME.test(first) ? first : undefined
}

/** The person a prompt writes to: "Reply to Anna…", "Tell Mr Lee…", or a name compromise knows as a person. */
function nameInPrompt(prompt: string): string | undefined {
  const m =
    /\b(?:to|tell|thank|thanking|telling|inform|informing|ask|asking|remind|reminding|for|customer|client)\s+((?:Mr|Mrs|Ms|Dr)\.?\s+)?(\p{Lu}[\p{Ll}'’-]+)\b/u.exec(
      prompt,
    )
  // "to Anna", "to Jamal:", but not "to Proxima Plus" (a product) unless compromise knows the first name.
  const product = m && /^\s+\p{Lu}/u.test(prompt.slice(m.index + m[0].length)) && !nlp(m[2]!).has('#FirstName')
  if (m && !NOT_A_NAME.test(m[2]!) && !product) return m[1] ? `${m[1].trim()} ${m[2]}` : m[2]
  const person = nlp(prompt.slice(0, 400)).people().out('array') as string[]
  return firstNameOf(person[0])
}

/** "Customer: Anna Schmidt", "Name - Anna", "from Anna Schmidt", or the first person compromise finds. */
function nameInContext(context: string): string | undefined {
  const m =
    /\b(?:customer(?:\s+name)?|client(?:\s+name)?|name|from|contact)\s*[:\-–]?\s*(\p{Lu}[\p{Ll}'’-]+)(?:\s+\p{Lu}[\p{Ll}'’-]+)?/u.exec(
      context,
    )
  if (m && firstNameOf(m[1])) return m[1]
  // compromise is thorough but slow on long texts: the customer is named near the start if at all.
  const head = context.slice(0, 400)
  const doc = nlp(head)
  const person = (doc.people().out('array') as string[]).find((p) => firstNameOf(p))
  // compromise knows common first names even where it does not see a person ("Order 5521 for Lisa Park").
  const known = head.match(/\b\p{Lu}\p{Ll}{2,}\b/gu)?.find((w) => nlp(w).has('#FirstName'))
  return firstNameOf(person) ?? firstNameOf(known)
}

function topicOf(texts: string[]): Topic | undefined {
  for (const text of texts) {
    let best: { topic: Topic; at: number } | undefined
    for (const t of TOPICS) {
      const at = TOPIC_WORDS[t].exec(text)?.index
      if (at !== undefined && (!best || at < best.at)) best = { topic: t, at }
    }
    if (best) return best.topic
  }
  return undefined
}

function referenceOf(id: string, texts: string[]): string | undefined {
  for (const text of texts) {
    const at = text.indexOf(id)
    if (at < 0) continue
    const label = ID_LABEL.exec(text.slice(Math.max(0, at - 40), at))?.[1]?.toLowerCase()
    if (label === 'model') return undefined
    if (label) return `${label === 'tracking' ? 'parcel' : label} ${id}`
  }
  return /^(?:ORD|SO|PO)[-_]?\d/i.test(id) || /^#/.test(id) ? `order ${id}` : id
}

const labelled = (id: string, texts: string[]) =>
  texts.some((t) => {
    const at = t.indexOf(id)
    return at >= 0 && ID_LABEL.test(t.slice(Math.max(0, at - 40), at))
  })

/** The product's name with the noun that follows it in the text: "Premium" → "Premium plan". */
function withNoun(name: string, text: string): string {
  const next = new RegExp(`\\b${escapeRe(name)} ([a-z]{3,})(?: ([a-z]{3,}))?\\b`).exec(text)
  if (!next) return name
  const noun = (w: string | undefined) => w !== undefined && nlp(w).has('#Noun') && !nlp(w).has('#Verb')
  if (!noun(next[1])) return name
  return noun(next[2]) ? `${name} ${next[1]} ${next[2]}` : `${name} ${next[1]}`
}

/** A product: a name fact that is not a person, preferring one with a model number or after "the", "my", "a". */
function productOf(facts: Fact[], people: string[], texts: string[]): string | undefined {
  const persons = new Set(people.map((p) => p.toLowerCase()))
  const names = facts
    .filter((f) => f.kind === 'name')
    .map((f) => f.text)
    .filter((n) => !n.split(/\s+/).some((w) => persons.has(w.toLowerCase())) && !/^(?:I|OK|[A-Z]{2,3})$/.test(n))
    .slice(0, 12)
    .filter((n) => (!nlp(n).people().found && !nlp(n).places().found) || /\d/.test(n))
  const joined = texts.join('\n')
  const score = (n: string) =>
    (/\d/.test(n) ? 2 : 0) +
    (new RegExp(`\\b(?:the|my|your|our|a|an|new)\\s+${escapeRe(n)}\\b`, 'i').test(joined) ? 2 : 0) +
    (/\s/.test(n) ? 1 : 0) +
    (/\p{Lu}.*\p{Lu}/u.test(n.replace(/^\p{Lu}/u, '')) ? 1 : 0)
  const ranked = names.map((n, i) => ({ n, i, s: score(n) })).filter((x) => x.s >= 2)
  ranked.sort((a, b) => b.s - a.s || a.i - b.i)
  return ranked[0] ? withNoun(ranked[0].n, joined) : undefined
}

/** `topicHint`: the part of the prompt that names the subject (not what the reply offers or asks about). */
export function gatherFacts(prompt: string, context: string, chat: ChatLine[], topicHint = prompt): ReplyFacts {
  const customerLines = chat.filter((l) => l.speaker === 'customer').map((l) => l.text)
  const staff = chat.filter((l) => l.speaker !== 'customer')
  const customerName = chat.find((l) => l.speaker === 'customer')?.name
  const name = nameInPrompt(prompt) ?? firstNameOf(customerName) ?? (context ? nameInContext(context) : undefined)
  const people = [
    ...(customerName ? customerName.split(/\s+/) : []),
    ...staff.flatMap((l) => l.name.split(/\s+/)),
    ...(name ? [name] : []),
  ]
  const ignore = new Set(people.map((p) => p.toLowerCase()))
  // Most specific first: the prompt, then the background, then what the customer said, then the rest of the chat.
  const texts = [prompt, context, customerLines.join('\n'), staff.map((l) => l.text).join('\n')].filter(Boolean)
  const facts = texts.flatMap((t) => extractFacts(t, ignore))
  const ids = texts.flatMap((t) => [
    ...extractFacts(t, ignore)
      .filter((f) => f.kind === 'id')
      .map((f) => f.text),
    ...(t.match(OTHER_ID) ?? []),
  ])
  // An id needs a label ("order …") or to look like one: a #, a hyphen or four digits. Not a version or error code.
  const idLike = (i: string) => /^#|-|\d{4}/.test(i) && !/^v?\d+\.\d+\.\d+$/.test(i)
  const id = ids.find((i) => referenceOf(i, texts) !== undefined && (idLike(i) || labelled(i, texts)))
  const amount = facts.find((f) => f.kind === 'amount' && !/%$/.test(f.text))?.text
  const reasonMatch = texts
    .slice(1)
    .flatMap((t) => splitSentences(t))
    .map((s) => REASON.exec(s))
    .find((m) => m !== null)
  const reason = reasonMatch
    ? `${reasonMatch[1] ?? ''}${reasonMatch[2]!.split(/\s+/).slice(0, 6).join(' ')}`
        .replace(/\b(?:and|or|but|so|we|I)$/i, '')
        .trim()
    : undefined
  // "Hi, the phone…" reads "The phone…"; a lower-case "i" marks chat typing that the reply should not repeat.
  const sentences = customerLines
    .flatMap((t) => splitSentences(t))
    .filter((s) => !/\bi\b/.test(s))
    .map((s) => capitalize(s.replace(/^(?:hi|hello|hey)\b[,!\s]*(?:there[,!\s]*)?/i, '')))
  const problem = sentences.find(
    (s) => s.split(/\s+/).length >= 5 && s.split(/\s+/).length <= 16 && PROBLEM.test(s) && !CASUAL.test(s) && !shaky(s),
  )
  const hope = sentences
    .map((s) => HOPE.exec(s)?.[0])
    .find((h) => h !== undefined)
    ?.replace(/\bmy\b/gi, 'your')
  // The customer's deadline comes from a request ("Can you send it before Friday?"), not from a past date.
  const wanted = sentences
    .filter((s) => /\?$/.test(s))
    .map((s) => timePhrase(s))
    .find((t) => t !== undefined && /^(?:before|by)\s/i.test(t))
  return {
    name,
    people,
    id,
    reference: id ? referenceOf(id, texts) : undefined,
    product: productOf(facts, people, texts),
    amount,
    // What the customer wrote about comes before background that may cover other subjects.
    topic: topicOf([topicHint, customerLines.join('\n'), context, staff.map((l) => l.text).join('\n')]),
    reason: reason ? reason.replace(/\bmy\b/gi, 'your') : undefined,
    upset: customerLines.length > 0 && sentimentOfMessages(customerLines).score < -0.1,
    openQuestions: findOpenQuestions(chat),
    problem,
    item: problem ? itemOf(problem) : undefined,
    hope,
    wanted,
    said: customerLines.join('\n'),
    email: customerLines.join(' ').match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/)?.[0],
  }
}
