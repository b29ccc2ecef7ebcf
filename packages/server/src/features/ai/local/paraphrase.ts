import type { ParaphraseInput, ParaphraseResult } from '../provider.js'
import { protectedTerms } from './facts.js'
import { parseMessage } from './message.js'
import { hasContraction } from './rewrite.js'
import { expandShorthand, shorthandIn } from './shorthand.js'
import { isNegation, looksEnglish, sameText, splitSentences, tokenize } from './text.js'
import { insist, prepare, renderTone } from './tone.js'

/**
 * The paraphraser. The text is parsed into a message (greeting, clean sentences, closing thanks, sign-off; texting
 * shorthand written out, run-ons split, capitals and end punctuation restored), then written in the tone with
 * each rule's k-th wording for the k-th candidate. A candidate is kept only if it passes every check: each fact
 * of the input (numbers, amounts, ids, e-mails, links, names) kept exactly, the same negations, no shorthand, no
 * contraction in formal, shorter than the input in concise, no doubled words or punctuation, every sentence
 * starting with a capital, and different from the input and the earlier variants. Fewer than n variants are
 * returned rather than weaker ones.
 */

const CANDIDATES_PER_VARIANT = 4

export function paraphrase(input: ParaphraseInput): ParaphraseResult {
  const text = input.text.trim()
  const n = Math.max(1, Math.min(5, Math.floor(input.n) || 1))
  if (!text) return { variants: ['—'] }
  // Shorthand hides the function words the check counts ("ok ill refund u now"), so it reads the written-out text.
  const english = /^en\b/i.test(input.language || 'en') && looksEnglish(expandShorthand(text))
  if (!english) return { variants: lightRewrites(text, n) }

  const apostrophe = text.includes('’') && !text.includes("'") ? '’' : "'"
  const message = prepare(parseMessage(text))
  const check = checker(text, input.tone)
  const variants: string[] = []
  let nearMiss: string | undefined
  for (let k = 0; k < n * CANDIDATES_PER_VARIANT && variants.length < n; k++) {
    const { text: out, added } = renderTone(message, input.tone, k, apostrophe)
    if (variants.some((v) => sameWords(v, out))) continue
    const verdict = check(out, added)
    if (verdict === true) variants.push(out)
    else if (verdict === 'long' && nearMiss === undefined) nearMiss = out
  }
  // Nothing in the tone's rules applied: its last-resort change, if it has one.
  const insisted = variants.length === 0 ? insist(message.msg, input.tone) : undefined
  const stronger = insisted && prepare(insisted, message)
  for (let k = 0; stronger && k < n * CANDIDATES_PER_VARIANT && variants.length < n; k++) {
    const { text: out, added } = renderTone(stronger, input.tone, k, apostrophe)
    if (!variants.some((v) => sameWords(v, out)) && check(out, added) === true) variants.push(out)
  }
  // A text already as short as it gets: its clean rewrite, rather than nothing or a typographic one.
  if (variants.length === 0 && nearMiss) variants.push(nearMiss)
  if (variants.length === 0) variants.push(...lightRewrites(text, 1))
  return { variants }
}

/** The same words in the same order, ignoring case, punctuation and spacing: "Thanks!" and "thanks." are the same. */
const sameWords = (a: string, b: string) => {
  const key = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')
  return key(a) === key(b)
}

const negations = (s: string) =>
  tokenize(s.replace(/n['’]t\b/gi, ' not').replace(/\bcannot\b/gi, 'can not')).filter((t) => isNegation(t.text)).length

// Words the parser writes differently on purpose ("ASAP" → "as soon as possible", "OK" is dropped in formal).
const REWRITTEN = /^(?:OK|ASAP|PLS|PLZ|THX|IDK|BTW|FYI|TMRW|U|UR)$/

/** The checks every variant must pass; `added` are the sentences and phrases the tone wrote itself. */
export function checker(input: string, tone: ParaphraseInput['tone']) {
  const terms = protectedTerms(input).filter((t) => !REWRITTEN.test(t) && shorthandIn(t).length === 0)
  const negationCount = negations(expandShorthand(input))
  return (output: string, added: string[]): boolean | 'long' => {
    // A variant must change words, not only punctuation or case.
    if (sameWords(output, input) || !output.trim()) return false
    // A shouted word ("THIRD") may come back in lower case; every other term exactly as written.
    const kept = (t: string) => output.includes(t) || (/^\p{Lu}{3,}$/u.test(t) && output.includes(t.toLowerCase()))
    if (!terms.every(kept)) return false
    const addedNegations = added.reduce((sum, a) => sum + negations(a), 0)
    if (negations(output) - addedNegations !== negationCount) return false
    if (shorthandIn(output).length > 0) return false
    if (tone === 'formal' && (hasContraction(output) || output.includes('!'))) return false
    if (!wellFormed(output)) return false
    return tone === 'concise' && output.length >= input.length ? 'long' : true
  }
}

/** The project's own grammar rules: no doubled word or punctuation, sentences start with a capital and end. */
export function wellFormed(text: string): boolean {
  if (/\b(\p{L}+)\s+\1\b/iu.test(text.replace(/\bthat that\b/gi, ''))) return false
  if (/([,;:!?])\1|,\s*[.!?]|\s[,.!?;:](?!\d)|\.\.(?!\.)/.test(text)) return false
  for (const line of text.split(/\n+/))
    for (const s of splitSentences(line))
      if (/^\p{Ll}/u.test(s) && !/^(?:e\.g|i\.e|www\.|https?:)/.test(s)) return false
  return true
}

/**
 * Text that is not English: the rules do not apply, so only safe typographic rewrites are offered (sentence
 * breaks, repeated punctuation, spacing); meaning and words are untouched.
 */
function lightRewrites(text: string, n: number): string[] {
  const sentences = splitSentences(text)
  const candidates = [
    text.replace(/([!?])\1+/g, '$1').replace(/\s+([,.!?;:])/g, '$1'),
    text.replace(/!/g, '.'),
    sentences.join('\n'),
    sentences.join(' '),
    sentences.map((s) => (/[.!?…。！？]$/u.test(s) ? s : `${s}.`)).join(' '),
    /[.!?…。！？]$/u.test(text) ? text.slice(0, -1) : `${text}.`,
  ]
  const out: string[] = []
  for (const c of candidates) if (!sameText(c, text) && !out.some((o) => sameText(o, c)) && c.trim()) out.push(c.trim())
  return out.slice(0, n).length ? out.slice(0, n) : [`${text} …`]
}
