import type { ParaphraseInput, ParaphraseResult } from '../provider.js'
import { protectedTerms } from './facts.js'
import { reorderClauses, splitCoordination, switchVoice } from './rewrite.js'
import { sentimentOf } from './sentiment.js'
import { partsOfSpeech, replaceWord } from './synonyms.js'
import {
  contentStems,
  hash,
  isNegation,
  looksEnglish,
  normalizeApostrophes,
  sameText,
  splitSentences,
  STOP_WORDS,
  tokenize,
  type Token,
} from './text.js'
import { EMPATHETIC_OPENERS, FRIENDLY_CLOSERS, FRIENDLY_OPENERS, toneAfter, toneBefore } from './tone.js'
import { loadLexicon, type Pos } from './wordnet.js'

/**
 * The paraphraser: each variant runs the text through tone rules, an optional clause reordering and voice switch,
 * a synonym pass over a variant-specific subset of the safe content words, and the tone's contraction policy.
 * Variants that lose a protected term (number, id, amount, e-mail, URL, name) or change the negations are dropped.
 */

const MAX_ATTEMPTS_PER_VARIANT = 4

export function paraphrase(input: ParaphraseInput): ParaphraseResult {
  const text = input.text.trim()
  const n = Math.max(1, Math.min(5, Math.floor(input.n) || 1))
  if (!text) return { variants: ['—'] }
  const english = /^en\b/i.test(input.language || 'en') && looksEnglish(text)
  if (!english) return { variants: lightRewrites(text, n) }

  const seed = hash(text)
  const apostrophe = text.includes('’') ? '’' : "'"
  const guard = keepsProtected(text)
  const variants: string[] = []
  for (let k = 0; k < n * MAX_ATTEMPTS_PER_VARIANT && variants.length < n; k++) {
    let out = rewriteText(text, input.tone, k, seed, apostrophe)
    if (input.tone === 'concise' && out.length > text.length)
      out = rewriteText(text, input.tone, k, seed, apostrophe, false)
    if (input.tone === 'concise' && out.length > text.length) continue
    if (sameText(out, text) || variants.some((v) => sameText(v, out)) || !guard(out)) continue
    variants.push(out)
  }
  if (variants.length === 0) variants.push(...lightRewrites(text, 1))
  return { variants }
}

