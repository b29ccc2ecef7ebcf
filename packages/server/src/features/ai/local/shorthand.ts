import nlp from 'compromise'
import { capitalize } from './text.js'

/**
 * Texting shorthand, slang and missing apostrophes, written out as plain English: "ur order cant ship till
 * monday, pls send ur address again thx" → "your order can't ship until Monday, please send your address again
 * thanks". The dictionary is our own and lists only words whose expansion is unambiguous in a support message;
 * "ur" is resolved from the next word ("ur order" → "your order", "ur welcome" → "you're welcome").
 */

// shorthand → written-out form; keys are lower case. Forms with an apostrophe are contractions, which each tone
// then keeps or expands.
const SHORTHAND: Record<string, string> = {
  u: 'you',
  ya: 'you',
  yu: 'you',
  yr: 'your',
  urs: 'yours',
  r: 'are',
  pls: 'please',
  plz: 'please',
  plez: 'please',
  pleas: 'please',
  plss: 'please',
  thx: 'thanks',
  thnx: 'thanks',
  thanx: 'thanks',
  thnks: 'thanks',
  thks: 'thanks',
  tx: 'thanks',
  ty: 'thank you',
  tyvm: 'thank you very much',
  tia: 'thanks in advance',
  cant: "can't",
  wont: "won't",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  isnt: "isn't",
  arent: "aren't",
  wasnt: "wasn't",
  werent: "weren't",
  havent: "haven't",
  hasnt: "hasn't",
  hadnt: "hadn't",
  couldnt: "couldn't",
  wouldnt: "wouldn't",
  shouldnt: "shouldn't",
  aint: "isn't",
  im: "I'm",
  ive: "I've",
  youre: "you're",
  youve: "you've",
  youll: "you'll",
  theyre: "they're",
  thats: "that's",
  whats: "what's",
  theres: "there's",
  heres: "here's",
  wheres: "where's",
  idk: "I don't know",
  dunno: "don't know",
  asap: 'as soon as possible',
  gonna: 'going to',
  wanna: 'want to',
  gotta: 'have to',
  hafta: 'have to',
  lemme: 'let me',
  gimme: 'give me',
  kinda: 'kind of',
  sorta: 'sort of',
  outta: 'out of',
  btw: 'by the way',
  fyi: 'for your information',
  tbh: 'to be honest',
  imo: 'in my opinion',
  rn: 'right now',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  tmw: 'tomorrow',
  tomoro: 'tomorrow',
  tommorow: 'tomorrow',
  tomorow: 'tomorrow',
  '2moro': 'tomorrow',
  '2morrow': 'tomorrow',
  '2day': 'today',
  '2nite': 'tonight',
  tonite: 'tonight',
  b4: 'before',
  msg: 'message',
  msgs: 'messages',
  pic: 'photo',
  pics: 'photos',
  ppl: 'people',
  cuz: 'because',
  coz: 'because',
  cos: 'because',
  bc: 'because',
  bcoz: 'because',
  becuz: 'because',
  tho: 'though',
  thru: 'through',
  til: 'until',
  till: 'until',
  acct: 'account',
  acc: 'account',
  addr: 'address',
  amt: 'amount',
  qty: 'quantity',
  pkg: 'package',
  dept: 'department',
  approx: 'approximately',
  nvm: 'never mind',
  np: 'no problem',
  yep: 'yes',
  yup: 'yes',
  yeah: 'yes',
  nope: 'no',
  nah: 'no',
  ok: 'OK',
  okey: 'OK',
  k: 'OK',
  kk: 'OK',
  wud: 'would',
  cud: 'could',
  shud: 'should',
  wat: 'what',
  wen: 'when',
  abt: 'about',
  bout: 'about',
  sry: 'sorry',
  soz: 'sorry',
  srry: 'sorry',
  gr8: 'great',
  l8r: 'later',
  l8: 'late',
  pmt: 'payment',
  dm: 'message',
  lmk: 'let me know',
  ofc: 'of course',
  imho: 'in my opinion',
  n: 'and',
  b: 'be',
  y: 'why',
  wot: 'what',
  sth: 'something',
  smth: 'something',
  pwd: 'password',
  appt: 'appointment',
  i: 'I',
}

