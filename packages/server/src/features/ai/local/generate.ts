import type { ChatLine, GenerateInput, GenerateResult } from '../provider.js'
import { extractFacts } from './facts.js'
import { findOpenQuestions } from './questions.js'
import { sentimentOfMessages } from './sentiment.js'
import { clip } from './summarize.js'
import { capitalize, contentStems, hash, splitSentences, squash } from './text.js'

/**
 * Template-based drafting. The prompt says what kind of text to write (a reply, a product description, an
 * announcement, anything else) and often what to tell ("…telling the customer their refund was issued"); the
 * context (product details, a chat transcript as "Name: text" lines) supplies the facts: the sentences sharing
 * the most words with the prompt, the ids, amounts and names they mention, the customer's name and unanswered
 * questions. Templates are picked with a seed from the input; temperature widens the set of templates that may be
 * picked (0 always takes the first), so equal inputs always give equal outputs.
 */

type Kind = 'reply' | 'description' | 'announcement' | 'general'
type Picker = (options: string[], salt: string) => string

const STAFF_NAME = /\b(?:virtual assistant|assistant|agent|support|bot|team)\b/i
const TRANSCRIPT_LINE = /^([^:\n]{1,60}):\s+(.+)$/

export function generate(input: GenerateInput): GenerateResult {
  const prompt = squash(input.prompt)
  const context = input.context ?? ''
  const seed = hash(`${prompt}\n${context}`)
  const temperature = Math.max(0, Math.min(1, Number.isFinite(input.temperature) ? input.temperature : 0))
  const pick: Picker = (options, salt) => {
    const span = Math.max(1, Math.ceil(temperature * options.length))
    return options[temperature === 0 ? 0 : ((seed ^ hash(salt)) >>> 0) % span]!
  }

  const chat = parseTranscript(context)
  const kind = kindOf(prompt, chat.length > 0)
  const message = whatToTell(prompt)
  const relevant = relevantSentences(prompt, context, chat, message)
  const subject = subjectOf(chat.length ? chat.filter((l) => l.speaker === 'customer').map((l) => l.text) : [context])

  let text: string
  if (kind === 'reply') text = composeReply(chat, message, relevant, subject, pick)
  else if (kind === 'description') text = composeDescription(prompt, context, pick)
  else text = composeGeneral(kind, prompt, message, relevant, pick)
  text = text.trim() || prompt

  const max = Math.max(1, Math.floor(input.maxLength))
  if (text.length <= max) return { text, finishReason: 'stop' }
  return { text: clip(text, max) || text.slice(0, max), finishReason: 'length' }
}

