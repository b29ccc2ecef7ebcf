import nlp from 'compromise'
import { inflect, participle, verbBase } from './inflect.js'
import { isNameToken } from './facts.js'
import { capitalize, tokenize } from './text.js'
import { loadLexicon } from './wordnet.js'

/**
 * Sentence-level rewriting rules for the paraphraser: contractions, phrase swaps, filler removal, moving a
 * subordinate clause to the other side of its main clause, and switching between active and passive voice for the
 * "we have issued your refund" shape that support replies use most. Every rule moves or swaps plain words only;
 * numbers, names, e-mails and negations are carried over untouched.
 */

export type PhraseRule = [RegExp, string]

/** Applies a replacement keeping the capital of the matched text's first letter. */
export function replaceKeepingCase(text: string, pattern: RegExp, replacement: string): string {
  return text.replace(pattern, (match, ...groups: unknown[]) => {
    const out = replacement.replace(/\$(\d)/g, (_, n: string) => {
      const group = groups[Number(n) - 1]
      return typeof group === 'string' ? group : ''
    })
    return /^\p{Lu}/u.test(match) && !/^I\b/.test(match) ? capitalize(out) : out
  })
}

export const applyRules = (text: string, rules: PhraseRule[]) =>
  rules.reduce((t, [pattern, replacement]) => replaceKeepingCase(t, pattern, replacement), text)

