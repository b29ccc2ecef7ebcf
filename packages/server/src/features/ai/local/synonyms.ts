import { inflect, lemmatize, type Form } from './inflect.js'
import { contentStems, stem } from './text.js'
import { loadLexicon, POS_LIST, type Lexicon, type Pos } from './wordnet.js'

/**
 * Choosing a synonym that fits: a small support thesaurus written for this engine takes precedence; otherwise the
 * WordNet sense is picked with a simplified Lesk overlap between the sense's gloss and the sentence (biased to the
 * most frequent senses), and only its common lemmas are offered — those in the frequency list and whose own top
 * senses include that meaning, which keeps out rare and archaic senses.
 */

// Support vocabulary where WordNet's first choice reads oddly ("problem" → "job"); lemma:pos → replacements.
const CURATED: Record<string, string[]> = {
  'issue:v': [],
  'expect:v': [],
  'process:v': ['handle'],
  'offer:v': ['provide'],
  'patience:n': ['understanding'],
  'help:v': ['assist', 'support'],
  'assist:v': ['help'],
  'fix:v': ['resolve', 'repair'],
  'resolve:v': ['fix'],
  'buy:v': ['purchase'],
  'purchase:v': ['buy'],
  'need:v': ['require'],
  'require:v': ['need'],
  'check:v': ['review', 'verify'],
  'verify:v': ['confirm', 'check'],
  'confirm:v': ['verify'],
  'tell:v': ['inform'],
  'inform:v': ['tell'],
  'start:v': ['begin'],
  'begin:v': ['start'],
  'try:v': ['attempt'],
  'attempt:v': ['try'],
  'show:v': ['display'],
  'reply:v': ['respond'],
  'respond:v': ['reply'],
  'contact:v': ['reach'],
  'explain:v': ['clarify'],
  'appreciate:v': ['value'],
  'notice:v': ['see'],
  'wish:v': ['want'],
  'issue:n': ['problem'],
  'problem:n': ['issue'],
  'question:n': ['query'],
  'query:n': ['question'],
  'mistake:n': ['error'],
  'error:n': ['mistake'],
  'item:n': ['product'],
  'product:n': ['item'],
  'help:n': ['assistance', 'support'],
  'assistance:n': ['help'],
  'information:n': ['details'],
  'info:n': ['details'],
  'response:n': ['reply'],
  'reply:n': ['response'],
  'fee:n': ['charge'],
  'cost:n': ['price'],
  'price:n': ['cost'],
  'trouble:n': ['difficulty'],
  'difficulty:n': ['trouble'],
  'option:n': ['choice'],
  'choice:n': ['option'],
  'package:n': ['parcel'],
  'parcel:n': ['package'],
  'quick:a': ['fast', 'prompt'],
  'fast:a': ['quick'],
  'happy:a': ['glad', 'pleased'],
  'glad:a': ['happy', 'pleased'],
  'pleased:a': ['happy', 'glad'],
  'correct:a': ['right'],
  'wrong:a': ['incorrect'],
  'incorrect:a': ['wrong'],
  'big:a': ['large'],
  'large:a': ['big'],
  'great:a': ['excellent'],
  'excellent:a': ['great'],
  'difficult:a': ['hard'],
  'easy:a': ['simple'],
  'simple:a': ['easy'],
  'faulty:a': ['defective'],
  'defective:a': ['faulty'],
  'helpful:a': ['useful'],
  'useful:a': ['helpful'],
  'urgent:a': ['pressing'],
  'quickly:r': ['promptly'],
  'promptly:r': ['quickly'],
  'soon:r': ['shortly'],
  'shortly:r': ['soon'],
  'currently:r': ['now'],
  'immediately:r': ['straight away'],
  'unfortunately:r': ['regrettably'],
}

// Words that carry the request itself or are too polysemous to swap safely; they are never replaced.
const KEEP = new Set(
  `order refund account password email e-mail invoice payment subscription plan charge card bank login log app website
  address delivery shipping tracking number code link agent customer support team store shop week day month year
  today tomorrow yesterday hour minute second time morning evening night be have do get go make take come say let know
  see want like think work use put set run look give keep mean seem feel find call leave turn bring hold stand move
  live happen way thing lot bit kind sort part case point fact place people person name hand end side home date
  credit result total amount balance money dollar euro pound cent size colour color model version screen phone laptop device button
  page message chat mail box sure right left new old good bad well much many more most less least own able ready
  due last next first second third other same different sorry hello hi thanks thank welcome please`
    .split(/\s+/)
    .filter(Boolean),
)