function rewriteText(
  text: string,
  tone: ParaphraseInput['tone'],
  k: number,
  seed: number,
  apostrophe: string,
  synonyms = true,
) {
  // Line breaks (and blank lines between paragraphs) are kept as they are; sentences are rewritten within lines.
  let out = text
    .split(/(\n+)/)
    .map((part) =>
      part.startsWith('\n')
        ? part
        : splitSentences(part)
            .map((sentence, i) => rewriteSentence(sentence, tone, k, seed + i, apostrophe, synonyms))
            .join(' '),
    )
    .join('')
  const pick = (list: string[]) => list[(seed + k) % list.length]!
  if (tone === 'friendly') {
    if (/^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b/i.test(out)) {
      if (!FRIENDLY_CLOSERS.some((c) => out.includes(c))) out = addBeforeSignOff(out, pick(FRIENDLY_CLOSERS))
    } else out = `${pick(FRIENDLY_OPENERS)} ${out}`
  } else if (tone === 'empathetic') {
    const mood = sentimentOf(text).score < -0.05 ? 'negative' : 'other'
    // A greeting stays first: "Hi Anna, I understand… Thanks for your message!"
    const greeting =
      /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b[^,!.?]{0,40}[,!]\s*/i.exec(out)?.[0] ?? ''
    const rest = out.slice(greeting.length)
    out = `${greeting}${pick(EMPATHETIC_OPENERS[mood])} ${rest.charAt(0).toUpperCase()}${rest.slice(1)}`
    if (apostrophe === '’') out = out.replace(/'/g, '’')
  }
  return out
}

function rewriteSentence(
  sentence: string,
  tone: ParaphraseInput['tone'],
  k: number,
  seed: number,
  apostrophe: string,
  synonyms: boolean,
) {
  let s = toneBefore(sentence, tone, k)
  if ((k + seed) % 2 === 0) s = reorderClauses(s) ?? s
  if (k % 3 !== 1) s = switchVoice(s) ?? s
  if ((k + seed) % 3 !== 2 && tone !== 'concise') s = splitCoordination(s) ?? s
  if (synonyms) s = replaceSynonyms(s, k, tone)
  return toneAfter(s, tone, k, apostrophe)
}

const DETERMINERS = new Set(
  'the a an my your our their his her its this that these those some any each every another no'.split(' '),
)
const PREPOSITIONS = new Set('in on at for with from of by about into over after before without under'.split(' '))
const SUBJECTS = new Set('i you we they he she it'.split(' '))
const VERB_BEFORE = new Set(
  "to can could will would should may might must shall please don't doesn't didn't can't won't cannot never also just 'll 'd".split(
    ' ',
  ),
)
const COPULAS = new Set("am is are was were be been being 's 're 'm very so too quite really more most less".split(' '))

/** A cheap part-of-speech guess from WordNet's possibilities and the neighbouring words; null when unsure. */
function guessPos(word: string, prev: string, next: string): Pos | null {
  const options = partsOfSpeech(word)
  if (options.length === 0) return null
  const has = (p: Pos) => options.includes(p)
  if (/ly$/.test(word) && has('r')) return 'r'
  if ((VERB_BEFORE.has(prev) || SUBJECTS.has(prev)) && has('v')) return 'v'
  if (COPULAS.has(prev)) return has('a') ? 'a' : /(ed|ing)$/.test(word) && has('v') ? 'v' : null
  if (DETERMINERS.has(prev) || PREPOSITIONS.has(prev)) {
    if (has('a') && next && partsOfSpeech(next).includes('n') && !STOP_WORDS.has(next)) return 'a'
    return has('n') ? 'n' : has('a') ? 'a' : null
  }
  return options.length === 1 ? options[0]! : null
}

/** Replaces about two thirds of the replaceable words; which ones and which synonym depends on the variant. */
// Replacements a tone must not pick: a formal text keeps "inform", "assist"; a friendly one avoids them.
const INFORMAL = new Set(['tell', 'get', 'buy', 'need', 'help', 'fix', 'want', 'big', 'glad', 'happy', 'sort'])
const FORMAL_WORDS = new Set(['inform', 'assist', 'require', 'purchase', 'regrettably', 'verify', 'query', 'display'])
const registerFilter = (tone: ParaphraseInput['tone']) => (lemma: string) =>
  tone === 'formal' ? !INFORMAL.has(lemma) : tone === 'friendly' ? !FORMAL_WORDS.has(lemma) : true

function replaceSynonyms(sentence: string, k: number, tone: ParaphraseInput['tone']): string {
  const shorterOnly = tone === 'concise'
  const accept = registerFilter(tone)
  const lex = loadLexicon()
  const tokens = tokenize(sentence)
  const context = new Set(contentStems(sentence))
  const wordAt = (i: number, step: number): string => {
    for (let j = i + step; j >= 0 && j < tokens.length; j += step) {
      const t = tokens[j]!
      if (t.kind === 'word' || t.kind === 'number') return normalizeApostrophes(t.text.toLowerCase())
      if (t.kind === 'punct') return ''
    }
    return ''
  }
  let slot = 0
  tokens.forEach((t, i) => {
    if (!replaceable(t, i === firstWordIndex(tokens), lex.usuallyCapitalised(t.text))) return
    const lower = t.text.toLowerCase()
    const pos = guessPos(lower, wordAt(i, -1), wordAt(i, 1))
    if (!pos) return
    const mine = slot++
    if ((mine + k) % 3 === 2) return
    const replacement = replaceWord(t.text, pos, context, Math.floor(k / 2) + (mine % 2), accept)
    if (!replacement || (shorterOnly && replacement.length > t.text.length)) return
    t.text = replacement
    fixArticle(tokens, i)
  })
  return tokens.map((t) => t.text).join('')
}

function firstWordIndex(tokens: Token[]) {
  return tokens.findIndex((t) => t.kind === 'word')
}

function replaceable(t: Token, first: boolean, capitalisedWord: boolean): boolean {
  if (t.kind !== 'word' || t.text.length < 3 || /['’-]/.test(t.text) || isNegation(t.text)) return false
  if (STOP_WORDS.has(t.text.toLowerCase()) || FUNCTION_WORDS.has(t.text.toLowerCase())) return false
  if (/^\p{Lu}/u.test(t.text)) return first && !capitalisedWord && t.text.slice(1) === t.text.slice(1).toLowerCase()
  return true
}

/** "a" / "an" before a replaced word. */
function fixArticle(tokens: Token[], i: number) {
  const article = tokens[i - 2]
  if (!article || tokens[i - 1]?.kind !== 'space' || !/^an?$/i.test(article.text)) return
  const vowel = /^(?:[aeio]|u(?![nrs][aeiou])|hour|honest)/i.test(tokens[i]!.text)
  const want = vowel ? 'an' : 'a'
  article.text = /^A/.test(article.text) ? want.charAt(0).toUpperCase() + want.slice(1) : want
}

// Prepositions and connectives WordNet lists as adverbs ("within" → "inside", "instead" → "rather").
const FUNCTION_WORDS = new Set(
  `within inside without across around through throughout during since until upon onto toward towards beyond behind
  among along beside besides despite near per via instead rather either neither anyway however therefore thus hence
  yet already ever even back away up down further farther`.split(/\s+/),
)

const SIGN_OFF =
  /\n+[ \t]*(?:best|kind|warm|many thanks|thanks|thank you|cheers|regards|sincerely|all the best)\b[^\n]*(?:\n[^\n]*)?$/i

/** Appends a sentence to the body: before a closing "Best regards,\nTom" when there is one. */
function addBeforeSignOff(text: string, sentence: string): string {
  const signOff = SIGN_OFF.exec(text)
  // The sentence before the added one ends with its own stop: "… the broken one. Cheers!"
  const closed = (body: string) => body.replace(/\s+$/, '').replace(/([^.!?…:])$/, '$1.')
  if (!signOff) return `${closed(text)} ${sentence}`
  const body = text.slice(0, signOff.index)
  return `${closed(body)} ${sentence}${text.slice(signOff.index)}`
}

const NEGATION_COUNT = (s: string) =>
  tokenize(s.replace(/n['’]t\b/gi, ' not').replace(/\bcannot\b/gi, 'can not')).filter((t) => isNegation(t.text)).length

/** A check that a rewrite kept every protected term of the input and the same number of negations. */
function keepsProtected(input: string): (output: string) => boolean {
  const terms = protectedTerms(input)
  const negations = NEGATION_COUNT(input)
  return (output) => terms.every((t) => output.includes(t)) && NEGATION_COUNT(output) === negations
}

/**
 * Text that is not English: the lexicon does not apply, so only safe typographic rewrites are offered (sentence
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
