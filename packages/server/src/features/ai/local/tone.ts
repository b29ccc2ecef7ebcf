import nlp from 'compromise'
import type { Tone } from '@proxima/contracts'
import { finish, type Greeting, type Message, type Thanks } from './message.js'
import { applyRules, contract, expand, lowerFirst, switchVoice } from './rewrite.js'
import { sentimentOf } from './sentiment.js'
import { termTags } from './shorthand.js'
import { restructure, type Sentence } from './structure.js'
import { capitalize } from './text.js'
import { CONCISE, FORMAL, FRIENDLY, NEUTRAL_SWAPS } from './tone-rules.js'
import {
  ACKNOWLEDGE,
  ACKNOWLEDGE_PLAIN,
  COMPLAINT,
  CUSTOMER_ACKNOWLEDGE,
  isCustomer,
  situationOf,
} from './acknowledge.js'

/**
 * How each tone writes a parsed message. A careful agent's habits, as rules:
 * - formal: "Hello," / "Dear Anna,", no contractions or exclamation marks, formal wording, "Thank you.";
 * - friendly: "Hi there!", warmth woven into the sentences ("Just a heads-up: …", "Good news: …", "Could you …?"),
 *   contractions, "Thanks so much!";
 * - concise: no greeting or bare thanks, fillers and hedges removed, shorter forms ("send … again" → "resend …");
 * - empathetic: an acknowledgement of the customer's situation first, requests asked gently, thanks for patience;
 * - neutral: the same register, restructured (clause order, voice, request form, phrase swaps).
 * `k` picks among each rule's wordings, so variants differ; option 0 is the preferred one.
 */

export type Rendered = { text: string; added: string[] }

const pick = <T>(options: T[], k: number): T => options[k % options.length]!

const GOOD_VERBS =
  'issued|sent|shipped|dispatched|refunded|fixed|resolved|processed|approved|credited|updated|restored|unlocked|reset|replaced|added|applied|cancelled|canceled|arranged|booked|upgraded|extended|waived'
const GOOD = new RegExp(
  String.raw`\b(?:(?:we|I)(?:['’]ve| have)?\s+(?:just |now |already )?(?:${GOOD_VERBS})|(?:we|I)(?:['’]ll| will) (?:send|ship|refund|replace|credit|call|email|arrange|process|issue|fix|upgrade|extend)|(?:has been|have been|was|were) (?:just |now |already )?(?:${GOOD_VERBS})|is on (?:its|the) way|went through|has gone through)\b`,
  'i',
)
const NEGATIVE =
  /\b(?:not|no|never|cannot|can['’]t|won['’]t|don['’]t|doesn['’]t|didn['’]t|isn['’]t|aren['’]t|wasn['’]t|unfortunately|delay(?:ed)?|unable|out of stock)\b/i

/** What a sentence does: asks for something, tells bad or good news, asks a question, apologises. */
export function classify(text: string): Sentence {
  const bare = text.replace(/[.!?…]+$/, '')
  let m = /^(?:please|kindly)\s+(.+)$/i.exec(bare) ?? /^(.+?),?\s+please$/i.exec(bare)
  if (!m && /\?$/.test(text)) m = /^(?:could|can|would|will) you(?: please| kindly)?\s+(.+)$/i.exec(bare)
  if (m) {
    const vp = m[1]!
    if (/^let (?:me|us) know\b/i.test(vp)) return { text, kind: 'letKnow', vp }
    if (!/^note\b/i.test(vp) && startsWithVerb(vp)) return { text, kind: 'request', vp }
  }
  if (/^let (?:me|us) know\b/i.test(bare)) return { text, kind: 'letKnow', vp: lowerFirst(bare) }
  if (/\?$/.test(text)) return { text, kind: 'question', vp: '' }
  if (/^(?:(?:I|we)(?:['’]m| am|['’]re| are) (?:so |very |really )?sorry|sorry|apologies|my apologies)\b/i.test(text))
    return { text, kind: 'sorry', vp: '' }
  if (GOOD.test(text) && !NEGATIVE.test(text)) return { text, kind: 'good', vp: '' }
  if (NEGATIVE.test(text)) return { text, kind: 'bad', vp: '' }
  // The cheap checks first: the tagger runs only for a sentence they leave open.
  if (!/^(?:thank|hope|sorry|have)\b/i.test(bare) && startsWithVerb(bare, (tags) => /Imperative/.test(tags)))
    return { text, kind: 'request', vp: lowerFirst(bare) }
  return { text, kind: 'other', vp: '' }
}