// Replacements never offered, whatever WordNet says.
const NEVER = new Set(
  `ass bitch bastard screw bang hump piss crap shit fuck cock dick jerk nut nuts balls ball booty pussy tit tits
  damn hell bloody dope gay queer kill murder die dead`.split(/\s+/),
)

const MIN_FREQUENCY = 120
const cache = new Map<string, string[]>()

/** Ranked replacements for a lemma used as `pos` in a sentence whose content stems are `context`. */
export function synonymsFor(lemma: string, pos: Pos, context: Set<string>): string[] {
  if (KEEP.has(lemma)) return []
  const curated = CURATED[`${lemma}:${pos}`]
  if (curated) return curated
  const lex = loadLexicon()
  const entry = lex.entry(lemma, pos)
  if (!entry) return []
  const senses = entry.offsets.slice(0, Math.max(1, Math.min(3, entry.tagged)))
  let best = senses[0]!
  let bestScore = -Infinity
  senses.forEach((offset, rank) => {
    const s = lex.synset(pos, offset)
    if (!s) return
    const overlap = contentStems(`${s.gloss} ${s.words.join(' ')}`).filter((x) => context.has(x)).length
    const score = overlap + (senses.length - rank) * 0.6
    if (score > bestScore) [best, bestScore] = [offset, score]
  })
  const key = `${lemma}:${pos}:${best}`
  const hit = cache.get(key)
  if (hit) return hit
  const own = stem(lemma)
  const found = (lex.synset(pos, best)?.words ?? [])
    .filter((w) => /^[a-z]+$/.test(w) && w !== lemma && stem(w) !== own && !NEVER.has(w) && !KEEP.has(w))
    .filter((w) => lex.frequency(w) >= MIN_FREQUENCY && sharesCommonSense(lex, w, pos, best))
    .sort((a, b) => lex.frequency(b) - lex.frequency(a) || a.localeCompare(b))
  cache.set(key, found)
  return found
}

/** The candidate's own three most frequent senses must include the meaning: "repay" yes, "return" no. */
function sharesCommonSense(lex: Lexicon, word: string, pos: Pos, offset: number): boolean {
  const e = lex.entry(word, pos)
  return !!e && e.offsets.slice(0, Math.max(1, Math.min(3, e.tagged))).includes(offset)
}

/** Every lemma sharing any sense with the word (any part of speech), plus the thesaurus: for checking meaning. */
export function relatedWords(word: string): Set<string> {
  const lex = loadLexicon()
  const out = new Set<string>()
  for (const pos of POS_LIST) {
    const found = lemmatize(lex, word, pos)
    if (!found) continue
    for (const r of CURATED[`${found.lemma}:${pos}`] ?? []) out.add(r)
    for (const offset of lex.entry(found.lemma, pos)?.offsets ?? [])
      for (const w of lex.synset(pos, offset)?.words ?? []) out.add(w.toLowerCase())
  }
  return out
}

/**
 * A replacement for `word` (as written, with its inflection) or undefined; `pick` chooses among the candidates
 * that `accept` lets through (a tone's register).
 */
export function replaceWord(
  word: string,
  pos: Pos,
  context: Set<string>,
  pick: number,
  accept: (lemma: string) => boolean = () => true,
): string | undefined {
  const lex = loadLexicon()
  const found = lemmatize(lex, word, pos)
  if (!found || found.form === 'other') return undefined
  if (lex.frequency(found.lemma) < MIN_FREQUENCY / 6) return undefined // a rare word has a special meaning
  const candidates = synonymsFor(found.lemma, pos, context)
    .filter(accept)
    .map((c) => inflectPhrase(c, found.form, pos))
    .filter((c): c is string => c !== undefined)
  if (candidates.length === 0) return undefined
  const chosen = candidates[pick % candidates.length]!
  return /^\p{Lu}/u.test(word) ? chosen.charAt(0).toUpperCase() + chosen.slice(1) : chosen
}

// "straight away" inflects nothing; a one-word lemma inflects like the original.
function inflectPhrase(lemma: string, form: Form, pos: Pos): string | undefined {
  if (lemma.includes(' ')) return form === 'base' ? lemma : undefined
  return inflect(lemma, form, pos)
}

/** The parts of speech WordNet knows for a word (through its inflections). */
export function partsOfSpeech(word: string): Pos[] {
  const lex = loadLexicon()
  return POS_LIST.filter((pos) => lemmatize(lex, word, pos) !== undefined)
}