// Two-word forms and symbols: "w/" → "with", "thank u" → "thank you".
const PHRASES: [RegExp, string | ((...args: string[]) => string)][] = [
  [/\b(?:omg|omfg|jk|brb)\b[,!.]*\s*/gi, ''],
  [
    /\b(on|this|next|by|until|till|from) (mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b(?!\.\w)/gi,
    (_: string, p: string, d: string) => `${p} ${dayName(d)}`,
  ],
  [
    /\b(mon|tues?|wed|thu(?:rs?)?|fri|sat|sun) (morning|afternoon|evening|night)\b/gi,
    (_: string, d: string, t: string) => `${dayName(d)} ${t}`,
  ],
  [/(^|\s)w\/o(?=\s)/gi, '$1without'],
  [/(^|\s)w\/(?=\s)/gi, '$1with'],
  [/\bb\/c\b/gi, 'because'],
  [/\bi['’]?ll\b/g, "I'll"],
  [/\bi['’]?d\b(?=\s+(?:like|love|be|have|need|prefer|appreciate)\b)/gi, "I'd"],
  [/\bi['’]m\b/g, "I'm"],
  [/\bi['’]ve\b/g, "I've"],
]

const DAYS: Record<string, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}
const dayName = (short: string) => DAYS[short.toLowerCase().slice(0, 3)] ?? short

// Slips common in learners' English whose correction is certain: "I have buyed" → "I have bought",
// "I am waiting since 10 days" → "I have been waiting for 10 days", "What I can do?" → "What can I do?".
const LEARNER_FIXES: [RegExp, string][] = [
  [/\bbuyed\b/g, 'bought'],
  [/\bsended\b/g, 'sent'],
  [/\bpayed\b/g, 'paid'],
  [/\bteached\b/g, 'taught'],
  [/\bbringed\b/g, 'brought'],
  [/\bthinked\b/g, 'thought'],
  [
    /\b(I|we) (?:am|are) waiting since (\d+|a|one|two|three|four|five|six|seven|ten) (days?|weeks?|months?|hours?)\b/gi,
    '$1 have been waiting for $2 $3',
  ],
  [/\bnobody (?:is|has) answer(?:ing|ed)? (me|us)\b/gi, 'nobody has answered $1'],
  [/\b(is|are|was|were) not (accept|approve|deliver|refund|process|ship)\b/gi, '$1 not $2ed'],
  [/\bnot accepteded\b/g, 'not accepted'],
  [/\bin your (website|site|app|shop)\b/gi, 'on your $1'],
  [/\bI try (\d+|two|three|several|many) times\b/g, 'I tried $1 times'],
  [/(^|[.!?]\s+)(What|How|When|Where|Why) (I|we) (can|should|must|could) ([a-z]+)(?=[^.!]*\?)/gm, '$1$2 $4 $3 $5'],
  [/^please you can\b/gim, 'could you please'],
  // A texted sentence often drops its subject: "gonna need ur email", "wanna upgrade…".
  [/(^|[.!?]\s+)(?:going to|gonna) need\b/gi, "$1I'm going to need"],
  [/(^|[.!?]\s+)(?:want to|wanna) (upgrade|cancel|change|return|order|know|ask|buy)\b/gi, '$1I want to $2'],
  [/(^|[.!?]\s+)(by the way|for your information|to be honest)\s+(?![,\s])/gi, '$1$2, '],
  [/, (should|will|may|might) (be|arrive|show|take)\b/g, '. It $1 $2'],
  [/(^|[.!?]\s+)(OK|Yes|No|Sure|Alright)\s+(?=I\b|we\b|you\b|the\b|your\b)/g, '$1$2, '],
  [/\bplease you can\b/gi, 'could you please'],
]

// Words after "ur" that make it "you're": adjectives and participles that describe the reader.
const YOU_ARE_NEXT =
  /^(?:welcome|right|wrong|correct|not|so|very|too|all|still|now|already|able|going|getting|being|sure|here|there|free|eligible|entitled|due|in|on|out|done|set|good|fine|ok|okay|a|an|the)$/i

const CAPITAL_SHORTHAND = new Set(['ASAP', 'PLS', 'PLZ', 'THX', 'IDK', 'BTW', 'FYI', 'TMRW', 'U', 'UR', 'I'])

const WEEKDAYS = 'monday tuesday wednesday thursday friday saturday sunday'.split(' ')
const MONTHS = 'january february april june july august september october november december'.split(' ')

type NlpSentence = { terms?: { tags?: string[] }[] }

/** compromise's part-of-speech tags for each term of a text ("Verb", "Imperative", "Adjective", …). */
export function termTags(text: string): string[][] {
  const sentences = nlp(text).json() as NlpSentence[]
  return sentences.flatMap((s) => (s.terms ?? []).map((t) => t.tags ?? []))
}

/** Whether the text has shorthand this module would write out (for checks and tests). */
export function shorthandIn(text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(/(?<![\p{L}\p{N}'’@/.#-])([\p{L}\p{N}]+)(?![\p{L}\p{N}'’@]|\.\w)/gu)) {
    const w = m[1]!
    const lower = w.toLowerCase()
    if (lower === 'i' || lower === 'ok' || lower === 'k') continue // handled by case rules
    if (lower === 'ur' || (SHORTHAND[lower] !== undefined && lower !== 'till' && lower !== 'cos')) found.push(w)
  }
  return found
}

/** Writes out shorthand, capitalises "I", weekdays and months, and settles "ur". Facts are never touched. */
export function expandShorthand(text: string): string {
  let out = text
  for (const [pattern, replacement] of PHRASES)
    out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement)
  // Word by word, so ids ("u2"), e-mails and links are left alone: a word must stand between spaces or punctuation.
  out = out.replace(
    /(?<![\p{L}\p{N}'’@/.#_-])([\p{L}\p{N}]+)(?![\p{L}\p{N}'’@_]|\.\w|\/\w)/gu,
    (word: string, _w: string, offset: number, whole: string) => {
      const lower = word.toLowerCase()
      if (lower === 'ur') return youOrYour(whole.slice(offset + word.length), word)
      if (WEEKDAYS.includes(lower) || MONTHS.includes(lower)) return capitalize(lower)
      const written = SHORTHAND[lower]
      if (written === undefined) return word
      // An all-capital word that is not shorthand-shaped ("R", "TY") is a name or an acronym; keep it.
      if (word === word.toUpperCase() && !CAPITAL_SHORTHAND.has(word)) return lower === 'ok' ? 'OK' : word
      return word[0] !== lower[0] && written[0] !== 'I' ? capitalize(written) : written
    },
  )
  for (const [pattern, replacement] of LEARNER_FIXES) out = out.replace(pattern, replacement)
  return out
}

/** "ur" before a noun is "your"; before an adjective, participle or article it is "you're". */
function youOrYour(after: string, word: string): string {
  const next = /^\s+([\p{L}'’]+)/u.exec(after)?.[1] ?? ''
  let youAre = YOU_ARE_NEXT.test(next) || /ing$/i.test(next)
  if (!youAre && next && !/^\s*[,.!?]/.test(after)) {
    // compromise knows adjectives ("ur amazing") that the list does not.
    const t = termTags(`you are ${next}`)[2] ?? []
    youAre = t.includes('Adjective') && !t.includes('Noun')
  }
  const out = youAre ? "you're" : 'your'
  return /^U/.test(word) ? capitalize(out) : out
}
