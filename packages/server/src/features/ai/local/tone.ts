import nlp from 'compromise'
import type { Tone } from '@proxima/contracts'
import { finish, type Greeting, type Message, type Thanks } from './message.js'
import { applyRules, contract, expand, lowerFirst, switchVoice, type PhraseRule } from './rewrite.js'
import { sentimentOf } from './sentiment.js'
import { termTags } from './shorthand.js'
import { restructure, type Kind, type Sentence } from './structure.js'
import { capitalize } from './text.js'

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
    if (startsWithVerb(vp) && !/^note\b/i.test(vp)) return { text, kind: 'request', vp }
  }
  if (/^let (?:me|us) know\b/i.test(bare)) return { text, kind: 'letKnow', vp: lowerFirst(bare) }
  if (/\?$/.test(text)) return { text, kind: 'question', vp: '' }
  if (/^(?:(?:I|we)(?:['’]m| am|['’]re| are) (?:so |very |really )?sorry|sorry|apologies|my apologies)\b/i.test(text))
    return { text, kind: 'sorry', vp: '' }
  if (GOOD.test(text) && !NEGATIVE.test(text)) return { text, kind: 'good', vp: '' }
  if (NEGATIVE.test(text)) return { text, kind: 'bad', vp: '' }
  if (startsWithVerb(bare) && /Imperative/.test(firstTags(bare)) && !/^(?:thank|hope|sorry|have)\b/i.test(bare))
    return { text, kind: 'request', vp: lowerFirst(bare) }
  return { text, kind: 'other', vp: '' }
}

const firstTags = (text: string) => (termTags(text)[0] ?? []).join(',')

function startsWithVerb(vp: string): boolean {
  const tags = firstTags(vp)
  return /Verb/.test(tags) && !/Auxiliary|Modal|Gerund|PastTense/.test(tags) && !/^(?:be|have)\b/i.test(vp)
}

/** "send your address again" → "sending your address again", or undefined. */
function gerund(vp: string): string | undefined {
  const [verb, ...rest] = vp.split(' ')
  const conj = nlp(verb!).verbs().conjugate()[0] as { Gerund?: string } | undefined
  const g = conj?.Gerund?.replace(/^is /, '')
  return g && /^[a-z]+ing$/.test(g) ? [g, ...rest].join(' ') : undefined
}

// ─── phrase rules ─────────────────────────────────────────────────────────────────────────────────────────

