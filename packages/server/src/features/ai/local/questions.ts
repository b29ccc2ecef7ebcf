import type { ChatLine } from '../provider.js'
import { contentStems, splitSentences } from './text.js'

/**
 * Which of the customer's questions are still open. A customer sentence is a question when it ends with "?" or,
 * lacking end punctuation, starts like one ("how do I…", "is there…"). It counts as answered when:
 * - the staff's next block of messages (agent or assistant, right after the customer's turn) shares one of the
 *   question's key words, gives the kind of answer the question asks for (a time for "when", a place for
 *   "where", an amount for "how much", a yes or no for a yes/no question); or
 * - any later staff message shares two of its key words (one when the question has only one).
 * Otherwise, including when no staff message follows it at all, it is open.
 */

const WH_START = /^(?:and |so |also |but )?(?:how|what|when|where|why|who|which|whose)\b/i
const AUX_START =
  /^(?:and |so |also |but )?(?:can|could|will|would|should|is|are|was|were|do|does|did|have|has|may|might|shall|am)\b/i
const GENERIC = new Set(['know', 'tell', 'let', 'ask', 'question', 'wonder', 'possibl', 'anyon', 'someon', 'mayb'])

// A request for information written without a question mark: "can u tell me when…", "I was wondering if…".
const ASKING =
  /^(?:(?:and |so |also |but |pls |please )?(?:can|could|would|will) (?:you|u|ya|someone|anyone|somebody) (?:please |pls |plz )?(?:tell|let|check|confirm|explain|say|find out|advise)\b|(?:do|did) (?:you|u) know\b|any idea\b|i (?:was |am |m )?wonder(?:ing)? (?:if|whether|when|why|how|what|where)\b|i would like to know\b|i(?:['’]d| would) like to know\b|(?:pls |please |plz )?(?:tell|let) me (?:know )?(?:if|whether|when|why|how|what|where|which)\b)/i

export function isQuestion(sentence: string): boolean {
  const s = sentence.trim()
  const words = s.split(/\s+/).length
  if (/\?["')\]]*\s*\p{Extended_Pictographic}*$/u.test(s)) {
    // "Tomorrow??", "Really?": an echo of surprise rather than a question.
    return words >= 3 || WH_START.test(s) || AUX_START.test(s)
  }
  if (ASKING.test(s) && words >= 4) return true
  return !/[.!…]$/.test(s) && (WH_START.test(s) || AUX_START.test(s)) && words >= 3
}

const TIME =
  /\b(?:\d+\s*(?:-\s*\d+\s*)?(?:business |working )?(?:minutes?|hours?|days?|weeks?|months?)|today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|next week|this week|\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{4}-\d\d-\d\d)\b/i
const PLACE = /\b(?:at|in|on|from) (?:the |our |your )?\p{Lu}|\b(?:at|in) (?:the|our|your) \w+/u
const AMOUNT = /[$€£¥₹]\s?\d|\b\d+(?:[.,]\d+)? ?(?:usd|eur|gbp|dollars?|euros?|pounds?)\b/i
const YES_NO =
  /^(?:yes|yeah|yep|no|nope|sure|of course|absolutely|definitely|certainly|unfortunately|sadly|i['’]m afraid|not|it (?:is|does|will|can)|you can|we can|we do|it['’]s)\b/i

function answersType(question: string, reply: string): boolean {
  const q = question.replace(/^(?:and|so|also|but) /i, '').toLowerCase()
  if (/^(?:when|how long|how soon|what time)\b/.test(q)) return TIME.test(reply)
  if (/^where\b/.test(q)) return PLACE.test(reply)
  if (/^(?:how much|what(?:'s| is) the (?:price|cost))\b/.test(q)) return AMOUNT.test(reply)
  if (AUX_START.test(q)) return splitSentences(reply).some((s) => YES_NO.test(s.trim()))
  if (/^why\b/.test(q)) return REASON.test(reply)
  return false
}

const REASON = /\b(?:because|since|due to|caused|the reason|only|as soon as|until|after)\b/i
// A reply that puts the question off rather than answering it.
const DEFERRAL =
  /\b(?:let me (?:check|find out|ask|look)|i(?:['’]ll| will) (?:check|find out|ask|look into|get back|come back)|(?:come|get) back to you|one moment|bear with me|not sure|i do not know|i don['’]t know|no idea)\b/i

/** A direct reply that says something of substance: a statement with content words, not a deferral or a question. */
function substantive(reply: string[]): boolean {
  const text = reply.join(' ')
  if (DEFERRAL.test(text)) return false
  return splitSentences(text).some((s) => !isQuestion(s) && contentStems(s).length >= 3)
}

export function findOpenQuestions(lines: ChatLine[]): string[] {
  const open: string[] = []
  const stems = lines.map((l) => (l.speaker === 'customer' ? [] : contentStems(l.text)))
  lines.forEach((line, i) => {
    if (line.speaker !== 'customer') return
    // The customer's turn runs until the first staff message; that staff block is the direct reply.
    let j = i + 1
    while (j < lines.length && lines[j]!.speaker === 'customer') j++
    const directStart = j
    while (j < lines.length && lines[j]!.speaker !== 'customer') j++
    const direct = lines.slice(directStart, j).map((l) => l.text)
    const later: number[] = []
    for (let k = j; k < lines.length; k++) if (lines[k]!.speaker !== 'customer') later.push(k)
    // How many questions the customer's turn asks: one reply may then answer only some of them.
    let turnQuestions = 0
    for (let k = i; k < directStart; k++) turnQuestions += splitSentences(lines[k]!.text).filter(isQuestion).length
    for (const sentence of splitSentences(line.text)) {
      if (!isQuestion(sentence)) continue
      const keys = new Set(contentStems(sentence).filter((k) => !GENERIC.has(k)))
      if (keys.size === 0) continue // small talk ("how are you?")
      const shared = (list: string[]) => new Set(list.filter((s) => keys.has(s))).size
      const directText = direct.join(' ')
      const directStems = stems.slice(directStart, j).flat()
      const typed = answersType(sentence, directText) && !DEFERRAL.test(directText)
      const answered =
        (direct.length > 0 && shared(directStems) >= 1) ||
        (direct.length > 0 && turnQuestions === 1 && (typed || substantive(direct))) ||
        (direct.length > 0 &&
          turnQuestions > 1 &&
          typed &&
          !/^(?:and |so |also |but )?(?:is|are|do|does|can|will)\b/i.test(sentence)) ||
        later.some((k) => shared(stems[k]!) >= Math.min(2, keys.size))
      if (!answered) open.push(sentence)
    }
  })
  return open
}
