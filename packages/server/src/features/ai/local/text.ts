import { stemmer } from 'stemmer'

/**
 * Text primitives shared by the local engine: a tokenizer that keeps every character (so a rewrite can be
 * reassembled exactly), a sentence splitter, stop words and stems.
 */

export type TokenKind = 'word' | 'number' | 'url' | 'email' | 'space' | 'punct'
export type Token = { text: string; kind: TokenKind }

// Order matters: URLs and e-mails before words, amounts and ids before plain numbers. One group per kind.
const KINDS: TokenKind[] = ['url', 'email', 'number', 'word', 'space', 'punct']
const TOKEN = new RegExp(
  [
    String.raw`((?:https?:\/\/|www\.)[^\s<>"'()\[\]]*[^\s<>"'()\[\].,;:!?])`,
    String.raw`([\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)`,
    String.raw`([$€£¥₹]\s?\d[\d,]*(?:\.\d+)?|#?(?:[\p{L}]+[-_]?)?\d(?:[\d\p{L},.:/\-_]*[\p{L}\p{N}])?%?)`,
    String.raw`([\p{L}\p{M}]+(?:['’][\p{L}]+)*(?:-[\p{L}\p{M}]+)*)`,
    String.raw`(\s+)`,
    String.raw`([\s\S])`,
  ].join('|'),
  'gu',
)

// Texts are tokenized several times (sentences, stems, facts, sentiment); recent results are kept.
const recent = new Map<string, Token[]>()

export function tokenize(text: string): Token[] {
  let tokens = recent.get(text)
  if (!tokens) {
    tokens = []
    for (const m of text.matchAll(TOKEN)) {
      let g = 1
      while (g < 6 && m[g] === undefined) g++
      tokens.push({ text: m[0], kind: KINDS[g - 1]! })
    }
    if (recent.size >= 4000) recent.clear()
    recent.set(text, tokens)
  }
  return tokens.map((t) => ({ ...t }))
}

export const words = (text: string): string[] =>
  tokenize(text)
    .filter((t) => t.kind === 'word' || t.kind === 'number')
    .map((t) => t.text)

const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'vs', 'etc', 'e.g', 'i.e', 'no', 'approx', 'inc'])
const TERMINAL = /^[.!?…]$/

/** Splits a text into sentences: at . ! ? … followed by a space or the end (not after abbreviations), and at line breaks. */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  const tokens = tokenize(text)
  let current = ''
  const flush = () => {
    const s = current.trim()
    if (s) out.push(s)
    current = ''
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (t.kind === 'space' && t.text.includes('\n')) {
      flush()
      continue
    }
    current += t.text
    if (t.kind !== 'punct' || !TERMINAL.test(t.text)) continue
    const prev = tokens[i - 1]
    // Swallow runs like "?!" or "..." and closing quotes or emoji that belong to this sentence.
    while (i + 1 < tokens.length && tokens[i + 1]!.kind === 'punct' && !/\s/.test(tokens[i + 1]!.text)) {
      current += tokens[++i]!.text
    }
    // "Dr. Lee" and initials such as "J. Smith" do not end a sentence.
    const abbreviation =
      prev?.kind === 'word' && (ABBREVIATIONS.has(prev.text.toLowerCase()) || /^\p{Lu}$/u.test(prev.text))
    if (t.text === '.' && abbreviation) continue
    const next = tokens[i + 1]
    if (!next || next.kind === 'space') flush()
  }
  flush()
  return out
}

export const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below
  between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few
  for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him
  himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my
  myself no nor not of off on once only or other ought our ours ourselves out over own same shan't she she'd she'll
  she's should shouldn't so some such than that that's the their theirs them themselves then there there's these
  they they'd they'll they're they've this those through to too under until up very was wasn't we we'd we'll we're
  we've were weren't what what's when when's where where's which while who who's whom why why's with won't would
  wouldn't you you'd you'll you're you've your yours yourself yourselves will just get got ok okay hi hello hey
  please thanks thank yes yeah also still really would like can could us let know one well oh`
    .split(/\s+/)
    .filter(Boolean),
)

const NEGATIONS = /^(?:not|no|never|nothing|nobody|none|neither|nor|nowhere|cannot|without|n't)$|n['’]t$/i
export const isNegation = (word: string) => NEGATIONS.test(word)

export const normalizeApostrophes = (s: string) => s.replace(/’/g, "'")

/** Lower-cased Porter stem; numbers and ids are kept as they are. */
export const stem = (word: string) => {
  const w = normalizeApostrophes(word.toLowerCase())
  return /\d/.test(w) ? w : stemmer(w.replace(/'s$/, ''))
}

/** Stems of the content words (no stop words, no punctuation). */
export function contentStems(text: string): string[] {
  return tokenize(text)
    .filter(
      (t) => (t.kind === 'word' && !STOP_WORDS.has(normalizeApostrophes(t.text.toLowerCase()))) || t.kind === 'number',
    )
    .map((t) => stem(t.text))
    .filter((s) => s.length > 1 || /\d/.test(s))
}

/** FNV-1a: a small stable hash used to seed deterministic choices from the input. */
export function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export const squash = (s: string) => s.replace(/\s+/g, ' ').trim()
export const sameText = (a: string, b: string) => squash(a).toLowerCase() === squash(b).toLowerCase()
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** Rough check that a text is English: enough of its words are common English function words. */
export function looksEnglish(text: string): boolean {
  const ws = words(text).filter((w) => !/\d/.test(w))
  if (ws.length < 4) return ws.length === 0 || ws.some((w) => /^[a-z'’-]+$/i.test(w))
  const hits = ws.filter((w) => STOP_WORDS.has(normalizeApostrophes(w.toLowerCase()))).length
  return hits / ws.length >= 0.15
}

export function checkAborted(signal?: AbortSignal) {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The operation was aborted.')
}