const firstTags = (text: string) => (termTags(text)[0] ?? []).join(',')

/** Whether the text opens with a plain verb ("send…", not "is…", "sent…", "sending…"); `also` tests its tags too. */
function startsWithVerb(vp: string, also: (tags: string) => boolean = () => true): boolean {
  if (/^(?:be|have)\b/i.test(vp)) return false
  const tags = firstTags(vp)
  return /Verb/.test(tags) && !/Auxiliary|Modal|Gerund|PastTense/.test(tags) && also(tags)
}

/** "send your address again" → "sending your address again", or undefined. */
function gerund(vp: string): string | undefined {
  const [verb, ...rest] = vp.split(' ')
  const conj = nlp(verb!).verbs().conjugate()[0] as { Gerund?: string } | undefined
  const g = conj?.Gerund?.replace(/^is /, '')
  return g && /^[a-z]+ing$/.test(g) ? [g, ...rest].join(' ') : undefined
}

// ─── rendering ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A last resort for a text the tone rules leave as it was (already formal, already plain): formal notes the first
 * statement ("Please note that your ticket number is…"), neutral joins its first two statements.
 */
export function insist(msg: Message, tone: Tone): Message | undefined {
  const first = msg.paragraphs[0]
  if (!first?.length) return undefined
  const statement = (s: string) => /^(?:Your|The|Our|We|An?|This|It)\b[^?!]*\.$/.test(s)
  if (tone === 'formal' && statement(first[0]!))
    return {
      ...msg,
      paragraphs: [[`Please note that ${lowerFirst(first[0]!)}`, ...first.slice(1)], ...msg.paragraphs.slice(1)],
    }
  if (tone === 'neutral' && first.length > 1 && statement(first[0]!) && statement(first[1]!) && !/,/.test(first[0]!))
    return {
      ...msg,
      paragraphs: [
        [`${first[0]!.slice(0, -1)}, and ${lowerFirst(first[1]!)}`, ...first.slice(2)],
        ...msg.paragraphs.slice(1),
      ],
    }
  return undefined
}

/**
 * A parsed message ready to render: each body sentence classified, the body's sentiment, the requests' "-ing" forms
 * and the sentence rewrites that are the same in every variant (the last three when first asked for). Classifying
 * and conjugating run compromise's tagger, so all of it is worked out once and reused for every variant rendered.
 */
export type Prepared = {
  msg: Message
  sentences: Sentence[]
  mood: () => number
  gerund: (vp: string) => string | undefined
  /** The rewrite stored under `key`, written by `write` the first time. */
  rewritten: (key: string, write: () => string) => string
}

/** Classifies the message's sentences, each distinct one once; what `earlier` already worked out is reused. */
export function prepare(msg: Message, earlier?: Prepared): Prepared {
  const known = new Map<string, Sentence>()
  earlier?.msg.paragraphs.flat().forEach((text, i) => known.set(text, earlier.sentences[i]!))
  const once = (text: string) => known.get(text) ?? known.set(text, classify(text)).get(text)!
  const sentences = msg.paragraphs.flat().map(once)
  const bodyText = sentences.map((s) => s.text).join(' ')
  return {
    msg,
    sentences,
    mood: lazily(() => sentimentOf(bodyText).score),
    gerund: earlier?.gerund ?? remembered(gerund),
    rewritten: earlier?.rewritten ?? rewrites(),
  }
}

