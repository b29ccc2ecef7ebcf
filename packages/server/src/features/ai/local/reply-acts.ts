import type { Act } from './reply-prompt.js'
import type { ReplyFacts, Topic } from './reply-facts.js'
import { capitalize } from './text.js'
import { timePhrase, toSecondPerson } from './voice.js'

/**
 * One sentence (or two) per act of a reply, in the agent's voice and the customer's second person. The act's
 * words from the prompt are kept where they carry the message ("that the parcel arrived damaged" → "I'm sorry that
 * your parcel arrived damaged"); fixed phrasing covers what the prompt only names ("promising it by Friday" → "It
 * will reach you by Friday"). Facts come from `Draft.subject`: "your refund of €89.99 for order #48213" the first
 * time, "it" right after.
 */

export type Picker = (options: string[], salt: string) => string
export type Draft = {
  facts: ReplyFacts
  pick: Picker
  /** The subject of the reply, fully at first mention and "it" when the last sentence was about it. */
  subject(topic?: Topic, capital?: boolean): string
  /** Whether the last sentence named the subject, so "it" is clear. */
  lastNamedSubject: boolean
  /** Set when the reply has not named its subject yet and a "thank you for your patience" should. */
  wantSubject: boolean
  /**
   * What went wrong, from the customer's first problem statement in the reply's voice ("the phone from order
   * #84948 arrived with a cracked screen"), when it can be said without repeating the chat at length.
   */
  problem?: string
  /** The sentence said last. */
  lastText: string
  /** Whether the reply has apologised or thanked for patience already (an offer then makes up for it). */
  apologised: boolean
  /** The background sentences about `query`, retold in the reply's words (each used once). */
  lookup(query: string, limit: number, broad?: boolean): string[]
  /** The time phrase ("on 18 June", "until 1 July") of the background sentence closest to `query`. */
  timeFor(query: string): string | undefined
}

const RECIPIENT =
  /^(?:to\s+)?(?:(?:the|our|this|that)\s+(?:customer|client|user|buyer)s?|them|him|her|everyone|customers)\b\s*/i
