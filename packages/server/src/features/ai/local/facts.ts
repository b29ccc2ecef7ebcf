import { splitSentences, STOP_WORDS, tokenize, type Token } from './text.js'
import { loadLexicon } from './wordnet.js'

/**
 * Facts a rewrite must keep and a summary should carry: order and ticket ids, amounts, dates, e-mail addresses,
 * links and names (people, products, plans).
 */

export type FactKind = 'id' | 'amount' | 'date' | 'email' | 'url' | 'name' | 'number'
export type Fact = { text: string; kind: FactKind }

const MONTHS = 'january february march april may june july august september october november december'.split(' ')
const WEEKDAYS = 'monday tuesday wednesday thursday friday saturday sunday'.split(' ')
const CURRENCY_WORDS = /^(?:usd|eur|gbp|chf|cad|aud|dollars?|euros?|pounds?|bucks)$/i
const NAME_SUFFIX = /^(?:pro|max|plus|mini|ultra|lite|se|xl)$/i
// Order, invoice and ticket numbers ("#48213", "ORD-77120", "A12345"), long numbers and versions ("4.2.1").
const ID = /^#\S+$|^[A-Z]{1,6}[-_]?\d{2,}[\w-]*$|^\d{5,}$|^v?\d+\.\d+\.\d+$/
// Capitalised at a sentence start in subtitles, but not names.
const SENTENCE_WORDS = new Set(
  `unfortunately yes okay ok hello hi hey wow oh congratulations excuse alright maybe hopefully well however otherwise
  thanks thank cheers please sorry also so still actually now then next first finally anyway great perfect good
  dear regards sure absolutely just again hmm ugh`.split(/\s+/),
)

/** Whether a capitalised word at position `i` of its sentence is a name (not a capital for the sentence start). */
export function isNameToken(tokens: Token[], i: number, sentenceStart: boolean): boolean {
  const t = tokens[i]!
  if (t.kind !== 'word' || !/^\p{Lu}/u.test(t.text) || t.text === 'I' || /^I['’]/.test(t.text)) return false
  const lower = t.text.toLowerCase()
  if (SENTENCE_WORDS.has(lower)) return false
  if (/\p{Lu}/u.test(t.text.slice(1))) return t.text.length > 1 // AirPods, SKU, USB
  if (!sentenceStart) return !STOP_WORDS.has(lower)
  return loadLexicon().usuallyCapitalised(lower) && !STOP_WORDS.has(lower)
}

/** Terms a paraphrase must carry over verbatim: numbers, ids, amounts, e-mails, links and names. */
export function protectedTerms(text: string): string[] {
  const out: string[] = []
  for (const sentence of splitSentences(text)) {
    const tokens = tokenize(sentence)
    const first = tokens.findIndex((t) => t.kind === 'word' || t.kind === 'number')
    tokens.forEach((t, i) => {
      if (t.kind === 'number' || t.kind === 'url' || t.kind === 'email') out.push(t.text)
      else if (isNameToken(tokens, i, i === first)) out.push(t.text)
    })
  }
  return out
}

/** The facts of a text in order of first mention, without repeats; `ignore` drops known words (speaker names). */
export function extractFacts(text: string, ignore: Set<string> = new Set()): Fact[] {
  const found: Fact[] = []
  const seen = new Set<string>()
  const add = (text: string, kind: FactKind) => {
    const key = text.toLowerCase()
    if (!seen.has(key) && !ignore.has(key)) {
      seen.add(key)
      found.push({ text, kind })
    }
  }
  for (const sentence of splitSentences(text)) {
    const tokens = tokenize(sentence)
    const words = tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.kind !== 'space')
    const first = words[0]?.i ?? -1
    for (let w = 0; w < words.length; w++) {
      const { t, i } = words[w]!
      const next = words[w + 1]?.t
      const prev = words[w - 1]?.t
      if (t.kind === 'email' || t.kind === 'url') add(t.text, t.kind)
      else if (t.kind === 'number') {
        if (/^[$€£¥₹]/.test(t.text) || /%$/.test(t.text)) add(t.text, 'amount')
        else if (next && CURRENCY_WORDS.test(next.text)) add(`${t.text} ${next.text}`, 'amount')
        else if (/^\d{4}-\d\d-\d\d$|^\d{1,2}\/\d{1,2}(\/\d{2,4})?$/.test(t.text)) add(t.text, 'date')
        else if (next && MONTHS.includes(next.text.toLowerCase())) add(`${t.text} ${next.text}`, 'date')
        else if (prev && MONTHS.includes(prev.text.toLowerCase()) && /^\d{1,2}(st|nd|rd|th)?$/.test(t.text)) {
          /* "March 3": added with the month below */
        } else if (ID.test(t.text)) add(t.text, 'id')
      } else if (t.kind === 'word' && MONTHS.includes(t.text.toLowerCase()) && /^\p{Lu}/u.test(t.text)) {
        if (next?.kind === 'number' && /^\d{1,2}(st|nd|rd|th)?$/.test(next.text)) add(`${t.text} ${next.text}`, 'date')
      } else if (t.kind === 'word' && !WEEKDAYS.includes(t.text.toLowerCase()) && isNameToken(tokens, i, i === first)) {
        // A run of capitalised words (and a model number) is one name: "Galaxy Buds 3 Pro".
        let name = t.text
        let j = w + 1
        while (j < words.length) {
          const u = words[j]!
          const joins = tokens[u.i - 1]?.kind === 'space' && !/\n/.test(tokens[u.i - 1]!.text)
          const part =
            (u.t.kind === 'word' && (isNameToken(tokens, u.i, false) || NAME_SUFFIX.test(u.t.text))) ||
            (u.t.kind === 'number' && /^(?:\d{1,4}[a-z]?|[A-Z]{1,3}\d{1,4})$/.test(u.t.text))
          if (!joins || !part || MONTHS.includes(u.t.text.toLowerCase())) break
          name += ` ${u.t.text}`
          j++
        }
        w = j - 1
        if (!MONTHS.includes(name.toLowerCase())) add(name, 'name')
      }
    }
  }
  return found
}