function parseTranscript(context: string): ChatLine[] {
  const rows = context
    .split('\n')
    .map((l) => TRANSCRIPT_LINE.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
  if (rows.length < 2) return []
  // The customer is the first speaker who is not named like staff; everyone else is staff.
  const customer = rows.find((m) => !STAFF_NAME.test(m[1]!))?.[1]
  return rows.map((m) => ({ speaker: m[1] === customer ? 'customer' : 'agent', name: m[1]!, text: m[2]!, at: '' }))
}

function kindOf(prompt: string, hasChat: boolean): Kind {
  if (/\b(?:describe|description|product page|listing)\b/i.test(prompt)) return 'description'
  if (/\b(?:announce|announcement|newsletter|release notes?)\b/i.test(prompt)) return 'announcement'
  if (/\b(?:reply|respond|response|answer|e-?mail|message|write back|customer)\b/i.test(prompt) || hasChat)
    return 'reply'
  return 'general'
}

/** "…telling the customer their refund was issued" → "your refund was issued". */
export function whatToTell(prompt: string): string | undefined {
  const m =
    /\b(?:telling|tell|inform(?:ing)?|let(?:ting)?|explain(?:ing)?|saying|say|confirm(?:ing)?|notify(?:ing)?|announc(?:e|ing)|shar(?:e|ing))\s+(?:(?:the|our|a) (?:customer|client|user)s?|them|him|her|everyone|customers)?\s*(?:know\s+)?(?:that\s+)?(.{3,})$/i.exec(
      prompt,
    )
  if (!m) return undefined
  return m[1]!
    .replace(/[.!]+$/, '')
    .replace(/\b(?:the customer|the client|the user)['’]s\b/gi, 'your')
    .replace(/\b(?:the customer|the client|the user|they|them|he|she|him)\b/gi, 'you')
    .replace(/\b(?:their|his|her)\b/gi, 'your')
    .replace(/\btheirs\b/gi, 'yours')
    .replace(/\byou (?:is|was|has)\b/gi, (s) => s.replace(/is$/, 'are').replace(/was$/, 'were').replace(/has$/, 'have'))
    .trim()
}

/** Up to three context sentences sharing the most content words with the prompt (facts break ties). */
function relevantSentences(prompt: string, context: string, chat: ChatLine[], message?: string): string[] {
  const wanted = new Set(contentStems(`${prompt} ${message ?? ''}`))
  const sentences = (chat.length ? chat.map((l) => l.text) : context.split('\n')).flatMap((t) => splitSentences(t))
  return sentences
    .map((s, i) => {
      const overlap = new Set(contentStems(s).filter((x) => wanted.has(x))).size
      return { s, i, score: overlap + (overlap > 0 ? 0.5 * Math.min(2, extractFacts(s).length) : 0) }
    })
    .filter((x) => x.score >= 1 && !/\?\s*$/.test(x.s))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, 3)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s)
}

/** "I paid €89.99" → "you paid €89.99", for customer sentences quoted back in a reply. */
const toSecondPerson = (s: string) =>
  s
    .replace(/\bI am\b|\bI['’]m\b/g, 'you are')
    .replace(/\bI['’]ve\b/g, 'you have')
    .replace(/\bI\b/g, 'you')
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bme\b/gi, 'you')

/** What the conversation is about: "order #48213 (Vortex 500)", from the first id and product name mentioned. */
function subjectOf(texts: string[]): string {
  const text = texts.join('\n')
  const id = extractFacts(text).find((f) => f.kind === 'id')?.text
  // A product named next to the id ("#48213 … the Vortex 500"), or the first name when there is no id.
  const home = id ? (texts.find((t) => t.includes(id)) ?? '') : text
  const name = extractFacts(home).find((f) => f.kind === 'name')?.text
  const label =
    id &&
    new RegExp(
      `\\b(order|invoice|ticket|reference|case|booking)(?:\\s+(?:number|no|id|is|was|nr))*\\W+${escape(id)}`,
      'i',
    ).exec(text)?.[1]
  const idPart = id ? `${label ? `${label.toLowerCase()} ` : ''}${id}` : ''
  if (idPart && name) return `your ${idPart} (${name})`
  if (idPart) return `your ${idPart}`
  return name ? `the ${name}` : ''
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function composeReply(
  chat: ChatLine[],
  message: string | undefined,
  relevant: string[],
  subject: string,
  pick: Picker,
) {
  const customer = chat.find((l) => l.speaker === 'customer')?.name
  const first = customer && /^\p{Lu}[\p{L}'-]+$/u.test(customer.split(/\s+/)[0]!) ? customer.split(/\s+/)[0] : undefined
  const upset =
    chat.length > 0 && sentimentOfMessages(chat.filter((l) => l.speaker === 'customer').map((l) => l.text)).score < -0.1
  const greeting = first
    ? pick([`Hi ${first},`, `Hello ${first},`, `Dear ${first},`], 'greeting')
    : pick(['Hello,', 'Hi there,'], 'greeting')
  const about = subject ? ` about ${subject}` : ''
  const opener = upset
    ? pick(
        [
          `Thank you for your patience${subject ? ` regarding ${subject}` : ''}, and I'm sorry for the trouble.`,
          `I'm sorry for the trouble with ${subject || 'this'}.`,
        ],
        'opener',
      )
    : pick([`Thank you for reaching out${about}.`, `Thanks for getting in touch${about}.`], 'opener')
  const body: string[] = []
  if (message) {
    const lead = pick(["I'm happy to let you know that", 'I wanted to let you know that', 'Good news:'], 'lead')
    body.push(`${lead} ${message}.`)
  }
  const staffFacts = relevant.filter((s) => !chat.some((l) => l.speaker === 'customer' && l.text.includes(s)))
  const quote = (s: string) =>
    capitalize(s.replace(/^(?:done|ok(?:ay)?|sure|great|perfect|alright|right)[,!.]\s*/i, ''))
  if (staffFacts.length) body.push(...staffFacts.map((s) => quote(/[.!?]$/.test(s) ? s : `${s}.`)))
  else if (!message && relevant.length)
    body.push(`I understand that ${toSecondPerson(relevant[0]!).replace(/[.!]+$/, '')}, and I'm looking into it now.`)
  if (!message && !relevant.length) body.push("I've looked into your request and I'm on it.")
  const open = findOpenQuestions(chat)
    .filter((q) => !message || !sharesWords(q, message))
    .slice(0, 2)
  for (const q of open) body.push(`You also asked: "${q}" I'll check this and get back to you shortly.`)
  const closing = pick(
    [
      'If there is anything else I can do, just let me know.',
      "Please don't hesitate to reach out if you have any other questions.",
      'Let me know if there is anything else I can help with.',
    ],
    'closing',
  )
  const signOff = pick(['Best regards', 'Kind regards', 'Warm regards'], 'signoff')
  return `${greeting}\n\n${opener} ${body.join(' ')}\n\n${closing}\n\n${signOff}`
}

/** A product blurb: the product's details from the context, in their order, between an intro and a call to act. */
function composeDescription(prompt: string, context: string, pick: Picker) {
  const named = /\b(?:for|of|about)\s+(?:the |our |a |an )?([^.,;]{2,60})/i.exec(prompt)?.[1]?.trim()
  const subject = named ?? (extractFacts(context).find((f) => f.kind === 'name')?.text || 'this product')
  const the = /^\p{Lu}/u.test(subject) ? 'the ' : ''
  const intro = pick([`Meet ${the}${subject}.`, `Introducing ${the}${subject}.`, `Discover ${the}${subject}.`], 'intro')
  const details = context
    .split('\n')
    .flatMap((l) => splitSentences(l))
    .slice(0, 6)
  const body = details.length ? details.join(' ') : `It is designed to make your day easier.`
  const outro = pick(['Order today and see the difference.', 'Try it today.', 'Get yours today.'], 'outro')
  return `${intro} ${body} ${outro}`
}

function composeGeneral(kind: Kind, prompt: string, message: string | undefined, relevant: string[], pick: Picker) {
  const parts: string[] = []
  if (kind === 'announcement')
    parts.push(pick(["We're excited to share an update.", 'Here is an update from our team.'], 'intro'))
  if (message) parts.push(`${message.charAt(0).toUpperCase()}${message.slice(1)}.`)
  parts.push(...relevant)
  if (parts.length === (kind === 'announcement' ? 1 : 0))
    parts.push(
      `${prompt.replace(/^(?:please\s+)?(?:write|draft|create|compose)\s+(?:an?\s+)?/i, '').replace(/[.!]?$/, '.')}`,
    )
  parts.push(pick(['Thank you for reading.', 'Thanks for being with us.', 'We appreciate your support.'], 'outro'))
  return parts.join(' ')
}

const sharesWords = (a: string, b: string) => {
  const x = new Set(contentStems(a))
  return contentStems(b).some((s) => x.has(s))
}