// "it's been", "it's already shipped": "has"; "that's already on sale": "is".
const PARTICIPLE_NEXT = String.raw`(?=\s+(?:(?:already|just|never|not)\s+)?(?:been|got|received|sent|issued|\w+ed|\w+en)\b)`
const EXPANSIONS: PhraseRule[] = [
  [/\bcan['’]t\b/gi, 'cannot'],
  [/\bwon['’]t\b/gi, 'will not'],
  [/\bshan['’]t\b/gi, 'shall not'],
  [/\b(\w+)n['’]t\b/gi, '$1 not'],
  [/\b(I)['’]m\b/g, '$1 am'],
  [/\b(you|we|they)['’]re\b/gi, '$1 are'],
  [/\b(I|you|we|they)['’]ve\b/gi, '$1 have'],
  [/\b(I|you|we|they|he|she|it|that|there)['’]ll\b/gi, '$1 will'],
  [new RegExp(String.raw`\b(I|you|we|they|he|she)['’]d${PARTICIPLE_NEXT}`, 'gi'), '$1 had'],
  [/\b(I|you|we|they|he|she)['’]d\b/gi, '$1 would'],
  [new RegExp(String.raw`\b(it|he|she|that|there)['’]s${PARTICIPLE_NEXT}`, 'gi'), '$1 has'],
  [/\b(it|he|she|that|there|what|where|who|how|here)['’]s\b/gi, '$1 is'],
  [/\blet['’]s\b/gi, 'let us'],
]

// A contraction needs a word after it: "how frustrating it is." cannot become "how frustrating it's."
const NEXT_WORD = String.raw`(?=\s+[\p{L}\p{N}])`
const CONTRACTIONS: PhraseRule[] = [
  [/\bcannot\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  [/\b(do|does|did|is|are|was|were|has|have|had|would|could|should) not\b/gi, "$1n't"],
  [new RegExp(String.raw`\bI am${NEXT_WORD}`, 'gu'), "I'm"],
  [new RegExp(String.raw`\b(you|we|they) are${NEXT_WORD}`, 'giu'), "$1're"],
  [new RegExp(String.raw`\b(I|you|we|they) have${PARTICIPLE_NEXT}`, 'gi'), "$1've"],
  [new RegExp(String.raw`\b(I|you|we|they|it) will${NEXT_WORD}`, 'giu'), "$1'll"],
  [new RegExp(String.raw`\b(I|we|you|they) would${NEXT_WORD}`, 'giu'), "$1'd"],
  [new RegExp(String.raw`\b(it|that|there|what|here) is${NEXT_WORD}`, 'giu'), "$1's"],
]

/** "do not" → "don't", "I am" → "I'm"; "let us" stays (it would read "let's know"). */
export const contract = (text: string, apostrophe = "'") => applyRules(text, CONTRACTIONS).replace(/'/g, apostrophe)

export const expand = (text: string) => applyRules(text, EXPANSIONS)

export const hasContraction = (text: string) => /\b\w+['’](?:t|re|ve|ll|d|m|s)\b/i.test(text)

const SUBORDINATORS = 'because|since|if|when|once|until|unless|as soon as|after|before|while'
const TRAILING_CLAUSE = new RegExp(String.raw`^(.{8,}?),? \b(${SUBORDINATORS})\b (.{4,}?)([.!…]*)$`, 'i')
const LEADING_CLAUSE = new RegExp(String.raw`^(${SUBORDINATORS})\b (.{4,}?), (.{6,}?)([.!?…]*)$`, 'i')
// "I don't know if…" or "ask whether…": the clause is the verb's object and cannot move.
const COMPLEMENT_VERB =
  /\b(?:know|knows|wonder|wondering|ask|asking|check|checking|sure|unsure|tell|confirm|see|decide)$/i

/** Moves a trailing "…, because/if/when …" clause to the front, or a leading one to the back. */
export function reorderClauses(sentence: string): string | undefined {
  const lead = LEADING_CLAUSE.exec(sentence)
  if (lead) {
    const [, conj, sub, main, end] = lead as unknown as string[]
    if (/,/.test(main!) || !nlp(sub!).has('#Verb')) return undefined
    return `${capitalize(main!)} ${conj!.toLowerCase()} ${sub}${end || '.'}`
  }
  if (/\?\s*$/.test(sentence)) return undefined // embedded questions ("tell me when…?") would break
  const trail = TRAILING_CLAUSE.exec(sentence)
  if (!trail) return undefined
  const [, main, conj, sub, end] = trail as unknown as string[]
  if (/[,;:]/.test(main!) || /[,;:]/.test(sub!)) return undefined
  // "until Monday" is a phrase, not a clause: only a clause with its own verb moves.
  if (!nlp(sub!).has('#Verb')) return undefined
  // "Thanks for your patience while we…" keeps its thanks first.
  if (/^(?:thanks|thank you|sorry)\b/i.test(main!)) return undefined
  // "call you 30 minutes before arriving": the clause belongs to the time before it.
  if (/\b(?:minutes?|hours?|days?|weeks?|months?|shortly|just|right|long|soon|even|only)$/i.test(main!))
    return undefined
  if (COMPLEMENT_VERB.test(main!) && !/\blet (?:me|us) know$/i.test(main!)) return undefined
  return `${capitalize(conj!.toLowerCase())} ${sub}, ${lowerFirst(main!)}${end || '.'}`
}

const COORDINATED =
  /^(.{15,}?)(?:, (and|but|so)| (and|but)(?= (?:(?:I|we|you|they|(?:a|an|the|our|your) [a-z]+) (?:can|will|could|should|may|['’]ll|have|need|do)|(?:it|they) [a-z]+ed|it (?:broke|stopped|arrived|came|went))\b)) ((?:I|we|you|they|it|he|she|this|that|there|the|your|our|a|an)\b.{8,})$/

/** "X, and we…" (or "X and you can…") → "X. We…"; "X, but we…" → "X. However, we…"; "X, so…" → "X. As a result, …". */
export function splitCoordination(sentence: string): string | undefined {
  const m = COORDINATED.exec(sentence)
  if (!m || /[,;:]/.test(m[4]!.slice(0, 12))) return undefined
  const left = m[1]!
  const right = m[4]!
  const conj = m[2] ?? m[3]
  const lead = conj === 'but' ? 'However, ' : conj === 'so' ? 'As a result, ' : ''
  const rest = lead ? lowerFirst(right) : capitalize(right)
  return `${left}. ${lead}${rest}`
}

/** Lower-cases a sentence's first word unless it is "I" or a name. */
export function lowerFirst(text: string): string {
  const tokens = tokenize(text)
  const first = tokens.findIndex((t) => t.kind === 'word')
  if (first !== 0 || /^I(?:['’]|$)/.test(tokens[0]!.text) || isNameToken(tokens, 0, true)) return text
  const word = tokens[0]!.text
  if (word !== capitalize(word.toLowerCase())) return text
  return word.toLowerCase() + text.slice(word.length)
}

const BOUNDARY = new Set(['for', 'to', 'on', 'in', 'with', 'from', 'at', 'of', 'and', 'yesterday', 'today', 'this'])

/** "We have issued your refund for …" ↔ "Your refund has been issued for …"; undefined when the shape differs. */
export function switchVoice(sentence: string): string | undefined {
  const lex = loadLexicon()
  const active =
    /^(We|I) (have |['’]ve |had )?(already |just )?([a-z]+) (your|the|this|that) ([a-z]+(?: [a-z]+)?)\b(.*)$/.exec(
      sentence,
    )
  if (active) {
    const [, , aux, adverb = '', verb, det, np, rest] = active as unknown as string[]
    const nounWords = np!.split(' ')
    while (nounWords.length > 1 && BOUNDARY.has(nounWords.at(-1)!)) nounWords.pop()
    const restText = np!.split(' ').slice(nounWords.length).join(' ')
    if (restText === 'of' || /^\s+of\b/.test(rest!)) return undefined // "your refund of €10" stays one phrase
    const base = verbBase(lex, verb!)
    const pp = base && participle(base)
    if (!base || !pp || pp !== verb!.toLowerCase() || !lex.entry(nounWords.at(-1)!, 'n')) return undefined
    if (/^\s+(?:to|with|by)\b/.test(rest!)) return undefined // "gave the parcel to…" reads oddly in the passive
    // "We've received your return and will process…": the second verb needs "we" as its subject.
    if (/\b(?:and|but|or)\b/.test(`${restText} ${rest}`)) return undefined
    const plural = /s$/.test(nounWords.at(-1)!) && !/ss$/.test(nounWords.at(-1)!)
    const be = aux ? (plural ? 'have been' : 'has been') : plural ? 'were' : 'was'
    const tail = (restText ? ` ${restText}` : '') + rest
    return `${capitalize(det!)} ${nounWords.join(' ')} ${be} ${adverb}${pp}${tail}`
  }
  const passive =
    /^(Your|The|This) ([a-z]+(?: [a-z]+)?) (has been|have been|was|were) (already |just )?([a-z]+)\b(.*)$/.exec(
      sentence,
    )
  if (!passive) return undefined
  const [, det, np, be, adverb = '', pp, rest] = passive as unknown as string[]
  if (/^\s+by\b/.test(rest!)) return undefined
  const base = verbBase(lex, pp!)
  if (!base || participle(base) !== pp || !lex.entry(np!.split(' ').at(-1)!, 'n')) return undefined
  const perfect = be!.includes('been')
  // A simple past needs the past tense, which differs from the participle for some verbs ("taken" / "took").
  const past = perfect ? pp : inflect(base, 'past', 'v')
  if (!past || past !== pp) return undefined
  return `We ${perfect ? 'have ' : ''}${adverb}${past} ${det!.toLowerCase()} ${np}${rest}`
}
