import nlp from 'compromise'
import { loadLexicon } from './wordnet.js'

/**
 * Reported speech for the summariser: a chat sentence written in the first and second person ("I returned the
 * blender and I still haven't got my refund") becomes a third-person statement about the people in the chat
 * ("Anna Schmidt returned the blender and still has not got their refund"). What staff said is reported as what
 * they did: "I've issued a refund" → "Tom issued a refund", "I'll email you" → "Tom promised to email Anna",
 * "I can see the return arrived" → "Tom found the return arrived", "I'm sorry for the delay" → "Tom apologised for
 * the delay". Questions become indirect ("Will I get an email?" → "whether Anna will get an email").
 *
 * compromise tags the words (verb, tense, pronoun, adverb); the rules below use the tags to find the verb that
 * has to agree with a new subject. Contractions are expanded first ("haven't" → "have not") so every verb is one
 * word; the report therefore never quotes a contracted phrase word for word.
 */

/** A person in the chat: the full name for the first mention, the first name after it. */
export type Party = { full: string; first: string; generic: boolean }

/** Who is speaking (`self`) and to whom (`other`); staff reports are in the past tense ("Tom issued…"). */
export type Voice = { self: Party; other: Party; staff: boolean }

/** Which parties the summary has named already, so the second mention uses the first name. */
export class Mentions {
  private seen = new Set<string>()
  name(p: Party): string {
    if (p.generic) return p.full
    if (this.seen.has(p.full)) return p.first
    this.seen.add(p.full)
    return p.full
  }
}

const GENERIC_NAME =
  /^(?:|customer|client|visitor|guest|user|unknown|agent|support|staff|operator|assistant|bot|virtual assistant|chatbot)$/i

/** A party from a display name; a missing or role-like name becomes "the customer", "the agent"… */
export function party(name: string, fallback: string): Party {
  const clean = name.replace(/\s+/g, ' ').trim()
  if (GENERIC_NAME.test(clean) || !/\p{L}/u.test(clean)) {
    const role = /assistant|bot/i.test(clean) ? 'the assistant' : fallback
    return { full: role, first: role, generic: true }
  }
  // A role account ("Admin User", "Support Team") is always named in full: "Admin" alone reads as a first name.
  const first = ROLE_WORD.test(clean.split(' ')[0]!) ? clean : clean.split(' ')[0]!
  return { full: clean, first, generic: false }
}

const ROLE_WORD = /^(?:admin|administrator|support|team|staff|service|helpdesk|sales|billing|agent|operator)$/i

/** What a customer's "you" means when it is not the agent in person: "Can you send…" → "the company can send…". */
export const COMPANY: Party = { full: 'the company', first: 'the company', generic: true }

// Verbs whose subject "you" is the business rather than the person answering ("do you support SSO?", "you
// charged me twice").
const COMPANY_VERB =
  /^(?:support|supports|sell|sells|offer|offers|ship|ships|send|sends|sent|deliver|delivers|delivered|stock|have|has|accept|accepts|charge|charged|provide|provides|make|makes|do|does|replace|refund|issue|open|close)$/i

