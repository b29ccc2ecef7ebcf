import { expandShorthand } from './shorthand.js'
import { capitalize, splitSentences, STOP_WORDS } from './text.js'
import { loadLexicon } from './wordnet.js'

/**
 * A support message taken apart for rewriting: the greeting ("Hi Anna,"), the body's paragraphs as clean
 * sentences, a closing thanks ("thx", "Thanks for your patience!") and a sign-off block ("Best regards,\nTom").
 * Parsing also repairs what texting leaves out: shorthand is written out, run-on sentences are split at
 * "…, please …", every sentence starts with a capital and ends with a stop or a question mark.
 */

export type Greeting = { word: string; name: string; ownLine: boolean; separator: string }
export type Thanks = { reason: string; ownLine: boolean; advance: boolean }
export type Message = {
  greeting: Greeting | null
  /** Body paragraphs, each a list of sentences, and the line breaks between them. */
  paragraphs: string[][]
  breaks: string[]
  thanks: Thanks | null
  /** The sign-off block as written (shorthand expanded) and the line breaks before it. */
  signOff: { text: string; separator: string } | null
}

const SIGN_OFF =
  /(\n+)[ \t]*((?:best|kind|warm|many thanks|thanks|thank you|thx|cheers|regards|sincerely|all the best|take care)\b[^\n]{0,40}(?:\n[^\n]{1,60})?)\s*$/i

const GREETING_WORD = /^(hi|hello|hey|hiya|heya|howdy|dear|greetings|good (?:morning|afternoon|evening)|morning)\b/i
const GREETING_EXTRA = /^\s+(there|all|team|everyone|folks|guys)\b/i
const NAME =
  /^\s+((?:(?:Mr|Mrs|Ms|Miss|Dr|Mx)\.?\s+)?\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)(?=\s*(?:[,!:;—-]|\.(?!\p{L})|$|\n))/u