const FORMAL: PhraseRule[] = [
  [/\bthanks(?! to)\b/gi, 'thank you'],
  [/\bthank you so much\b/gi, 'thank you very much'],
  [/\bI want\b/g, 'I would like'],
  [/\bwe want\b/gi, 'we would like'],
  [/\bcan you\b/gi, 'could you'],
  [/\bare you able to\b/gi, 'would you be able to'],
  [/\bget back to you\b/gi, 'follow up with you'],
  [/\blook into\b/gi, 'investigate'],
  [/\bmake sure\b/gi, 'ensure'],
  [/\bright away\b/gi, 'immediately'],
  [/\bright now\b/gi, 'at the moment'],
  [/\bget in touch with\b/gi, 'contact'],
  [/\bfind out\b/gi, 'determine'],
  [/\ba bit\b/gi, 'slightly'],
  [/\ba lot of\b/gi, 'many'],
  [/\bkind of |sort of /gi, ''],
  [/\byou guys\b/gi, 'you'],
  [/\bjust (?=reply|let|send|click|call|print|drop|use|try)/gi, ''],
  [/\bmaybe\b/g, 'perhaps'],
  [/,? I guess(?=[.!?]*$)/g, ''],
  [/^I guess,? /g, ''],
  [/\ba (?:large|great|big) number of\b/gi, 'many'],
  [/\bI(?: am|['’]m) (?:so |very |really )?sorry (?:for|about) the\b/g, 'I apologise for the'],
  [/\b(We|we)(?: are|['’]re) (?:so |very |really )?sorry (?:for|about) the\b/g, '$1 apologise for the'],
  [/^(?:so |very |really )?sorry about (?:that|this)\b/gi, 'Please accept our apologies for this'],
  [/\b(?:so |very |really )?sorry about (?:that|this)\b/gi, 'please accept our apologies for this'],
  [/^sorry to hear\b/gi, 'I am sorry to hear'],
  [/^sorry\b(?! to hear)/gi, 'I apologise'],
  [/\bno problem\b/gi, 'certainly'],
  [/\bno worries\b/gi, 'not a problem'],
  [/\byou can\b/g, 'you may'],
  [/\bbuy\b/g, 'purchase'],
  [/\bhelp\b(?= you\b)/g, 'assist'],
  [/^OK[,.!]?\s+/g, ''],
  [/\bis that OK\b/gi, 'is that acceptable'],
  [/^yes[,!]\s+/gi, 'Yes, '],
  [/^please note that\b/gi, 'Please be advised that'],
  [/^by the way,?\s+/gi, 'Please note that '],
  [/^also,?\s+/gi, 'In addition, '],
  [/\bstuff\b/g, 'items'],
  [/^(?:to be honest|for your information),?\s+/gi, ''],
  [/!/g, '.'],
]

const FRIENDLY: PhraseRule[] = [
  [/\bthank you very much\b/gi, 'thanks so much'],
  [/\bthank you\b/gi, 'thanks'],
  [/\bI would like to\b/g, "I'd like to"],
  [/\bat your earliest convenience\b/gi, 'when you get a chance'],
  [/\bplease inform (me|us)\b/gi, 'let $1 know'],
  [/\bregrettably\b/gi, 'unfortunately'],
  [/\bI apologi[sz]e for\b/g, "I'm sorry for"],
  [/\bwe apologi[sz]e for\b/gi, "we're sorry for"],
  [/\ba (?:large|great|big) number of\b/gi, 'lots of'],
  [/\binvestigate\b/gi, 'look into'],
  [/\bpurchase\b/g, 'buy'],
]

// Fillers and hedges that add length but no meaning.
const CONCISE: PhraseRule[] = [
  // ", just print the label…" loses its "just": after a condition the comma stays, elsewhere a colon keeps it
  // from becoming a comma splice.
  [/^((?:if|when|once|unless)\b[^,]*), just /i, '$1, '],
  [/, just (?=(?:print|reply|send|click|call|drop|use|try|let|tap|log|go|open|follow|restart|reinstall)\b)/g, ': '],
  [/\b(?:I was wondering if you could|would you be able to|are you able to)\b/gi, 'could you'],
  [
    /\b(?:please note that|I wanted to let you know that|I would like to inform you that|just to let you know,?|I just wanted to let you know that|I wanted to say that) /gi,
    '',
  ],
  [/^(?:OK|so|well|basically|actually|by the way|to be honest|for your information|also),?\s+/gi, ''],
  [/\b(?:I think|I believe|I guess|I feel like|in fact|as you can see|of course),? /gi, ''],
  [
    /(?<!\bnot |n['’]t )\b(?:just|really|actually|basically|simply|quite|totally|literally|honestly|definitely|certainly|very|kindly|kind of|sort of) /gi,
    '',
  ],
  [/\bin order to\b/gi, 'to'],
  [/\blog in to\b/gi, 'log into'],
  [/\ba (?:large|great|big) number of\b/gi, 'many'],
  [/\ba number of\b/gi, 'several'],
  [/\bat this time\b/gi, 'now'],
  [/\bright now\b/gi, 'now'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bat (?:this|the) (?:point in time|moment)\b/gi, 'now'],
  [/\bat your earliest convenience\b/gi, 'soon'],
  [/\bas quickly as possible\b/gi, 'as soon as possible'],
  [/\bin the event that\b/gi, 'if'],
  [/\bwith regard to\b|\bin regard to\b|\bregarding\b/gi, 'about'],
  [/\bthank you (?:so|very) much\b/gi, 'thanks'],
  [/\bthank you\b/gi, 'thanks'],
  [/\bI would like to\b/g, 'I want to'],
  [/\bare able to\b/gi, 'can'],
  [/\bis able to\b/gi, 'can'],
  [/\bsend (\S+(?: \S+)?) again\b/gi, 'resend $1'],
  [/\bonce again\b/gi, 'again'],
  [/\bI(?:['’]m| am) (?:so |very |really )?sorry (?:for|about)\b/g, 'Sorry for'],
  [/^(?:we['’]re|I['’]m|we are|I am) (?:so |very |really )?sorry, but\b/gi, 'Sorry, but'],
  [/\bmake sure\b/gi, 'ensure'],
  [/\bmy money back\b/gi, 'a refund'],
  [/\bas soon as possible\b/gi, 'promptly'],
  [/\b(I|we)['’](?:m|re) going to\b/gi, "$1'll"],
  [/\b(I|we) (?:am|are) going to\b/gi, "$1'll"],
  [/\bis (that|it|this) going to be\b/gi, 'will $1 be'],
  [/^Sorry to hear (?:that )?/g, 'Sorry '],
  [/^((?:Your|The|This|Our) [a-z]+) is ([^,;:]{4,}?) and will\b/g, '$1, $2, will'],
  [/^This is the (\w+) time (I|we)['’](m|re) (writing|asking|calling|contacting you)\b/g, "$2'$3 $4 for the $1 time"],
  [/\bthe link to reset your password\b/gi, 'your password reset link'],
  [/\bfor (\S+) a month\b/gi, 'for $1 monthly'],
  [/(?<=^|[.!?] )(?:Your |The |My )?(ticket|order|case|reference|tracking) number is (\S+?)\.$/gi, '$1 number: $2.'],
  [/\breply to this (?:message|e-?mail)\b/gi, 'reply'],
  [/\bis (?:now )?scheduled for delivery on\b/gi, 'will be delivered on'],
  [/\b(?:maybe|possibly|probably|perhaps) /gi, ''],
  [/,? I guess(?=[.!?]*$)/g, ''],
  [/^(?:unfortunately|regrettably|however),?\s+/gi, ''],
  [/\blook into\b/gi, 'check'],
  [/\bget back to you\b/gi, 'reply'],
  [/\bin the meantime\b/gi, 'meanwhile'],
  [/\bif you need (?:any )?(?:more|further|additional|other) (help|assistance)\b/gi, 'if you need more help'],
  [/\bany further\b/gi, 'more'],
  [/\bapproximately\b/gi, 'about'],
  [/\bassist\b/gi, 'help'],
  [/\bpurchase\b/gi, 'buy'],
  [/\bprior to\b/gi, 'before'],
  [/\bas well\b/gi, 'too'],
  [/\bwill be able to\b/gi, 'can'],
  [/\bwe are going to\b/gi, 'we will'],
  [/\bit (?:seems|looks like) that\b ?/gi, ''],
  [/\bthe reason (?:is|was) that\b/gi, 'because'],
  [/\bin addition,?\b/gi, 'also'],
  [/, but\b/g, ' but'],
]

// Swaps that keep the register, alternated between neutral variants.
const NEUTRAL_SWAPS: PhraseRule[][] = [
  [
    [/\bI want to\b/g, 'I would like to'],
    [/\bas soon as possible\b/gi, 'as quickly as possible'],
    [/\bright now\b/gi, 'at the moment'],
    [/\bmake sure\b/gi, 'ensure'],
    [/\bbecause of\b/gi, 'due to'],
    [/\blook into\b/gi, 'investigate'],
    [/\bget back to you\b/gi, 'follow up with you'],
    [/\bright away\b/gi, 'immediately'],
    [/\ba few\b/gi, 'several'],
    [/\bget in touch with\b/gi, 'contact'],
    [/\ba (?:large|great|big) number of\b/gi, 'many'],
    [/\bsend (your|the|us|me) (\S+) again\b/gi, 'resend $1 $2'],
    [/\bcan['’]t (ship|be shipped|arrive|be delivered|be processed|go out)\b/gi, "won't be able to $1"],
    [/\bcannot (ship|be shipped|arrive|be delivered|be processed|go out)\b/gi, 'will not be able to $1'],
    [/\bI(?: am|['’]m) (?:so |very |really )?sorry for the\b/g, 'I apologise for the'],
    [/\b(We|we)(?: are|['’]re) (?:so |very |really )?sorry for the\b/g, '$1 apologise for the'],
    [/^sorry about (that|this)\b/gi, 'I apologise for $1'],
    [/^Thanks for\b/g, 'Thank you for'],
    [/^Please note that\b/g, 'Please be aware that'],
    [/^Sorry to hear\b/g, "I'm sorry to hear"],
    [/\b(the|this|that) issue\b/gi, '$1 problem'],
    [/\bfor free\b/gi, 'free of charge'],
  ],
  [
    [/\bI would like to\b/g, 'I want to'],
    [/\bI want my\b/g, 'I would like my'],
    [/^(We|I)['’](?:re|m) (?:so |very |really )?sorry, but\b/g, '$1 apologise, but'],
    [/, not another\b/g, ' rather than another'],
    [/\bat the moment\b/gi, 'right now'],
    [/\bensure\b/gi, 'make sure'],
    [/\bdue to\b/gi, 'because of'],
    [/\bcurrently\b/gi, 'at the moment'],
    [/\bimmediately\b/gi, 'right away'],
    [/\bseveral\b/gi, 'a few'],
    [/\bresend (your|the) (\w+)(?=[.?!,])/gi, 'send $1 $2 again'],
    [/\bI apologi[sz]e for the\b/g, "I'm sorry for the"],
    [/^sorry about (that|this)\b/gi, 'my apologies for $1'],
    [/^I apologi[sz]e for (that|this)\b/gi, "I'm sorry about $1"],
    [/^Thank you for\b/g, 'Thanks for'],
    [/\b(the|this|that) problem\b/gi, '$1 issue'],
    [/\bfree of charge\b/gi, 'for free'],
    [/\ba (?:large|great|big) number of\b/gi, 'many'],
  ],
]

// ─── acknowledgements ─────────────────────────────────────────────────────────────────────────────────────

type Situation = 'delay' | 'problem' | 'billing' | 'refusal' | 'resolved' | 'request' | 'general'

/** The customer's situation as a reply describes it, for the acknowledgement an empathetic reply opens with. */
export function situationOf(text: string, kinds: Kind[]): Situation {
  // "If this date does not work for you…" is a condition, not the customer's situation.
  const body = text.replace(/\b(?:if|unless)\b[^,.!?]*/gi, '')
  if (
    /\b(?:we|I) (?:do not|don['’]t|can(?:no|['’])t|are unable to) (?:offer|accept|refund|replace|provide|support|extend|change|cancel|reverse|exchange)\b|\bnot eligible\b|\bour policy\b/i.test(
      body,
    )
  )
    return 'refusal'
  if (
    /\b(?:broken|broke|damaged|faulty|defective|not working|doesn['’]t work|does not work|stopped working|error|crash(?:es|ed)?|can(?:no|['’])t (?:log|sign|access|open|find)|problem|issue|wrong|missing|logging you out)\b/i.test(
      body,
    )
  )
    return 'problem'
  if (kinds.includes('good') && !kinds.includes('bad')) return 'resolved'
  if (
    /\b(?:delay(?:ed|s)?|late|patience|until|stuck|waiting|wait|longer than|back ?order(?:ed)?|out of stock|not (?:yet )?arrived|hasn['’]t arrived|still not)\b/i.test(
      body,
    )
  )
    return 'delay'
  if (/\b(?:charged?|refund|payment|invoice|billing|bill)\b/i.test(body)) return 'billing'
  if (kinds.includes('request') || kinds.includes('letKnow')) return 'request'
  return 'general'
}

// For a reply that already apologises: the acknowledgement without a second "sorry".
const ACKNOWLEDGE_PLAIN: Record<Situation, string[]> = {
  delay: ['I know how frustrating waiting can be.', 'I understand how annoying a delay like this is.'],
  problem: ['I can see how frustrating this must be.', 'I understand how annoying this is.'],
  billing: ['I understand how worrying this is.', 'I understand your concern.'],
  refusal: ["I understand this isn't the answer you were hoping for.", "I know this isn't the news you wanted."],
  resolved: ["I'm so glad this is sorted now.", 'Thank you for your patience while we sorted this out.'],
  request: ['I understand this is an extra step.', 'I know this means a little more work for you.'],
  general: ['I understand how important this is to you.', 'I completely understand.'],
}

// Agent voice: the paraphraser polishes replies to customers.
const ACKNOWLEDGE: Record<Situation, string[]> = {
  delay: [
    "I'm sorry for the wait, and I understand how frustrating a delay like this is.",
    "I know waiting is frustrating, and I'm sorry this is taking longer than you hoped.",
    "I'm sorry this is taking longer than expected, and I understand how annoying that is.",
  ],
  problem: [
    "I'm sorry you've run into this, and I understand how frustrating it is.",
    "I'm sorry for the trouble this has caused you.",
    "I can see how frustrating this must be, and I'm sorry.",
  ],
  billing: [
    "I understand how worrying a billing problem can be, and I'm sorry for the trouble.",
    "I'm sorry for the confusion with your payment, and I understand your concern.",
  ],
  refusal: [
    "I understand this isn't the answer you were hoping for, and I'm sorry.",
    "I'm sorry, I know this isn't the news you wanted.",
  ],
  resolved: ["I'm so glad this is sorted now.", 'Thank you for your patience while we sorted this out.'],
  request: [
    'I understand this is an extra step, and I appreciate your help.',
    "I know this means a little more work for you, and I'm grateful for your help.",
  ],
  general: ['I understand how important this is to you.', "I completely understand, and I'm here to help."],
}

// The writer is the customer: "I can't log in", "my order", and no agent's "we" or "your order".
const CUSTOMER_VOICE =
  /\b(?:my|I['’]ve been|I have been|I was (?:charged|promised)|I can(?:no|['’])t|I didn['’]t|I haven['’]t|I need|I ordered|I bought|I paid|I want|I have bought|they sent me|I received|you guys)\b/i
const AGENT_VOICE = /\b(?:we|our|us)\b|\byour (?:order|refund|parcel|package|account|ticket|subscription)\b/i
const COMPLAINT = /\b(?:third time|fix it|broke|wrong|promised|nobody|still|not accepted|waiting|money back)\b/i
const isCustomer = (body: string) => CUSTOMER_VOICE.test(body) && !AGENT_VOICE.test(body)
const CUSTOMER_ACKNOWLEDGE: Record<'negative' | 'positive' | 'other', string[]> = {
  negative: [
    'I understand these things happen, and I hope you can help me sort this out.',
    "I know you must be busy, and I'd really appreciate your help with this.",
  ],
  positive: ['I really appreciate all your help.', "I'm so grateful for your help."],
  other: [
    'I know you must be busy, and I appreciate your help with this.',
    'Thank you for taking the time to look into this for me.',
  ],
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

export function renderTone(msg: Message, tone: Tone, k: number, apostrophe: string): Rendered {
  const added: string[] = []
  const all = msg.paragraphs.flat().map(classify)
  const bodyText = all.map((s) => s.text).join(' ')
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
          isCustomer(bodyText),
          news || p > 0 || i > 0,
        )
        if (tone === 'concise' && isFiller(raw) && all.length > 1) out = ''
        return out
      })
      .filter(Boolean),
  )

  // Empathy comes first: the acknowledgement opens the body.
  if (tone === 'empathetic') {
    const mood = sentimentOf(bodyText).score
    const situation = situationOf(
      bodyText,
      all.map((s) => s.kind),
    )
    // A reply that already apologises gets the acknowledgement without a second "sorry".
    const apologised = /\b(?:sorry|apologi[sz]e|apologies)\b/i.test(bodyText)
    const options = isCustomer(bodyText)
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
      isCustomer(bodyText) ||
      /^(?:thanks|thank you)\b/i.test(bodyText) ||
      all.some((x) => x.kind === 'bad' || x.kind === 'sorry')
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
        const g = gerund(s.vp)
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
    case 'concise': {
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
    default:
      return restructure(s, k, NEUTRAL_SWAPS[k % NEUTRAL_SWAPS.length]!)
  }
}

const formalWords = (text: string) => finish(applyRules(expand(text), FORMAL))