function rewrites(): Prepared['rewritten'] {
  const written = new Map<string, string>()
  return (key, write) => written.get(key) ?? written.set(key, write()).get(key)!
}

/** `fn` computed once per distinct argument. */
function remembered<T>(fn: (arg: string) => T): (arg: string) => T {
  const results = new Map<string, T>()
  return (arg) => {
    if (!results.has(arg)) results.set(arg, fn(arg))
    return results.get(arg)!
  }
}

/** `fn` computed on the first call only. */
function lazily<T>(fn: () => T): () => T {
  let result: { value: T } | undefined
  return () => (result ??= { value: fn() }).value
}

export function renderTone(prepared: Prepared, tone: Tone, k: number, apostrophe: string): Rendered {
  const { msg, sentences: all } = prepared
  const added: string[] = []
  const bodyText = all.map((s) => s.text).join(' ')
  const customer = isCustomer(bodyText)
  let woven = false
  const news = all.some((x) => x.kind === 'good' || x.kind === 'bad')
  let acknowledged = false

  const paragraphs = msg.paragraphs.map((sentences, p) =>
    sentences
      .map((raw, i) => {
        const s = all[msg.paragraphs.slice(0, p).flat().length + i]!
        let out = sentence(
          s,
          tone,
          k,
          () => !woven && ((woven = true), true),
          added,
          customer,
          prepared,
          news || p > 0 || i > 0,
        )
        if (tone === 'concise' && isFiller(raw) && all.length > 1) out = ''
        return out
      })
      .filter(Boolean),
  )

  // Empathy comes first: the acknowledgement opens the body.
  if (tone === 'empathetic') {
    const mood = prepared.mood()
    const situation = situationOf(
      bodyText,
      all.map((s) => s.kind),
    )
    // A reply that already apologises gets the acknowledgement without a second "sorry".
    const apologised = /\b(?:sorry|apologi[sz]e|apologies)\b/i.test(bodyText)
    const options = customer
      ? CUSTOMER_ACKNOWLEDGE[mood < -0.05 || COMPLAINT.test(bodyText) ? 'negative' : mood > 0.3 ? 'positive' : 'other']
      : (apologised ? ACKNOWLEDGE_PLAIN : ACKNOWLEDGE)[situation]
    // A reply that already thanks for patience is not thanked twice.
    const fresh = options.filter((o) => !(/\b(?:patience|waiting)\b/i.test(bodyText) && /\bpatience\b/i.test(o)))
    const ack = pick(fresh.length ? fresh : options, k)
    const opening = all[0]
    // A reply opening with a short apology ("Sorry about that.") grows it into the acknowledgement.
    const fuller = opening?.kind === 'sorry' && paragraphs[0]?.length ? fullerApology(paragraphs[0][0]!, k) : undefined
    if (fuller) {
      paragraphs[0]![0] = fuller
      added.push(fuller)
      acknowledged = true
    } else if (opening?.kind === 'sorry' || !alreadyAcknowledges(bodyText)) {
      paragraphs[0] = [ack, ...(paragraphs[0] ?? [])]
      added.push(ack)
      acknowledged = true
    }
  }

  let text = ''
  const greeting = greet(msg.greeting, tone, k, paragraphs.flat().length > 0)
  if (greeting) added.push(greeting.text)
  const body = paragraphs
    .map((sentences, i) => (i === 0 ? joinAfterGreeting(greeting, sentences) : sentences.join(' ')))
    .reduce((acc, p, i) => (i === 0 ? p : `${acc}${msg.breaks[i - 1] ?? '\n'}${p}`), '')
  text = greeting?.ownLine ? `${greeting.text}${msg.greeting!.separator}${body}` : body

  const thanks = closing(msg.thanks, tone, k, all, acknowledged)
  if (thanks) {
    added.push(thanks)
    text = msg.thanks?.ownLine ? `${text}\n\n${thanks}` : `${text} ${thanks}`.trim()
  } else if (tone === 'friendly' && !woven && !greeting) {
    // Nothing to weave warmth into: a warm opening line instead.
    // "Happy to help!" only where help is given: not before bad news, an apology or the writer's own thanks.
    const plain =
      customer || /^(?:thanks|thank you)\b/i.test(bodyText) || all.some((x) => x.kind === 'bad' || x.kind === 'sorry')
    const opener = pick(plain ? ['Hi there!', 'Hey there!'] : ['Hi there!', 'Happy to help!', 'Hey there!'], k)
    text = `${opener} ${text}`
    added.push(opener)
  }
  if (msg.signOff) text = `${text}${msg.signOff.separator}${signOff(msg.signOff.text, tone)}`

  text = tone === 'formal' ? expand(text) : tone === 'neutral' ? text : contract(text, "'")
  if (apostrophe === '’') text = text.replace(/'/g, '’')
  return { text: text.replace(/[ \t]+/g, ' ').trim(), added }
}

/** "Sorry about that." → "I'm really sorry about that, and I understand how frustrating this must be." */
function fullerApology(sentence: string, k: number): string | undefined {
  if (/^sorry to hear\b/i.test(sentence)) return `I'm so sorry to hear${sentence.slice('sorry to hear'.length)}`
  const m = /^(?:(?:I['’]m|I am|we['’]re|we are) )?(?:so |very |really )?sorry\b(.*?)[.!]*$/i.exec(sentence)
  if (!m || /,/.test(m[1]!)) return undefined
  const understand = pick(
    ['and I understand how frustrating this must be', 'and I know this is not what you expected'],
    k,
  )
  return `${pick(["I'm really sorry", "I'm so sorry"], k)}${m[1]}, ${understand}.`
}

function alreadyAcknowledges(body: string): boolean {
  return /^(?:I(?:['’]m| am) (?:so |very |really )?sorry|I (?:completely |totally )?understand|I apologi[sz]e|We(?:['’]re| are) sorry)\b/i.test(
    body,
  )
}

type RenderedGreeting = { text: string; ownLine: boolean }

function greet(g: Greeting | null, tone: Tone, k: number, hasBody: boolean): RenderedGreeting | null {
  if (!g) return null
  const name = g.name
  const own = g.ownLine || !hasBody
  const named = (word: string) => (name ? `${word} ${name}` : word)
  switch (tone) {
    case 'formal':
      return { text: own && name ? pick([`Dear ${name},`, `Hello ${name},`], k) : `${named('Hello')},`, ownLine: own }
    case 'friendly':
      return {
        text: name ? pick([`Hi ${name}!`, `Hey ${name}!`], k) : pick(['Hi there!', 'Hey there!'], k),
        ownLine: own,
      }
    case 'empathetic':
      return { text: `${named(pick(['Hi', 'Hello'], k))},`, ownLine: own }
    case 'concise':
      // The name stays (it may be the only way the reader knows the message is for them); the rest goes.
      return name ? { text: `Hi ${name},`, ownLine: own } : null
    default: {
      const word = /^hello$/i.test(g.word) ? pick(['Hi', 'Hello'], k) : pick(['Hello', 'Hi'], k)
      return { text: `${named(word)},`, ownLine: own }
    }
  }
}

/** "Hello," + "Your order…" → "Hello, your order…"; "Hi there!" + "Your order…" → "Hi there! Your order…". */
function joinAfterGreeting(g: RenderedGreeting | null, sentences: string[]): string {
  const body = sentences.join(' ')
  if (!g || g.ownLine) return body
  // "Hello, unfortunately, …" reads badly: a body opening with "Word," follows a greeting ending in a stop.
  if (g.text.endsWith(',') && /^\p{L}+, /u.test(body)) return `${g.text.slice(0, -1)}. ${body}`
  if (g.text.endsWith(',')) return `${g.text} ${lowerFirst(body)}`
  return `${g.text} ${body}`
}

function closing(t: Thanks | null, tone: Tone, k: number, all: Sentence[], acknowledged: boolean): string | null {
  const asked = all.some((s) => s.kind === 'request' || s.kind === 'letKnow')
  const reason = t?.reason ? ` ${t.reason}` : ''
  switch (tone) {
    case 'formal':
      if (!t) return null
      return reason
        ? `Thank you${reason}.`
        : pick(asked || t.advance ? ['Thank you.', 'Thank you in advance.'] : ['Thank you.', 'Many thanks.'], k)
    case 'friendly':
      if (!t) return null
      return reason ? `Thanks so much${reason}!` : pick(['Thanks so much!', 'Thanks a lot!', 'Thanks!'], k)
    case 'empathetic':
      if (!t) return null
      if (reason) return `Thank you so much${reason}.`
      return acknowledged && !asked
        ? pick(['Thank you for your patience.', 'Thank you for bearing with us.'], k)
        : pick(['Thank you so much for your help.', 'Thank you for your help.'], k)
    case 'concise':
      return t && reason ? `Thanks${reason}.` : null
    default:
      if (!t) return null
      return reason ? pick([`Thank you${reason}.`, `Thanks${reason}.`], k) : pick(['Thank you.', 'Thanks.'], k)
  }
}

function signOff(text: string, tone: Tone): string {
  if (tone !== 'formal') return text
  return text
    .replace(/^(?:cheers|thanks|thx|take care)\b[,!.]*/i, 'Kind regards,')
    .replace(/^(?:best|warmly)[,!.]*$/im, 'Best regards,')
}

// Sentences that carry no information a concise reply needs.
function isFiller(s: string): boolean {
  if (/^(?:thanks|thank you) (?:so much )?for (?:waiting|your patience|your understanding)[.!]$/i.test(s)) return true
  return /^(?:I hope (?:you(?:['’]re| are) (?:well|doing well)|this helps)|hope (?:you(?:['’]re| are) (?:well|doing well)|this helps|that helps)|thanks for (?:reaching out|your message|contacting us|getting in touch)|thank you for (?:reaching out|your message|contacting us|getting in touch)|have a (?:great|nice|good) day)\b[^.!?]*[.!]$/i.test(
    s,
  )
}

/** One sentence in a tone; `weave` says whether this sentence may take the message's one woven phrase. */
function sentence(
  s: Sentence,
  tone: Tone,
  k: number,
  weave: () => boolean,
  added: string[],
  customer: boolean,
  { gerund: gerundOf, rewritten }: Prepared,
  news = false,
): string {
  // "I'm afraid if this date…" does not work: a sentence opening with a condition takes no lead phrase.
  if (
    /^(?:if|when|once|unless|as soon as|while|because|since|by the way|also|however|please note|\p{L}+,)/iu.test(
      s.text,
    ) &&
    (s.kind === 'bad' || s.kind === 'good')
  )
    s = { ...s, kind: 'other' }
  const lead = (phrase: string, body: string) => {
    added.push(phrase)
    return `${phrase}${lowerFirst(body)}`
  }
  switch (tone) {
    case 'formal': {
      const formalWords = (text: string) => rewritten(`formal\n${text}`, () => formalWordsOf(text))
      if (s.kind === 'request')
        return formalWords(
          pick([`Please ${s.vp}.`, `Could you please ${s.vp}?`, `I would be grateful if you could ${s.vp}.`], k),
        )
      if (s.kind === 'letKnow') {
        const rest = s.vp.replace(/^let (me|us) know\s*/i, '')
        const who = /^let us/i.test(s.vp) ? 'us' : 'me'
        return formalWords(
          pick([`Please let ${who} know ${rest}.`, `Please do not hesitate to let ${who} know ${rest}.`], k),
        )
      }
      let out = formalWords(s.text)
      if (
        s.kind === 'bad' &&
        !customer &&
        !/^(?:unfortunately|regrettably|I apologi|\p{L}+,)/iu.test(out) &&
        k % 2 === 1
      )
        out = lead('Unfortunately, ', out)
      if (s.kind === 'good' && !customer && /^(?:we|I) /i.test(out) && k % 3 === 2)
        out = lead('I am pleased to confirm that ', out)
      return finish(out)
    }
    case 'friendly': {
      if (s.kind === 'request') {
        const g = gerundOf(s.vp)
        // "Would you mind trying reinstalling" and "fix it now when you get a chance" are not offered.
        const urgent = /\b(?:now|immediately|today|as soon as possible|right away)\b/i.test(s.vp)
        const options = [
          `Could you ${s.vp}?`,
          ...(g && !/^\S+ \S+ing\b/.test(s.vp) ? [`Would you mind ${g}?`] : []),
          ...(urgent ? [] : [`Please ${s.vp} when you get a chance.`]),
        ]
        return applyRules(pick(options, k), FRIENDLY)
      }
      if (s.kind === 'letKnow') {
        const rest = s.vp.replace(/^let (me|us) know\s*/i, '')
        const who = /^let us/i.test(s.vp) ? 'us' : 'me'
        return pick([`Just let ${who} know ${rest}!`, `Feel free to let ${who} know ${rest}!`], k).replace(/ !$/, '!')
      }
      const out = applyRules(s.text, FRIENDLY)
      if (s.kind === 'bad' && !customer && !/^unfortunately\b/i.test(out) && weave())
        return lead(pick(['Just a heads-up: ', 'Quick heads-up: ', 'Just so you know, '], k), out)
      if (s.kind === 'good' && !customer && weave()) return lead(pick(['Good news: ', 'Great news: '], k), out)
      // Plain information opening an agent's message with no news to lead with: a friendly pointer.
      if (s.kind === 'other' && !customer && !news && /^(?:The|Your|Our)\b/.test(out) && weave())
        return lead(pick(['Just so you know, ', 'Quick note: '], k), out)
      return out
    }
    case 'empathetic': {
      if (s.kind === 'request')
        return pick([`Could you please ${s.vp}?`, `When you have a moment, could you please ${s.vp}?`], k)
      if (s.kind === 'letKnow') {
        const rest = s.vp.replace(/^let (me|us) know\s*/i, '')
        const who = /^let us/i.test(s.vp) ? 'us' : 'me'
        return pick(
          [
            `Please let ${who} know ${rest}, and I'll be glad to help.`,
            `Please don't hesitate to let ${who} know ${rest}.`,
          ],
          k,
        )
          .replace(/ ,/, ',')
          .replace(/ \./, '.')
      }
      if (s.kind === 'bad' && !customer && !/^(?:unfortunately|I['’]m afraid|\p{L}+,)/iu.test(s.text) && weave())
        return lead(pick(["I'm afraid ", 'Unfortunately, '], k), s.text)
      return s.text
    }
    case 'concise':
      // The same in every variant.
      return rewritten(`concise\n${s.kind}\n${s.text}`, () => concisely(s))
    default:
      return restructure(s, k, NEUTRAL_SWAPS[k % NEUTRAL_SWAPS.length]!)
  }
}

function concisely(s: Sentence): string {
  // A request keeps its own form: "Fix it now." stays an imperative, "Could you…?" becomes "Please …".
  if (s.kind === 'request')
    return /^[^,]*\bplease\b|\?$/i.test(s.text)
      ? finish(applyRules(`Please ${s.vp}.`, CONCISE).replace(/^Please please /i, 'Please '))
      : finish(applyRules(s.text, CONCISE))
  if (s.kind === 'letKnow') return finish(applyRules(capitalize(s.vp), CONCISE))
  const short = finish(applyRules(s.text, CONCISE))
  // The active voice is often shorter: "The refund was processed on…" → "We processed the refund on…".
  const active = switchVoice(short)
  return active && /^We /.test(active) && active.length < short.length ? finish(active) : short
}

const formalWordsOf = (text: string) => finish(applyRules(expand(text), FORMAL))
