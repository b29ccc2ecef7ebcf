import nlp from 'compromise'
import { extractFacts } from './facts.js'
import { contentStems, splitSentences } from './text.js'
import { toSecondPerson } from './voice.js'

/**
 * Saying background facts to the customer in a reply's own words. The context's sentences that share the most
 * words with what the reply must tell are picked, then retold: "Label: value" lines become sentences ("New
 * delivery date: Friday 12 June" → "Your new delivery date is Friday 12 June"), customers become "you" and their
 * things "your" ("the parcel" → "your parcel"), "items can be returned within 30 days" becomes "within 30 days,
 * you can return items". A sentence that would still repeat more than eight words of the source in a row is
 * left out rather than pasted.
 */

const OWNED =
  /\bthe ((?:[\w-]+ ){0,2}(?:parcel|package|order|items?|products?|machine|unit|device|label|receipt|seal|lid|filter|battery|charger|cable|screen|display|invoice|bill|card|account|box|payment method|refund|subscription|membership|plan|password|booking|ticket|claim|appliance|purchase|delivery address|address|email|headphones|phone|laptop))\b/gi
const LABEL = /^([\p{Lu}][^:]{1,40}):\s+(.+)$/u
const VERB =
  /\b(?:is|are|was|were|has|have|had|will|would|can|could|cannot|can't|must|should|does|do|did|takes?|ships?|arrives?|collects?|returns?|means|needs?|stays?|works?|[a-z]{3,}es)\b/i

/**
 * Context sentences (lines first, then sentences) that share content words with `query`, best `limit`, in order.
 * `broad` (for "how to…" and "what happens next") also takes sentences that only carry facts (numbers, dates,
 * amounts), after the ones sharing words.
 */
export function relevantSentences(query: string, context: string, limit: number, broad = false): string[] {
  const wanted = new Set(contentStems(query))
  return context
    .split('\n')
    .flatMap((l) => splitSentences(l))
    .map((s, i) => {
      const overlap = new Set(contentStems(s).filter((x) => wanted.has(x))).size
      const facts = Math.min(3, extractFacts(s).length)
      return { s, i, score: overlap > 0 ? overlap + 0.3 * facts : broad && /\d/.test(s) ? 0.5 : 0 }
    })
    .filter((x) => x.score >= (broad ? 0.5 : 1) && !/\?\s*$/.test(x.s))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s)
}

/** "Label: value" as a sentence, or the sentence itself. */
function unlabel(sentence: string): string | undefined {
  const m = LABEL.exec(sentence)
  if (!m) return sentence
  const label = m[1]!.trim()
  const value = m[2]!.replace(/[.!]+$/, '').trim()
  const clause = VERB.test(value)
  if (/^(?:next steps?|what happens next)$/i.test(label)) return `Next, ${value}`
  if (/^(?:fix|solution|workaround|what to do)$/i.test(label)) return `To fix this, ${value}`
  if (/\b(?:date|time|deadline|eta|price|cost|fee|total)\b/i.test(label) && !clause)
    return `Your ${label.toLowerCase()} is ${value}`
  if (/^(?:error|code|fault|warning)\b/i.test(label) && clause) return `${label} means ${value}`
  if (clause) return value
  if (value.split(/\s+/).length < 3) return undefined
  return `The ${label.charAt(0).toLowerCase()}${label.slice(1)} is ${/^[$€£\d]/.test(value) ? 'a ' : ''}${value}`
}

/** "items can be returned" → "you can return items". */
function activeVoice(s: string): string {
  return s.replace(/\b((?:\w+ )?\w+s) can be (\w+ed)\b/i, (all, subject: string, participle: string) => {
    const base = nlp(`they ${participle}`)
      .verbs()
      .toInfinitive()
      .text()
      .replace(/^they\s+/, '')
    return base && base !== participle ? `you can ${base} ${subject.toLowerCase()}` : all
  })
}