// A name is capitalised, so this one is case-sensitive.
const NAMED_RECIPIENT =
  /^(?:to\s+)?(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?\p{Lu}\p{Ll}+(?=\s+(?:that|for|about|to|whether|if|what|how|when|why|the|their|his|her|a|an|with|it)\b)\s*/u
export const LATE =
  /\b(?:late|delay(?:ed|s)?|taking (?:so |too |a bit )?long(?:er)?|slow|(?:has|have)n'?t (?:yet )?(?:arrived|come|been)|not (?:yet )?(?:arrived|received|here)|still (?:waiting|not)|overdue|held up|stuck)\b/i
const GENERIC_TROUBLE =
  /^(?:the |any )?(?:inconvenience|trouble|confusion|delay|wait|mix-up|mistake|error|hassle|problem)s?$/i
// An apology that only names the trouble or the thing ("for the damaged item"): the chat's problem says it better.
const VAGUE_TROUBLE =
  /^(?:for\s+)?(?:(?:the|any|this|that|your)\s+)?(?:(?:damaged|broken|faulty|defective|wrong|cracked)\s+)?(?:inconvenience|trouble|problem|issue|damage|mix-up|mistake|error|hassle|item|product|order|parcel|package|delivery)s?$/i
const NEGATIVE =
  /\b(?:not|no longer|can't|cannot|unable|won't|isn't|aren't|wasn't|out of stock|unavailable|discontinued|rejected|declined|denied|expired|closed)\b/i
const POSITIVE =
  /\b(?:issued|shipped|dispatched|approved|resolved|fixed|back in stock|available|arrived|ready|refunded|restored|unlocked|reactivated|sent|processed|on (?:its|the) way|credited|upgraded)\b/i
const VERBISH =
  /\b(?:is|are|was|were|has|have|had|will|would|can|could|cannot|can't|won't|don't|isn't|did|does|do|should|shipped|been|arrived|\w+ed)\b/i

const sentence = (s: string, end = '.') => {
  const t = s.trim().replace(/[\s,;:]+$/, '')
  return /[.!?]$/.test(t) ? capitalize(t) : `${capitalize(t)}${end}`
}
const topicIn = (text: string): Topic | undefined => {
  if (/\b(?:refund|money)\b/i.test(text)) return 'refund'
  if (/\breplacement\b/i.test(text)) return 'replacement'
  if (/\b(?:order|parcel|package|delivery|shipment|item)\b/i.test(text)) return 'order'
  for (const t of [
    'subscription',
    'invoice',
    'payment',
    'booking',
    'appointment',
    'account',
    'repair',
    'exchange',
  ] as const)
    if (new RegExp(`\\b${t}\\b`, 'i').test(text)) return t
  return undefined
}

/** The act's words said to the customer, the customer's own mention dropped ("them", "the customer", "Anna"). */
function said(d: Draft, text: string) {
  const names = d.facts.name ? [d.facts.name] : []
  return toSecondPerson(text.replace(RECIPIENT, '').replace(NAMED_RECIPIENT, ''), names).trim()
}

export function renderAct(d: Draft, a: Act, index: number): string[] {
  const { pick } = d
  const text = said(d, a.text)
  switch (a.act) {
    case 'apologise': {
      d.apologised = true
      // "sorry the order is late, it ships tomorrow": the apology, then the news.
      const [first, ...news] = text.split(/,\s*(?:and\s+|but\s+)?(?=\w+\s+\w+)/)
      if (news.length)
        return [...renderAct(d, { act: 'apologise', text: first! }, index), ...news.map((n) => sentence(n))]
      const body = text.replace(/^(?:that|because)\s+/i, '')
      // "for the cracked screen" when the chat says the phone arrived with a cracked screen: the chat's words say more.
      const named = body
        .replace(/^for\s+(?:the|your|this|that)\s+/i, '')
        .split(/\s+/)
        .every((w) => d.problem?.toLowerCase().includes(w.toLowerCase()))
      if (d.problem && (!body || VAGUE_TROUBLE.test(body) || (/^for\s/i.test(body) && named)))
        return [problemApology(d, d.problem)]
      if (
        LATE.test(body) &&
        (topicIn(body) || d.facts.topic) &&
        !/^for\s/i.test(body) &&
        body.split(/\s+/).length <= 8
      ) {
        const subject = d.subject(topicIn(body))
        return [
          pick(
            [
              `I'm sorry ${subject} is taking longer than expected.`,
              `I'm really sorry that ${subject} is taking longer than it should.`,
              `I apologise that ${subject} is taking longer than we said.`,
            ],
            'apology-late',
          ),
        ]
      }
      const forWhat = /^for\s+(.+)$/i.exec(text)?.[1]
      if (forWhat && GENERIC_TROUBLE.test(forWhat) && (d.facts.topic || d.facts.reference))
        return [`I'm sorry for the ${forWhat.replace(/^(?:the|any)\s+/i, '')} with ${d.subject()}.`]
      if (forWhat) return [pick([`I'm sorry for ${forWhat}.`, `I apologise for ${forWhat}.`], 'apology-for')]
      if (body) return [pick([`I'm sorry that ${body}.`, `I'm really sorry that ${body}.`], 'apology-that')]
      return [`I'm sorry for the trouble with ${d.subject()}.`]
    }
    case 'thank': {
      const forWhat = /^for\s+(.+)$/i.exec(text)?.[1]
      if (forWhat && /\b(?:patience|understanding|waiting)\b/i.test(forWhat)) d.apologised = true
      if (forWhat && d.wantSubject) {
        d.wantSubject = false
        return [`Thank you for ${forWhat} with ${d.subject()}.`]
      }
      if (forWhat) return [pick([`Thank you for ${forWhat}.`, `Thanks so much for ${forWhat}.`], 'thanks')]
      return [`Thank you for getting in touch about ${d.subject()}.`]
    }
    case 'promise':
      return [promise(d, text)]
    case 'ask':
      return ask(d, text)
    case 'confirm':
      return [confirm(d, text)]
    case 'tell':
    case 'give': {
      const body = text.replace(/^(?:know\s+)?(?:that\s+)?/i, '')
      const about = /^(?:about|on)\s+(.+)$/i.exec(body)?.[1]
      if (about) return d.lookup(about, 2).length ? d.lookup(about, 2) : [`I wanted to give you an update on ${about}.`]
      if (!body) return []
      if (/^(?:when|until when|what|how|why|where|which)\b/i.test(body)) return answer(d, body)
      if (!VERBISH.test(body)) {
        const found = d.lookup(a.act === 'give' ? `${body} ${d.facts.said}` : body, 2)
        if (found.length) return found
        if (/\b(?:code|voucher|coupon|discount|link)\b/i.test(body)) return [`You can use ${body}.`]
        return [a.act === 'give' ? `Here is ${body}.` : `I'd also like to mention ${body}.`]
      }
      if (NEGATIVE.test(body)) return [pick([`Unfortunately, ${body}.`, `I'm afraid ${body}.`], 'bad-news')]
      if (POSITIVE.test(body))
        return [pick([`I'm happy to let you know that ${body}.`, `Good news: ${body}.`], 'good-news')]
      return [pick([`I wanted to let you know that ${body}.`, `Just so you know, ${body}.`], 'news')]
    }
    case 'explain':
    case 'steps': {
      const body = text.replace(/^(?:that|to you that)\s+/i, '')
      if (a.act === 'explain' && /^that\s/i.test(text) && VERBISH.test(body))
        return [NEGATIVE.test(body) ? `Unfortunately, ${body}.` : sentence(body)]
      const broad = /^how\b/i.test(body) || a.act === 'steps'
      const found = d.lookup(`${body} ${a.act === 'steps' ? 'step' : ''} ${d.facts.said}`, broad ? 4 : 2, broad)
      if (found.length) return found
      const how = /^how\s+(?:to\s+)?(.+)$/i.exec(body)?.[1]
      if (how) return [`I'll walk you through how to ${how.replace(/^you\s+(?:can\s+)?/i, '')}.`]
      if (a.act === 'steps')
        return [`I'll walk you through the steps${body ? ` ${body.replace(/^(?:to|for)\s+/i, 'to ')}` : ''}.`]
      if (/^(?:the\s+)?(?:delay|reason)$/i.test(body) || /^why\b/i.test(body) || !body)
        return d.facts.reason
          ? [`The delay is due to ${d.facts.reason}.`]
          : [`I've checked what happened with ${d.subject()}.`]
      if (VERBISH.test(body)) return [NEGATIVE.test(body) ? `Unfortunately, ${body}.` : sentence(body)]
      return [`Let me explain ${body}.`]
    }
    case 'decline': {
      const [what, why] = text.split(/\s+(?:because|as|since|given that)\s+/i)
      const thing = (what ?? '').replace(/^(?:the\s+)?(?:request\s+for\s+)?/i, '') || 'this'
      const object = /^(?:a|an|the|your|this|that)\b/i.test(thing) ? thing : `the ${thing}`
      return [
        `Unfortunately, we can't go ahead with ${object.replace(/^the (refund|exchange|return|request)/i, 'your $1')}${why ? `, as ${why}` : ''}.`,
      ]
    }
    case 'offer': {
      const lead = d.apologised ? pick(['To make up for this, ', 'To help put this right, '], 'offer-lead') : ''
      const tail = /\bor\b/i.test(text) ? ', whichever you prefer' : ''
      const what = text.replace(/\b(on|for|off)\s+the\s+next\b/gi, '$1 your next')
      const toDo = /^to\s+(.+)$/i.exec(what)?.[1]
      if (toDo) return [`${capitalize(lead)}I'd be happy to ${toDo}${tail}.`]
      return [`${capitalize(lead)}I'd like to offer you ${what}${tail}.`]
    }
    case 'remind': {
      const toDo = /^to\s+(.+)$/i.exec(text)?.[1]
      return [toDo ? `Just a reminder to ${toDo}.` : `Just a reminder that ${text.replace(/^that\s+/i, '')}.`]
    }
    case 'reassure':
      return [`Please rest assured that ${text.replace(/^that\s+/i, '')}.`]
    case 'invite': {
      const toDo = /^to\s+(.+)$/i.exec(text)?.[1] ?? text
      return [`I'd also like to invite you to ${toDo}.`]
    }
    case 'welcome': {
      const to = /^to\s+(.+)$/i.exec(text)?.[1]
      return [to ? `Welcome to ${to}!` : 'Welcome aboard!']
    }
  }
}

/** "I'm so sorry that the phone … arrived with a cracked screen, especially as it was meant to be a present." */
export function problemApology(d: Draft, problem: string): string {
  d.apologised = true
  const hope = d.facts.hope ? `, especially as ${d.facts.hope}` : ''
  return `I'm so sorry that ${problem}${hope}.`
}

/** "when the headphones will be back in stock" → "The headphones will be back in stock on 18 June." */
function answer(d: Draft, clause: string): string[] {
  const when = /^(until when|when|what time|by when)\s+(.+)$/i.exec(clause)
  if (when) {
    const time = d.timeFor(clause)
    if (!time) return [`I'll confirm ${clause} as soon as I know.`]
    const phrase = /^until/i.test(when[1]!) ? `until ${time.replace(/^(?:on|by|until|from|in|at)\s+/i, '')}` : time
    return [sentence(`${withProduct(d, when[2]!)} ${phrase}`)]
  }
  const broad = /^(?:what happens next|how)\b/i.test(clause)
  const found = d.lookup(clause, broad ? 3 : 2, broad)
  return found.length ? found : [`I'll find out ${clause} and let you know.`]
}

/** "the headphones" → "the Nimbus 2 headphones" when the facts name the product. */
function withProduct(d: Draft, text: string): string {
  const product = d.facts.product
  if (!product || text.includes(product)) return text
  return text.replace(/^the\s+(\w+)/i, (all, noun: string) =>
    /^(?:order|refund|delivery)$/i.test(noun) ? all : `the ${product} ${noun}`,
  )
}

function promise(d: Draft, text: string): string {
  const { pick } = d
  const toDo = /^to\s+(.+)$/i.exec(text)?.[1]
  if (toDo) return `I'll ${toDo}.`
  const that = /^that\s+(.+)$/i.exec(text)?.[1]
  // "that it will reach her card by Friday": "it" stays when the sentence before named the subject.
  const named = d.facts.topic && new RegExp(`\\b${d.facts.topic}\\b`, 'i').test(d.lastText)
  if (that) return sentence(named ? that : that.replace(/^it\b/i, d.subject()))
  const when = timePhrase(text)
  const object = (when ? text.replace(when, ' ') : text).replace(/\s+/g, ' ').trim()
  const topic = topicIn(object) ?? d.facts.topic
  const watch = pick(
    [
      "and I'll keep an eye on it until it does",
      "and I'll keep an eye on it for you",
      "and I'll follow it up until it does",
    ],
    'watch',
  )
  const by = when ?? 'as soon as possible'
  if (/\b(?:update|reply|answer|news|response)\b/i.test(object)) return `I'll get back to you with an update ${by}.`
  if (/\b(?:call|callback)\b/i.test(object)) return `I'll call you ${by}.`
  if (/\b(?:fix|solution)\b/i.test(object)) return `We'll have this fixed ${by}.`
  // A replacement is sent, not "with you": say what is replaced and meet the customer's own deadline if they gave one.
  if (topic === 'replacement' && (!object || /^(?:an?\s+)?(?:new\s+)?replacement\b/i.test(object))) {
    // "a replacement phone", but "a replacement for the Nimbus 2 headphones" (a name may be plural).
    const rest = object.replace(/^(?:an?\s+)?(?:new\s+)?replacement/i, '')
    const item = rest ? '' : d.facts.product ? ` for the ${d.facts.product}` : d.facts.item ? ` ${d.facts.item}` : ''
    const thing = `a replacement${item}${rest}`
    if (when) return `We will send you ${thing}, and it will be with you ${when}.`
    if (d.facts.wanted) return `We will send you ${thing} and will do our best to get it to you ${d.facts.wanted}.`
    return `We will send you ${thing} as soon as possible.`
  }
  const subject = d.subject(topic, true)
  if (topic === 'refund') return `${subject} will reach you ${by}, ${watch}.`
  if (
    topic === 'order' ||
    topic === 'replacement' ||
    topic === 'parcel' ||
    topic === 'package' ||
    topic === 'delivery' ||
    topic === 'shipment'
  )
    return `${subject} will be with you ${by}, ${watch.replace('until it does', 'until it arrives')}.`
  if (object && !/^(?:it|this|that|them)$/i.test(object)) return `You'll have ${object} ${by}.`
  return `${subject} will be sorted ${by}, ${watch.replace('until it does', 'until it is')}.`
}

function ask(d: Draft, text: string): string[] {
  const { pick } = d
  const forWhat = /^(?:you\s+)?for\s+(.+)$/i.exec(text)?.[1]
  const toDo = /^(?:you\s+)?to\s+(.+)$/i.exec(text)?.[1]
  const whether = /^(?:you\s+)?(?:whether|if)\s+(.+)$/i.exec(text)?.[1]
  const wh = /^(?:you\s+)?((?:what|which|when|where|how|who|why)\b.+)$/i.exec(text)?.[1]
  let question: string
  if (toDo) question = `Could you please ${toDo}?`
  else if (whether) question = `Could you let me know whether ${whether}?`
  else if (wh) question = `Could you let me know ${wh}?`
  else {
    const what = forWhat ?? text
    if (!what || /^(?:(?:some |a few |any )?more |further |additional )?(?:details|information|info)$/i.test(what))
      question = 'Could you tell me a little more about what happened?'
    else question = pick([`Could you please send me ${what}?`, `Could you send me ${what}, please?`], 'ask')
  }
  return [question]
}

function confirm(d: Draft, text: string): string {
  const body = text.replace(/^that\s+/i, '')
  if (/^that\s/i.test(text) || (VERBISH.test(body) && !/^(?:the|your|a|an)\s+\w+(?:\s+of\s+.+)?$/i.test(body)))
    return `I can confirm that ${body}.`
  const cancel = /\bcancel(?:l?ation|l?ed)?\b(?:\s+of\s+(.+))?/i.exec(body)
  if (cancel) {
    const what = cancel[1] ?? d.subject(topicIn(body) === 'refund' ? undefined : topicIn(body))
    return `I can confirm that ${what} has been cancelled.`
  }
  if (/\breceipt\s+of\s+(.+)/i.test(body))
    return `I can confirm that we have received ${body.replace(/^.*?\breceipt\s+of\s+/i, '')}.`
  const topic = topicIn(body)
  if (topic === 'refund') return `I can confirm that ${d.subject('refund')} has been issued.`
  if (topic === 'replacement') return `I can confirm that a replacement has been arranged for ${d.subject('order')}.`
  if (topic === 'order' || topic === 'booking' || topic === 'appointment') return `I can confirm ${d.subject(topic)}.`
  return `I can confirm ${body}.`
}
