import nlp from 'compromise'

/**
 * Wording helpers for drafted replies: turning an instruction's "their refund" into "your refund", finding the
 * time phrase of a promise ("by Friday", "within 3 business days") and measuring how much of a source a draft
 * repeats word for word.
 */

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)'
const WHEN = [
  `(?:(?:this|next|coming|on)\\s+)?${WEEKDAY}(?:\\s+(?:morning|afternoon|evening|at the latest))?(?:,?\\s+\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH})?`,
  `\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?:\\s+\\d{4})?`,
  `${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?`,
  `\\d{4}-\\d\\d-\\d\\d`,
  `\\d{1,2}\\/\\d{1,2}(?:\\/\\d{2,4})?`,
  `(?:the\\s+)?end\\s+of\\s+(?:the|this|next)\\s+(?:day|week|month)`,
  `(?:later\\s+)?today|tomorrow(?:\\s+(?:morning|afternoon|evening))?|tonight`,
  `(?:this|next)\\s+(?:week|month|weekend)`,
  `(?:\\d+|one|two|three|four|five|six|seven|ten|a\\s+few|a\\s+couple\\s+of)(?:\\s*[-–]\\s*\\d+)?\\s+(?:business\\s+|working\\s+)?(?:hours?|days?|weeks?)`,
  `\\d{1,2}(?::\\d\\d)?\\s*(?:am|pm)`,
].join('|')
const WHEN_LEAD = '(?:no later than|at the latest by|by the end of|by|on|before|until|within|in|from|at)'

/** The time phrase of a text, with its preposition: "by Friday", "within 3 business days", "tomorrow". */
export const TIME_PHRASE = new RegExp(
  `(?:\\b${WHEN_LEAD}\\s+)?\\b(?:${WHEN})\\b(?:\\s+at\\s+\\d{1,2}(?::\\d\\d)?\\s*(?:am|pm)?)?`,
  'i',
)

export function timePhrase(text: string): string | undefined {
  const m = TIME_PHRASE.exec(text)
  if (!m) return undefined
  let phrase = m[0].trim()
  // A bare duration reads as a deadline: "3 days" → "within 3 days".
  if (/^(?:\d|one|two|three|four|five|six|seven|ten|a )/i.test(phrase) && /(?:hours?|days?|weeks?)$/i.test(phrase))
    phrase = `within ${phrase}`
  return phrase
}

const SINGULAR_SUBJECT = /\b(?:(?:the|our|this|that) (?:customer|client|user|buyer|guest|member)|he|she)\b/i
const THIRD_PERSON_VERB = /\byou (\w+s)\b/g
const IRREGULAR: Record<string, string> = {
  is: 'are',
  was: 'were',
  has: 'have',
  does: 'do',
  "isn't": "aren't",
  "wasn't": "weren't",
  "hasn't": "haven't",
  "doesn't": "don't",
}

/**
 * An instruction about the customer, said to them: "their refund is late" → "your refund is late", "she needs a
 * new card" → "you need a new card". Names in `names` (the customer's) become "you" as well.
 */
export function toSecondPerson(text: string, names: string[] = []): string {
  const singular = SINGULAR_SUBJECT.test(text) || names.some((n) => new RegExp(`\\b${escapeRe(n)}\\b`).test(text))
  let s = text.replace(/’/g, "'")
  for (const n of names) s = s.replace(new RegExp(`\\b${escapeRe(n)}'s\\b`, 'g'), 'your')
  for (const n of names) s = s.replace(new RegExp(`\\b${escapeRe(n)}\\b`, 'g'), 'you')
  s = s
    .replace(/\b(?:the |our |this |that )?(?:customer|client|user|buyer|guest|member)'s\b/gi, 'your')
    .replace(/\b(?:the |our |this |that )?(?:customers|clients|users|buyers|guests|members)'\s/gi, 'your ')
    .replace(/\b(?:the |our |this |that )(?:customer|client|user|buyer|guest|member)s?\b/gi, 'you')
    .replace(/\b(?:their|his)\b/gi, 'your')
    .replace(
      /\bher\b(?=\s+(?:own\s+)?[a-z0-9])(?!\s+(?:a|an|the|to|for|with|about|on|in|at|that|know|back|again|if|whether|why|how|when|what)\b)/gi,
      'your',
    )
    .replace(/\b(?:theirs|hers)\b/gi, 'yours')
    .replace(/\b(?:themselves|himself|herself)\b/gi, 'yourself')
    // "…to our billing specialists and they will reply": "they" are the specialists, not the customer.
    .replace(/\b(?:they|them|he|she|him|her)\b/gi, (w, at: number, all: string) =>
      /^th/i.test(w) && /\b(?:our|the)\s+(?:\w+\s+)?\w+(?:ists|ers|ors|staff|team)\b[^.]*$/i.test(all.slice(0, at))
        ? w
        : 'you',
    )
    .replace(
      /\byou (is|was|has|does|isn't|wasn't|hasn't|doesn't)\b/gi,
      (_, v: string) => `you ${IRREGULAR[v.toLowerCase()]}`,
    )
  if (singular) s = s.replace(THIRD_PERSON_VERB, (all, verb: string) => `you ${baseForm(verb) ?? verb}`)
  return s.replace(/\byou you\b/gi, 'you').replace(/^you\b/, 'you')
}

/** "wants" → "want", using compromise's conjugation; undefined when the word is not a present-tense verb. */
function baseForm(verb: string): string | undefined {
  const doc = nlp(`he ${verb}`)
  if (!doc.has('#PresentTense')) return undefined
  const base = doc
    .verbs()
    .toInfinitive()
    .text()
    .replace(/^he\s+/, '')
  return base && base !== verb ? base : undefined
}

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const normWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** Longest run of source words a draft may repeat: longer runs read as pasted text. */
export const MAX_COPIED_WORDS = 8

/** Whether a text repeats more than `MAX_COPIED_WORDS` consecutive words of the source. */
export function copyChecker(source: string): (text: string) => boolean {
  const n = MAX_COPIED_WORDS + 1
  const words = normWords(source)
  const grams = new Set<string>()
  for (let i = 0; i + n <= words.length; i++) grams.add(words.slice(i, i + n).join(' '))
  return (text) => {
    if (!grams.size) return false
    const w = normWords(text)
    for (let i = 0; i + n <= w.length; i++) if (grams.has(w.slice(i, i + n).join(' '))) return true
    return false
  }
}