/** A trailing time, cause or condition put first: "…within 5 working days" → "Within 5 working days, …". */
function frontPhrase(s: string): string {
  const m = /^(.{12,}?)\s+((?:after|because|since|if|once|as soon as)\s+[^,;]{4,})$/i.exec(s)
  if (!m) return s
  const rest = m[1]!
  return `${m[2]!.charAt(0).toUpperCase()}${m[2]!.slice(1)}, ${/^(?:I|You\b)/.test(rest) ? rest : rest.charAt(0).toLowerCase() + rest.slice(1)}`
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bdoes not\b/gi, "doesn't"],
  [/\bdo not\b/gi, "don't"],
  [/\bis not\b/gi, "isn't"],
  [/\bare not\b/gi, "aren't"],
  [/\bcannot\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  [/\bhas not\b/gi, "hasn't"],
]
const baseOf = (participle: string) => {
  const base = nlp(`they ${participle}`)
    .verbs()
    .toInfinitive()
    .text()
    .replace(/^they\s+/, '')
  return base && base !== participle ? base : undefined
}

/**
 * Small rewrites that keep the sense and break long runs of the source's words, tried in turn until the sentence
 * no longer repeats more than eight words of it in a row.
 */
const REWRITES: ((s: string) => string)[] = [
  (s) => CONTRACTIONS.reduce((t, [re, to]) => t.replace(re, to), s),
  // "data used in Switzerland" → "data you used in Switzerland"; "the purifier, bought on…" → "…, which you bought on…".
  (s) =>
    s
      .replace(
        /\b(\w+) (used|bought|ordered|purchased|booked|received)\b(?= (?:in|on|at|from|for|with|last|this)\b)/gi,
        '$1 you $2',
      )
      .replace(/,\s+(bought|ordered|purchased|booked|received)\b/gi, ', which you $1'),
  // A sequence: "…, the repair takes…, and the unit…" → "…, then the repair takes…, and then the unit…".
  (s) =>
    s
      .replace(/(\S+\s+\S+\s+\S+[^,]*),\s+and\s+(?!then\b)/gi, '$1, and then ')
      .replace(/(\S+\s+\S+\s+\S+[^,]*),\s+(?=(?:a|an|the|your|we|it|they)\s)/gi, '$1, then ')
      .replace(/(?<!,)\s+and\s+(?!then\b)(?=\w+\s+(?:the|your|a|an|it|them|down|up)\b)/gi, ', then ')
      .replace(/^([\w-]+s\b.*?)\s+and\s+(?=\w+\s+(?:within|in|on|by|from|to|at)\b)/i, '$1, and they '),
  // Passive to active: "the unit is returned free of charge" → "we return the unit free of charge".
  (s) =>
    s.replace(
      /(^|\b(?:the|your|a|an|our|all|any)\s+)((?:[\w-]+\s+){0,2}[\w-]+)\s+(?:is|are)\s+(\w+ed)\b(?!\s+by\b)/i,
      (all, det: string, noun: string, participle: string) => {
        const base = baseOf(participle)
        if (!base || /^(?:it|this|that|there|you|we|they)$/i.test(noun)) return all
        return `we ${base} ${det.toLowerCase()}${det ? noun : noun.toLowerCase()}`
      },
    ),
  frontPhrase,
  // "Warranty claim WC-3318 for the Breeze 300" (no verb) → "Warranty claim WC-3318 is for the Breeze 300".
  (s) => (VERB.test(s) ? s : s.replace(/\s+for\s+/, ' is for ')),
  (s) => s.replace(/\bfor (\d)/, 'for the $1'),
]

/** One context sentence in the reply's words, or undefined when it cannot be said without pasting it. */
export function retell(sentence: string, names: string[], copies: (text: string) => boolean): string | undefined {
  const plain = unlabel(sentence.trim().replace(/[.!;]+$/, ''))
  if (!plain) return undefined
  let said = activeVoice(
    toSecondPerson(plain, names)
      .replace(/\b(?:customers|clients|users)\b/gi, 'you')
      .replace(OWNED, 'your $1'),
  )
  const done = (t: string) => `${t.charAt(0).toUpperCase()}${t.slice(1)}.`
  for (const rewrite of REWRITES) {
    if (!copies(done(said))) break
    said = rewrite(said)
  }
  const text = done(said)
  return copies(text) || text.split(/\s+/).length > 40 ? undefined : text
}
