/**
 * How the search window's words are read (contract §10.5). Every word is whole, as `websearch_to_tsquery` reads it
 * (quotes for phrases, `or`, `-word`), except the last one, which may still be being typed: it also matches the
 * words it starts ("refu" finds "refund"). Only plain tokens — letters with their marks, and digits — ever reach
 * `to_tsquery`, so no character of the words can act as one of its operators.
 */
export type SearchTerms = {
  /** The words as typed, each one whole. */
  words: string
  /** The last word, when the words end in one that is not excluded with "-". */
  open: {
    /** The words before it, each one whole (a phrase still open is closed). */
    before: string
    /** Whether "or" stands between those words and the last one. */
    either: boolean
    /** Its tokens as a `to_tsquery` text, the last one a prefix: `refu:*`, `e & ma:*`. */
    prefix: string
  } | null
  /** The tokens of the words that are not excluded, as `to_tsquery` alternatives, prefixes from two letters on. */
  highlight: string
  /** Those tokens one by one, in the same form. */
  highlightTokens: string[]
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu

/** Prefixes shorter than this would match too much of the text to be of use (or to stay fast). */
const PREFIX_MIN = 2

const tokensOf = (text: string) => (text.normalize('NFC').toLowerCase().match(TOKEN) ?? []) as string[]

const asPrefix = (token: string) => (token.length >= PREFIX_MIN ? `${token}:*` : token)

/** Whether a chunk of the words is excluded with "-", as `websearch_to_tsquery` reads it. */
const excluded = (chunk: string) => /^"?-/.test(chunk)

export function searchTerms(input: string): SearchTerms {
  const words = input.trim()
  const highlightTokens = [
    ...new Set(
      words
        .split(/\s+/)
        .filter((chunk) => chunk !== '' && !excluded(chunk))
        .flatMap(tokensOf)
        .map(asPrefix),
    ),
  ]
  return { words, open: openWord(words), highlight: highlightTokens.join(' | '), highlightTokens }
}

function openWord(words: string): SearchTerms['open'] {
  const last = /[^\s"]+$/u.exec(words)
  if (!last) return null
  let before = words.slice(0, last.index)
  if (last[0].startsWith('-') && (before === '' || /[\s"]$/u.test(before))) return null
  const tokens = tokensOf(last[0])
  const final = tokens.at(-1)
  if (final === undefined || final.length < PREFIX_MIN) return null
  const inPhrase = (before.match(/"/g)?.length ?? 0) % 2 === 1
  if (inPhrase) before = `${before.trimEnd()}"`
  const or = inPhrase ? null : /(?:^|\s)or\s*$/iu.exec(before)
  if (or) before = before.slice(0, or.index)
  return {
    before: before.trim(),
    either: or !== null,
    prefix: [...tokens.slice(0, -1), `${final}:*`].join(' & '),
  }
}