const CONTRACTIONS: [RegExp, string][] = [
  [/\b(can)['’]t\b/gi, '$1not'],
  [/\b(w)on['’]t\b/gi, '$1ill not'],
  [/\b(sha)n['’]t\b/gi, '$1ll not'],
  [/\b(\w+)n['’]t\b/gi, '$1 not'],
  [/\b(I)['’]m\b/g, '$1 am'],
  [/\b(i)['’]m\b/g, 'I am'],
  [/\b(I|you|we|they|he|she|it|that|there|who)['’]ve\b/gi, '$1 have'],
  [/\b(I|you|we|they|he|she|it|that|there|who)['’]ll\b/gi, '$1 will'],
  [/\b(I|you|we|they|he|she|it|that|there|who)['’]d\b/gi, '$1 would'],
  [/\b(you|we|they|who)['’]re\b/gi, '$1 are'],
  [/\b(it|that|there|what|where|who|how|he|she)['’]s (been|got|gone|had)\b/gi, '$1 has $2'],
  [/\b(it|that|there|what|where|who|how|here|he|she)['’]s\b/gi, '$1 is'],
  [/\blet['’]s\b/gi, 'let us'],
]

// Texting shorthand a report should not repeat ("cant login" → "cannot log in").
const SHORTHAND: [RegExp, string][] = [
  [/\b(c)ant\b/gi, '$1annot'],
  [/\b(w)ont\b/gi, '$1ill not'],
  [/\b(d)(oe)?nt\b/gi, '$1$2 not'],
  [/\b(d)idnt\b/gi, '$1id not'],
  [/\b(i)snt\b/gi, '$1s not'],
  [/\b(h)avent\b/gi, '$1ave not'],
  [/\bim\b/gi, 'I am'],
  [/\bive\b/gi, 'I have'],
  [/\bur\b/gi, 'your'],
  [/\bu\b/gi, 'you'],
  [/\b(?:pls|plz)\b/gi, 'please'],
  [/\b(?:thx|ty)\b/gi, 'thanks'],
  [/\bn\b/g, 'and'],
  [/\bwat\b/gi, 'what'],
  [/\bidk\b/gi, 'I do not know'],
  [/\btmrw\b/gi, 'tomorrow'],
  [/\bmsg\b/gi, 'message'],
  [/\b(?:coz|cuz|bc)\b/gi, 'because'],
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\bgotta\b/gi, 'have to'],
  [/\bbtw\b,?\s*/gi, ''],
  [/\s*\b(?:lol|lmao|haha)\b/gi, ''],
  [/\blogin\b(?= (?:to|into|with|again|now)\b|[.,!?]|$)/gi, 'log in'],
]

/** Expands contractions and texting shorthand, and straightens apostrophes ("I'm" → "I am", "cant" → "cannot"). */
export function expandContractions(text: string): string {
  let t = text.replace(/’/g, "'")
  for (const [re, to] of SHORTHAND) t = t.replace(re, to)
  for (const [re, to] of CONTRACTIONS) t = t.replace(re, to)
  return t.replace(/\bi\b/g, 'I')
}

// A greeting, a name being addressed, or an interjection that opens a message: "Hi Tom,", "Oh wow,", "Okay.".
const OPENER =
  /^(?:(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|(?:thanks|thank you)(?!(?: so much| very much)? for\b)|ok|okay|oh|wow|great|perfect|fine|well|so|also|and|but|yes|yeah|sure|right|hmm|ah|alright|understood|got it|done|no|amazing|awesome|brilliant|lovely|cool|absolutely|of course|certainly)(?: (?:there|team|all|again|wow|so much))?[,!.:]*\s+)+/i
const ADDRESSED = /^\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?[,!:]\s+/u

export function stripOpener(text: string): string {
  let stripped = text.replace(OPENER, '')
  if (stripped !== text) stripped = stripped.replace(ADDRESSED, '')
  return stripped.length >= 3 ? stripped : text
}

type Term = { text: string; post: string; tags: Set<string> }

// compromise takes a few milliseconds a sentence; a summary tags the same sentences more than once.
const tagged = new Map<string, Term[]>()

function terms(text: string): Term[] {
  let cached = tagged.get(text)
  if (!cached) {
    cached = tag(text)
    if (tagged.size >= 2000) tagged.clear()
    tagged.set(text, cached)
  }
  return cached.map((t) => ({ ...t, tags: t.tags }))
}

function tag(text: string): Term[] {
  const out: Term[] = []
  const doc = nlp(text).json() as { terms: { text: string; pre: string; post: string; tags: string[] }[] }[]
  for (const s of doc)
    for (const t of s.terms) {
      if (t.pre && out.length) out[out.length - 1]!.post += t.pre
      out.push({ text: t.text, post: t.post, tags: new Set(t.tags) })
    }
  return out
}

const join = (ts: Term[]) =>
  ts
    .map((t) => t.text + t.post)
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .trim()

const SUBJECT_SELF = new Set(['i', 'we'])
const OBJECT_SELF = new Set(['me', 'us'])
const POSSESSIVE_SELF = new Set(['my', 'our'])
const IRREGULAR_SG3: Record<string, string> = { am: 'is', are: 'is', have: 'has', do: 'does', were: 'was', be: 'is' }
const IRREGULAR_PLURAL: Record<string, string> = { am: 'are', is: 'are', has: 'have', does: 'do', was: 'were' }
const MODALS = new Set(['can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must', 'cannot'])
const SKIPPABLE = (t: Term) =>
  t.tags.has('Adverb') || t.tags.has('Negative') || /^(?:just|still|also|really)$/i.test(t.text)

/** Third person singular present of a verb: "need" → "needs", "try" → "tries", "fix" → "fixes". */
export function sg3(verb: string): string {
  const lower = verb.toLowerCase()
  if (IRREGULAR_SG3[lower]) return IRREGULAR_SG3[lower]
  if (MODALS.has(lower)) return verb
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`
  return `${verb}s`
}

const pasts = new Map<string, string>([
  ['see', 'found'],
  ['am', 'was'],
  ['is', 'was'],
  ['are', 'were'],
])

export function pastTense(verb: string): string {
  const lower = verb.toLowerCase()
  let past = pasts.get(lower)
  if (past === undefined) {
    const conjugated = (nlp(lower).verbs().conjugate() as { PastTense?: string }[])[0]?.PastTense
    past = conjugated && !conjugated.includes(' ') ? conjugated : ''
    if (pasts.size < 5000) pasts.set(lower, past)
  }
  return past || verb
}

const isVerb = (t: Term) =>
  (t.tags.has('Verb') || t.tags.has('Copula') || t.tags.has('Auxiliary')) && !t.tags.has('Gerund')

/**
 * Makes the verb after a new subject agree with it: `sg3` ("Anna needs"), `then` (a customer's present tense next
 * to "yesterday" or "ago": "Giorgos received"), `plural` ("they were"), or `past` for a
 * staff member's own actions ("Tom checked", "Tom promised to", "Tom found"). Returns the terms, changed in place.
 */
function agree(ts: Term[], at: number, mode: 'sg3' | 'plural' | 'past' | 'then'): void {
  let i = at
  while (i < ts.length && i < at + 3 && SKIPPABLE(ts[i]!) && !isVerb(ts[i]!)) i++
  const t = ts[i]
  if (!t || !isVerb(t) || t.tags.has('PastTense')) return
  const lower = t.text.toLowerCase()
  const next = ts[i + 1]
  const keepCase = (w: string) => (/^\p{Lu}/u.test(t.text) ? w.charAt(0).toUpperCase() + w.slice(1) : w)
  if (mode === 'plural') {
    if (IRREGULAR_PLURAL[lower]) t.text = keepCase(IRREGULAR_PLURAL[lower])
    return
  }
  if (mode === 'then' && !IRREGULAR_SG3[lower] && !MODALS.has(lower)) {
    if (t.tags.has('PresentTense') || t.tags.has('Infinitive')) t.text = keepCase(pastTense(t.text))
    return
  }
  if (mode === 'sg3' || mode === 'then') {
    if (MODALS.has(lower)) return
    if (t.tags.has('PresentTense') || t.tags.has('Infinitive') || t.tags.has('Copula') || IRREGULAR_SG3[lower])
      t.text = keepCase(sg3(t.text))
    return
  }
  // Staff actions: "have issued" → "issued", "will email" → "promised to email", "can help" → "offered to help".
  const afterNext = ts[i + 2]
  if ((lower === 'have' || lower === 'has') && next && (next.tags.has('PastTense') || next.tags.has('Participle'))) {
    ts.splice(i, 1)
    return
  }
  if (lower === 'will' && next?.text.toLowerCase() === 'not') {
    t.text = 'promised'
    next.text = 'not to'
    return
  }
  if (lower === 'will') return void (t.text = 'promised to')
  if (/^(?:am|is|are)$/.test(lower) && next?.tags.has('Gerund')) return void (t.text = 'is')
  if ((lower === 'can' || lower === 'could') && next && /^(?:offer|give)$/i.test(next.text)) {
    ts.splice(i, 1)
    next.text = 'offered'
    return
  }
  if ((lower === 'can' || lower === 'could') && next && /^(?:see|confirm|tell)$/i.test(next.text)) {
    ts.splice(i, 1)
    next.text = next.text.toLowerCase() === 'see' ? 'found' : next.text.toLowerCase() === 'tell' ? 'said' : 'confirmed'
    return
  }
  if ((lower === 'can' || lower === 'could') && next && isVerb(next) && !afterNext?.tags.has('Negative'))
    return void (t.text = 'offered to')
  if (lower === 'cannot') return void (t.text = 'could not')
  if (lower === 'can') return void (t.text = 'could')
  if (MODALS.has(lower)) return
  t.text = pastTense(t.text)
}

/**
 * Rewrites a sentence of `voice.self` in the third person. The first "I" becomes the speaker's name (the full name
 * on the first mention in the summary), a repeated "and I" is dropped, other first-person pronouns become "they" /
 * "them" / "their"; "you" becomes the other party's name, "your" their name with "'s" (for staff) or "the" (for a
 * customer talking about the company).
 */
// A customer sentence that starts with its verb has dropped its "I" ("cant login", "tried twice").
const DROPPED_I =
  /^(?:cannot|can not|could not|tried|need|want|have|had|got|am|was|did not|do not|bought|ordered|paid|received|returned|lost|forgot|fixed|sent|called|emailed|changed|used|just)\b/i

// Time words that put a customer's present-tense verb in the past ("I receive yesterday" → "received").
const PAST_TIME =
  /\b(?:yesterday|ago|last (?:week|month|night|year|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i
const INSTRUCTION_START = /^(?:(?:then|first|next|now|just|simply|please|also|and|so),?\s+)+/i

const COURTESY_VERB = /^(?:thank|thanks|apologi[sz]e|sorry|welcome|enjoy|have a|hope|wish)\b/i
// "It will be with you soon", "It'll arrive by Friday": a promise about the thing the chat is about.
const THING_PROMISE =
  /^(?:it|this|that|they) will (?:(be with you|reach you|get to you)|(arrive|ship|be (?:sent|shipped|delivered|dispatched|ready|there|back)))\b\s*/i

/**
 * Staff courtesies in reported form: "thank you for X" → "I thanked you for X", "apologies for X" → "I apologised
 * for X" (a trailing "with it" is dropped), and a promise about "it" names the thing it is about when the caller
 * knows it ("It will be with you as soon as possible" → "I promised the replacement as soon as possible").
 */
function staffCourtesy(text: string, thing: string | undefined): string {
  let t = text
    .replace(/^(?:thank you|thanks)(?: (?:so|very) much)? for\b/i, 'I thanked you for')
    .replace(/^(?:my )?apologies (for|about)\b/i, 'I apologised $1')
    .replace(
      /^I am (?:really |so |very |truly |terribly )?sorry (for|about) (.+?)(?: with (?:it|this|that))?([.!]?)$/i,
      'I apologised $1 $2$3',
    )
  const promise = thing ? THING_PROMISE.exec(t) : null
  if (promise)
    t = promise[1]
      ? `I promised ${thing} ${t.slice(promise[0].length)}`
      : `I promised that ${thing} would ${promise[2]} ${t.slice(promise[0].length)}`
  // "I promised the replacement soon, and I will keep an eye on it" → "… soon and to keep an eye on it".
  if (/^I promised\b/.test(t)) t = t.replace(/,? and I will (?!not\b)/, ' and to ')
  return t.replace(/\s+([.,!?])/g, '$1').trim()
}

// `thing`: what "it" refers to in a staff promise ("the replacement"), when the chat names it.
export function toThirdPerson(
  sentence: string,
  voice: Voice,
  mentions: Mentions,
  selfNamed = false,
  thing?: string,
): string {
  let text = expandContractions(sentence)
  if (!voice.staff && DROPPED_I.test(text)) text = `I ${text.charAt(0).toLowerCase()}${text.slice(1)}`
  // "Ordering two now." → "I am ordering two now."
  else if (!voice.staff && /^\p{L}+ing\b/u.test(text) && terms(text)[0]?.tags.has('Gerund'))
    text = `I am ${text.charAt(0).toLowerCase()}${text.slice(1)}`
  if (voice.staff) text = staffCourtesy(text, thing)
  // A staff instruction ("Then open the flap", "just tick 'Gift wrap'") is reported as advice given; thanks,
  // apologies and wishes are not instructions ("thank you for…" is no "told Anna to thank…").
  if (voice.staff && !COURTESY_VERB.test(text.replace(INSTRUCTION_START, ''))) {
    const bare = text.replace(INSTRUCTION_START, '')
    const all = terms(text)
    const first = all[all.findIndex((t) => !/^(?:then|first|next|now|just|simply|please|also|and|so)$/i.test(t.text))]
    if (
      first &&
      (first.tags.has('Imperative') || (first.tags.has('Infinitive') && bare !== text)) &&
      !/^I\b/.test(bare)
    )
      text = `I told you to ${bare.charAt(0).toLowerCase()}${bare.slice(1)}`
  }
  const selfMode = voice.staff ? 'past' : PAST_TIME.test(text) ? 'then' : 'sg3'
  text = text
    .replace(/^sorry\b/i, 'I am sorry')
    .replace(/\bI am (?:really |so |very |truly |terribly )?sorry\b/g, voice.staff ? 'I apologised' : 'I apologise')
  const ts = terms(text)
  // Capitals for emphasis ("NOTHING has arrived", "I WANT MY MONEY BACK") are not kept in a report.
  const lex = loadLexicon()
  ts.forEach((t, i) => {
    const attached = /-$/.test(t.post) || /-$/.test(ts[i - 1]?.post ?? '')
    const word = t.text.toLowerCase()
    if (!attached && /^\p{Lu}{2,}$/u.test(t.text) && !lex.usuallyCapitalised(word) && lex.frequency(word) > 0)
      t.text = word
  })
  // `selfNamed`: the sentence is reported after the speaker's name ("Anna asks whether they…").
  let named = selfNamed
  let lastSelf = false
  let otherNamed = false
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!
    const word = t.text.toLowerCase()
    const prev = ts[i - 1]
    if (/-$/.test(prev?.post ?? '')) continue // "thank-you", "e-mail"
    if (SUBJECT_SELF.has(word)) {
      const conj = prev && /^(?:and|but|or|then)$/i.test(prev.text) && !/,/.test(ts[i - 2]?.post ?? '')
      if (named && conj && lastSelf) {
        ts.splice(i, 1)
        i--
        agree(ts, i + 1, selfMode)
        continue
      }
      lastSelf = true
      if (!named || voice.staff) {
        // Staff are named again ("but Tom flagged it"): "they" could be the carrier or the team.
        t.text = mentions.name(voice.self)
        named = true
        agree(ts, i + 1, selfMode)
      } else {
        t.text = 'they'
        agree(ts, i + 1, selfMode === 'sg3' ? 'plural' : selfMode)
      }
    } else if (OBJECT_SELF.has(word)) t.text = 'them'
    else if (POSSESSIVE_SELF.has(word)) t.text = voice.staff ? 'the' : 'their'
    else if (word === 'mine' || word === 'ours') t.text = 'theirs'
    else if (word === 'myself' || word === 'ourselves' || word === 'yourself') t.text = 'themselves'
    else if (word === 'you' || word === 'u') {
      const object = prev && (isVerb(prev) || prev.tags.has('Preposition') || /^(?:to|for|with|at)$/i.test(prev.text))
      let v = i + 1
      while (v < ts.length && v < i + 4 && (MODALS.has(ts[v]!.text.toLowerCase()) || SKIPPABLE(ts[v]!))) v++
      const company = !voice.staff && !object && COMPANY_VERB.test(ts[v]?.text ?? '')
      const name = voice.staff
        ? mentions.name(voice.other)
        : company
          ? COMPANY.full
          : voice.other.generic
            ? voice.other.full
            : voice.other.first
      t.text = name
      otherNamed = true
      if (!object) {
        lastSelf = false
        agree(ts, i + 1, 'sg3')
      }
    } else if (word === 'your' || word === 'ur' || word === 'yours') {
      // "your next bill" → "Mark's next bill", and "their" once the sentence has named Mark.
      t.text = !voice.staff ? 'the' : otherNamed ? 'their' : possessive(mentions.name(voice.other))
      otherNamed = true
    }
  }
  return capitalise(join(ts))
}

export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`)
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const lowerFirst = (s: string) => (/^(?:I\b|\p{Lu}{2})/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1))

const WH =
  /^(how (?:long|much|many|soon|often|far)|what time|what kind of|which \w+|what \w+(?= (?:is|are|was|were|do|does|did|will|can|should|would|could)\b)|how|what|when|where|why|who|which|whose)\s+/i
const AUX = /^(is|are|was|were|am|do|does|did|will|would|can|could|should|shall|may|might|has|have|had)\s+/i
const PRONOUN_SUBJECT = /^(?:I|you|u|we|they|he|she|it|this|that|there|these|those|someone|anyone|anybody|somebody)\b/i
const EMBEDDING =
  /^(?:(?:can|could|would) (?:you|u|someone|anyone) (?:please |pls |plz )?(?:tell|let|inform) (?:me|us)(?: know)?|(?:do|did) (?:you|u) know|any idea|I (?:was |am )?wonder(?:ing)?|I would like to know|I want to know|(?:please |pls |plz )?(?:tell|let) (?:me|us)(?: know)?|(?:please |pls |plz )?(?:advise|confirm))\s+/i

/**
 * A customer question as an indirect question in the third person, without its question mark: "Why does this
 * keep happening?" → "why this keeps happening", "Will I get an email confirmation too?" → "whether Anna will get
 * an email confirmation too", "can u tell me when it ships" → "when it ships". Returns null for text it cannot
 * turn round (the caller then quotes a shorter form or leaves it out).
 */
export function indirectQuestion(question: string, voice: Voice, mentions: Mentions, selfNamed = false): string {
  let q = expandContractions(stripOpener(question.replace(/^[^?]*:\s+(?=\S)/, '')))
    .replace(/[?!.\s\p{Extended_Pictographic}]+$/u, '')
    .replace(/^(?:and|so|also|but|then|ok|okay|oh|and also)[, ]+/i, '')
    .trim()
  // "If it does not come by Wednesday, can I cancel?" → the condition goes after the question.
  let condition = ''
  const cond = /^((?:if|when|once|after|before) [^,]+),\s*(.+)$/i.exec(q)
  if (cond) [condition, q] = [cond[1]!, cond[2]!]
  // "I tried 5 times, what do I do": the question is the last part.
  const tailQuestion =
    /,\s+((?:how|what|when|where|why|who|which|is|are|can|could|will|would|do|does|did|should)\b.*)$/i.exec(q)
  if (
    tailQuestion &&
    !/^(?:how|what|when|where|why|who|which|is|are|can|could|will|would|do|does|did|should)\b/i.test(q)
  )
    q = tailQuestion[1]!
  // Only the first alternative of "…, or do I need to…": a summary keeps the question short.
  q = q.replace(/,? or (?:do|does|is|are|can|should|will|would) .+$/i, '')
  q = q.replace(/^(?:what|how) (?:do|should|can|shall) (?:I|we) do\b/i, 'what to do')
  // "is possible to change fast": a copula with no subject gets "it".
  q = q.replace(
    /^(is|was|will be|would be)\s+(?=(?:possible|ok|okay|fine|normal|safe|free|true|necessary|enough)\b)/i,
    '$1 it ',
  )
  const embedded = EMBEDDING.exec(q)
  let out: string
  if (embedded) {
    const rest = q.slice(embedded[0].length)
    out = /^(?:if|whether)\b/i.test(rest)
      ? rest.replace(/^if\b/i, 'whether')
      : WH.test(rest) || /^(?:how|what|when|where|why|who|which)\b/i.test(rest)
        ? rest
        : `about ${rest}`
  } else {
    const wh = WH.exec(q)
    const head = wh ? wh[1]! : 'whether'
    const body = wh ? q.slice(wh[0].length) : q
    // "Who is going to pay?": the question word is the subject, the order stays.
    const subjectWh =
      /^(?:who|what)$/i.test(head) && /^(?:is|was|will|can|has|does|did)\s+(?:\w+ing|going|be|been|not)\b/i.test(body)
    out = /^to\b/.test(body)
      ? `${head.toLowerCase()} ${body}`
      : `${head.toLowerCase()} ${subjectWh ? body : reorder(body)}`
  }
  if (condition) out += ` ${lowerFirst(condition)}`
  const reported = toThirdPerson(out, voice, mentions, selfNamed)
  return lowerFirst(reported).replace(/^whether\b/i, 'whether')
}

/** "does this keep happening" → "this keeps happening"; "will it take" → "it will take"; other text as it is. */
function reorder(body: string): string {
  const aux = AUX.exec(body)
  if (!aux) return body
  const negated = /^not\s+/i.test(body.slice(aux[0].length))
  const verb = aux[1]!.toLowerCase() + (negated ? ' not' : '')
  const rest = body.slice(aux[0].length).replace(/^not\s+/i, '')
  const ts = terms(rest)
  // The subject: one pronoun, or a noun phrase up to the first verb, preposition or adverb.
  let end = 0
  if (PRONOUN_SUBJECT.test(rest)) end = 1
  else {
    while (end < ts.length) {
      const t = ts[end]!
      if (end > 0 && (isVerb(t) || t.tags.has('Preposition') || t.tags.has('Adverb') || t.tags.has('Adjective'))) break
      if (end > 0 && /,/.test(ts[end - 1]!.post)) break
      end++
    }
    // compromise often tags the bare verb after "does the camera" as a noun: take the noun phrase's last word
    // as the verb when a preposition, determiner or nothing follows it ("does the camera work with…").
    if (/^(?:do|does|did)$/.test(verb) && end >= 3 && (end === ts.length || !isVerb(ts[end]!))) end--
  }
  if (end === 0 || end > ts.length) return body
  const subject = join(ts.slice(0, end))
  const tail = ts.slice(end)
  if (/^(?:do|does|did)$/.test(verb)) {
    const v = tail.findIndex((t) => !SKIPPABLE(t))
    const target = tail[v]
    if (target) {
      const singular = verb === 'does' && !/^(?:I|you|u|we|they)$/i.test(subject)
      if (verb === 'did') target.text = pastTense(target.text)
      else if (singular) target.text = sg3(target.text)
    }
    return `${subject} ${join(tail)}`.trim()
  }
  return `${subject} ${verb} ${join(tail)}`.trim()
}