const LOWER_NAME = /^\s+(\p{Ll}[\p{L}'’-]+)(?=\s*[,!])/u

const THANKS_SENTENCE =
  /^(?:(?:many|big) thanks|thanks|thank you|cheers)(?: (?:so|very) much| a lot| a million| again)?(?: (in advance))?(?: (for [^.!?]+))?[.!…]*$/i
const TRAILING_THANKS =
  /(?<!\b(?:say|said|to|and|a|many|no|with|big|say a))[\s,]+(thanks|thank you)( in advance)?[.!…]*$/i

const SUBORDINATE_START = /^(?:if|when|because|since|as|once|until|unless|while|although|though|after|before)\b/i
// Run-on joins: "…monday, please send…" is two sentences.
const SPLICE =
  /,\s+(?=(?:please|pls|kindly|could you|can you|would you|let (?:me|us) know|(?:I|we) (?:will|would|can|have|had|am|are|need|just|also|['’]ll|['’]ve|['’]m)|(?:it|this|that|they|he|she) (?:should|will|would|can|may|might|is|was|has)|(?:it|this|that|they)['’](?:s|ll))\b)/g

export function parseMessage(input: string): Message {
  let text = input.replace(/\r\n?/g, '\n').trim()
  let signOff: Message['signOff'] = null
  const so = SIGN_OFF.exec(text)
  if (so && so.index > 0) {
    signOff = { text: expandShorthand(so[2]!.trim()), separator: so[1]! }
    text = text.slice(0, so.index).trimEnd()
  }
  const parts = text.split(/(\n+)/)
  const breaks: string[] = []
  let paragraphs: string[] = []
  parts.forEach((p, i) => (i % 2 === 1 ? breaks.push(p) : paragraphs.push(p)))

  // The greeting: a paragraph of its own ("Hi Anna,") or the start of the first one ("hi ur order…").
  let greeting: Greeting | null = null
  const first = tidy(expandShorthand(paragraphs[0] ?? ''))
  const g = readGreeting(first)
  if (g) {
    const rest = first.slice(g.length).trim()
    greeting = { word: g.word, name: g.name, ownLine: !rest && paragraphs.length > 1, separator: breaks[0] ?? ' ' }
    if (greeting.ownLine) {
      paragraphs = paragraphs.slice(1)
      breaks.shift()
    } else {
      greeting.separator = ' '
      paragraphs[0] = rest
    }
  }
  let body = paragraphs.map((p) => sentencesOf(tidy(expandShorthand(p))))

  // The closing thanks: the last sentence or a bare "thanks" ending the last one.
  let thanks: Thanks | null = null
  const last = body.at(-1)
  if (last && last.length) {
    const s = last.at(-1)!
    const whole = THANKS_SENTENCE.exec(s)
    if (whole && (last.length > 1 || body.length > 1 || greeting)) {
      thanks = { reason: whole[2] ?? '', ownLine: last.length === 1 && body.length > 1, advance: !!whole[1] }
      last.pop()
    } else {
      const tail = TRAILING_THANKS.exec(s)
      if (tail && tail.index > 0) {
        thanks = { reason: '', ownLine: false, advance: !!tail[2] }
        last[last.length - 1] = finish(s.slice(0, tail.index))
      }
    }
    if (thanks?.ownLine) {
      body.pop()
      breaks.pop()
    }
  }
  body = body.filter((p, i) => p.length > 0 || i < body.length - 1)
  while (breaks.length >= body.length && breaks.length > 0) breaks.pop()
  return { greeting, paragraphs: body, breaks, thanks, signOff }
}

function readGreeting(text: string): { length: number; word: string; name: string } | null {
  const w = GREETING_WORD.exec(text)
  if (!w) return null
  let at = w[0].length
  const extra = GREETING_EXTRA.exec(text.slice(at))
  if (extra) at += extra[0].length
  let name = ''
  const n = NAME.exec(text.slice(at)) ?? LOWER_NAME.exec(text.slice(at))
  if (n && !extra && isNameWord(n[1]!.replace(/^(?:Mr|Mrs|Ms|Miss|Dr|Mx)\.?\s+/, ''))) {
    name = n[1]!.split(/\s+/).map(capitalize).join(' ')
    at += n[0].length
  }
  // "Dear" needs a name; "Good morning, …" and "Hi, …" are fine.
  if (/^dear$/i.test(w[1]!) && !name) return null
  const punct = /^\s*[,!.:;—-]*\s*/.exec(text.slice(at))![0]
  // "Hi" must be followed by punctuation, a name, or the rest of the sentence.
  return { length: at + punct.length, word: w[1]!, name }
}

function isNameWord(word: string): boolean {
  const lower = word.toLowerCase()
  if (STOP_WORDS.has(lower)) return false
  if (/^\p{Lu}/u.test(word)) return true
  const lex = loadLexicon()
  return lex.usuallyCapitalised(lower) || !(['n', 'v', 'a', 'r'] as const).some((p) => lex.entry(lower, p))
}

/** Spacing and punctuation: one space, no space before punctuation, no repeated "!!!" or "??". */
function tidy(text: string): string {
  return deshout(text)
    .replace(/[ \t]+/g, ' ')
    .replace(/\s+([,.!?;:])(?=\s|$)/g, '$1')
    .replace(/([!?])[!?1]+/g, '$1')
    .replace(/,{2,}/g, ',')
    .replace(/\.{4,}/g, '...')
    .replace(/\s*(?:\b(?:lol|lmao|haha+|hehe+)\b)/gi, '')
    .trim()
}

/** The paragraph's sentences, split further at run-on joins, each with a capital and end punctuation. */
function sentencesOf(paragraph: string): string[] {
  const out: string[] = []
  for (const sentence of splitSentences(paragraph)) {
    const pieces = SUBORDINATE_START.test(sentence) ? [sentence] : sentence.split(SPLICE)
    for (const piece of pieces) {
      const s = piece.trim()
      if (s) out.push(finish(s))
    }
  }
  return out
}

const QUESTION_START =
  /^(?:can|could|would|will|do|does|did|is|are|was|were|have|has|should|shall|may|what|when|where|why|how|who|which)\b/i

/** A capital first letter and end punctuation: "?" for a question, a full stop otherwise. */
export function finish(sentence: string): string {
  let s = sentence.trim().replace(/[,;:\s]+$/, '')
  if (!s) return s
  s = s.replace(/^\p{Ll}/u, (c) => c.toUpperCase())
  if (!/[.!?…)"'’”:]$/u.test(s) && !/\p{Extended_Pictographic}$/u.test(s)) s += QUESTION_START.test(s) ? '?' : '.'
  return s
}

/** "This is the THIRD time" → "This is the third time": a shouted common word, not an acronym or a name. */
function deshout(text: string): string {
  const lex = loadLexicon()
  return text.replace(/\b\p{Lu}{3,}\b/gu, (word) => {
    const lower = word.toLowerCase()
    const common = (['n', 'v', 'a', 'r'] as const).some((p) => lex.entry(lower, p)) && lex.frequency(lower) > 500
    return common && !lex.usuallyCapitalised(lower) ? lower : word
  })
}
