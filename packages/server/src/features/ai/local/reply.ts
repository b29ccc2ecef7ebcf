import { LATE, problemApology, renderAct, type Draft, type Picker } from './reply-acts.js'
import type { ReplyFacts, Topic } from './reply-facts.js'
import type { PromptPlan } from './reply-prompt.js'
import { capitalize } from './text.js'
import { relevantSentences, retell } from './retell.js'
import { escapeRe, timePhrase, toSecondPerson } from './voice.js'

/**
 * A reply as sentences with priorities: the greeting and what the prompt asks come first; the opener that brings
 * in the facts, the follow-ups and the closing may be dropped to fit `max_length`. Every sentence ends on a full
 * stop, question mark or exclamation mark, so dropping whole sentences keeps a clean ending.
 */
export type Part = { text: string; priority: number }

const ORDERISH = new Set<Topic>(['order', 'parcel', 'package', 'delivery', 'shipment'])

const lowerStart = (s: string) =>
  /^(?:I\b|I'|\p{Lu}{2}|\p{Lu}\S*\d)/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1)

/**
 * The customer's problem said back: their words turned to "you", its first clause only ("your blender arrived
 * broken", not "…, the jug is cracked"), without "today" (the reply is read later), and shortened by its last
 * phrase ("after two weeks") if it would otherwise repeat the chat at length.
 */
function problemOf(facts: ReplyFacts, copies: (text: string) => boolean): string | undefined {
  if (!facts.problem) return undefined
  const turned = customerSaid(facts.problem)
    .replace(/\s+(?:today|yesterday|this morning|earlier today|just now)\b/gi, '')
    .replace(/[.!\s]+$/, '')
    // "I was charged" turned is "you were charged".
    .replace(/\byou (was|has|is|wasn't|hasn't|isn't)\b/gi, (_, v: string) => `you ${TO_PLURAL[v.toLowerCase()]}`)
  const clause = /^((?:\S+\s+){3,}\S+?),\s/.exec(turned)?.[1] ?? turned
  const shorter = clause.replace(/\s+(?:after|for|since|in|on|at|with|from|by)\s+[^,]+$/i, '')
  const said = [clause, shorter].find((c) => !copies(c) && c.split(/\s+/).length >= 3)
  return said && said.charAt(0).toLowerCase() + said.slice(1)
}

const TO_PLURAL: Record<string, string> = {
  was: 'were',
  has: 'have',
  is: 'are',
  "wasn't": "weren't",
  "hasn't": "haven't",
  "isn't": "aren't",
}

/** Whether the customer has been waiting (or the prompt says so), so thanks for their patience are due. */
const waitedFor = (facts: ReplyFacts, plan: PromptPlan) =>
  LATE.test(facts.said) || plan.acts.some((a) => LATE.test(a.text))

/** What the reply may draw on besides the facts: the background text and the check against pasting it. */
export type Background = { text: string; copies: (text: string) => boolean }

function makeDraft(facts: ReplyFacts, pick: Picker, background: Background): Draft & { settle(): void } {
  const told = new Set<string>()
  const names = facts.name ? [facts.name, facts.name.replace(/^(?:Mr|Mrs|Ms|Dr)\.?\s+/, '')] : []
  let named = false
  let namedNow = false
  let lastTopic: Topic | undefined
  const used = new Set<string>()
  const full = (t: Topic | undefined): string => {
    const { reference: ref, product, amount } = facts
    if (t === 'refund')
      return `your refund${amount ? ` of ${amount}` : ''}${ref ? ` for ${ref}` : product ? ` for the ${product}` : ''}`
    if (t && ORDERISH.has(t)) {
      const base = ref?.startsWith('order ') ? `your ${ref}` : `your ${t}${ref ? ` (${ref})` : ''}`
      return `${base}${product ? ` for the ${product}` : ''}`
    }
    if (t === 'replacement') return `your replacement${product ? ` ${product}` : ''}`
    if (t && product?.toLowerCase().endsWith(` ${t}`)) return `your ${product}`
    if (t && product && new RegExp(`\\b${escapeRe(product)} ${t}\\b`, 'i').test(background.text))
      return `your ${product} ${t}`
    if (t)
      return `your ${t}${ref?.startsWith(`${t} `) ? ref.slice(t.length) : ref ? ` (${ref})` : ''}${product ? ` for the ${product}` : ''}`
    return ref ? `your ${ref}` : product ? `your ${product}` : 'your request'
  }
  const draft = {
    facts,
    pick,
    problem: problemOf(facts, background.copies),
    wantSubject: false,
    apologised: false,
    lastText: '',
    get lastNamedSubject() {
      return named
    },
    subject(topic?: Topic, capital = false) {
      const t = topic ?? facts.topic
      let phrase: string
      if (named && (t === lastTopic || !topic)) phrase = 'it'
      else if (used.has(t ?? '')) phrase = t ? `your ${t}` : 'your request'
      else phrase = full(t)
      used.add(t ?? '')
      namedNow = true
      lastTopic = t
      return capital ? capitalize(phrase) : phrase
    },
    lookup(query: string, limit: number, broad = false) {
      const out: string[] = []
      for (const s of relevantSentences(query, background.text, limit + 2, broad)) {
        if (told.has(s) || out.length >= limit) continue
        let retold = retell(s, names, background.copies)
        if (!retold) continue
        // Two retold sentences in their original order can still repeat a long run across the full stop.
        const before = out.at(-1)
        if (before && background.copies(`${before} ${retold}`)) retold = `Also, ${lowerStart(retold)}`
        if (before && background.copies(`${before} ${retold}`)) continue
        told.add(s)
        out.push(retold)
      }
      return out
    },
    timeFor(query: string) {
      const near = [...relevantSentences(query, background.text, 3), ...background.text.split('\n')]
        .map((s) => timePhrase(s.replace(/\b(?:since|ago|last)\s+\S+(?:\s+\S+)?/gi, '')))
        .filter((t): t is string => t !== undefined)
      const phrase = near.find((t) => /\d|day\b/i.test(t)) ?? near[0]
      return phrase && /^\d|^(?:mon|tues|wednes|thurs|fri|satur|sun)day/i.test(phrase) ? `on ${phrase}` : phrase
    },
    /** Called after each sentence: "it" may only point at the subject of the sentence just before. */
    settle() {
      named = namedNow
      namedNow = false
    },
  }
  return draft
}

/** The customer's words, turned round: "you" (the staff) → "we", "I" (the customer) → "you". */
const TURNED: Record<string, string> = {
  your: 'our',
  you: 'we',
  'i am': 'you are',
  "i'm": 'you are',
  i: 'you',
  my: 'your',
  me: 'you',
}
const turnVoice = (text: string) =>
  text.replace(/\b(?:your|you|I am|I'm|I|my|me)\b/gi, (w) => TURNED[w.toLowerCase()] ?? w)

/** A customer's message as the reply would say it back: "my order" → "your order", "you" (the staff) → "we". */
export const customerSaid = turnVoice

/** "Will I get an email confirmation too?" → "whether you will get an email confirmation too". */
export function indirectQuestion(question: string): string | undefined {
  const q = question
    .trim()
    .replace(/^(?:and|so|also|but|ok(?:ay)?|oh)[,\s]+/i, '')
    .replace(/[?!.\s]+$/, '')
  // "If it doesn't come by Wednesday, can I cancel?" → "whether you can cancel if it doesn't come by Wednesday".
  const condition = /^((?:if|when|once|after)\s[^,]{3,60}),\s*(.+)$/i.exec(q)
  if (condition) {
    const main = indirectQuestion(condition[2]!)
    return main ? `${main} ${turnVoice(condition[1]!).replace(/^\p{Lu}/u, (c) => c.toLowerCase())}` : undefined
  }
  const turned = turnVoice(q)
  const aux =
    /^(can|could|will|would|should|is|are|am|was|were|have|has|may|might)\s+(you|we|it|they|there|this|that)\s+(.+)$/i.exec(
      turned,
    )
  if (aux) {
    const verb = aux[2]!.toLowerCase() === 'you' && /^am$/i.test(aux[1]!) ? 'are' : aux[1]!.toLowerCase()
    return `whether ${aux[2]!.toLowerCase()} ${verb} ${aux[3]}`
  }
  const doQ = /^do\s+(you|we|they)\s+(.+)$/i.exec(turned)
  if (doQ) return `whether ${doQ[1]!.toLowerCase()} ${doQ[2]}`
  const wh =
    /^(how long|how much|how soon|how|what|when|where|why|which)\s+(will|can|could|should|would|is|are)\s+(you|we|it|they|this|that|there)\s+(.+)$/i.exec(
      turned,
    )
  if (wh) return `${wh[1]!.toLowerCase()} ${wh[3]!.toLowerCase()} ${wh[2]!.toLowerCase()} ${wh[4]}`
  return undefined
}

export function composeReply(plan: PromptPlan, facts: ReplyFacts, pick: Picker, background: Background): Part[] {
  const first = build(plan, facts, pick, background, false)
  const told = first.map((p) => p.text).join(' ')
  const absent = (f: string | undefined) => f !== undefined && !told.includes(f)
  const missing =
    absent(facts.reference) ||
    (!facts.reference && absent(facts.product)) ||
    (facts.topic === 'refund' && absent(facts.amount))
  // An upset customer's problem goes unmentioned when the prompt asks for neither an apology nor thanks.
  const unheard =
    facts.upset &&
    !waitedFor(facts, plan) &&
    problemOf(facts, background.copies) !== undefined &&
    !plan.acts.some((a) => a.act === 'apologise' || a.act === 'thank')
  // The acts left the order, product or amount out, or the problem: an opener brings them in.
  return plan.acts.length && ((missing && (facts.reference || facts.product)) || unheard)
    ? build(plan, facts, pick, background, true)
    : first
}

function build(plan: PromptPlan, facts: ReplyFacts, pick: Picker, background: Background, opener: boolean): Part[] {
  const draft = makeDraft(facts, pick, background)
  const parts: Part[] = []
  const add = (text: string, priority: number) => {
    draft.settle()
    draft.lastText = text
    parts.push({ text, priority })
  }
  const acts = plan.acts
  const has = (name: string) => acts.some((a) => a.act === name)

  // "Thank you for your patience" can carry the subject itself.
  const thanks = acts.find(
    (a) => a.act === 'thank' && /\bfor\s+(?:the|your|their|his|her)\s+(?:patience|understanding)$/i.test(a.text),
  )
  if (opener && thanks) draft.wantSubject = true
  else if (opener) {
    // Patience only when the customer has waited; an upset customer with a clear problem hears it named.
    const waited = waitedFor(facts, plan)
    if (!waited && !has('apologise') && facts.upset && draft.problem) add(problemApology(draft, draft.problem), 2)
    else {
      const lead =
        waited && (facts.upset || has('apologise'))
          ? 'Thank you for your patience with'
          : 'Thanks for getting in touch about'
      // A replacement the reply is about to promise is not yet "your replacement": the order is the subject.
      add(`${lead} ${draft.subject(facts.topic === 'replacement' ? 'order' : undefined)}.`, 2)
    }
  }
  // Nothing asked: acknowledge the subject (an apology when the customer is upset) and say what happens next.
  if (!acts.length) {
    const about = plan.about ? toSecondPerson(plan.about, facts.name ? [facts.name] : []) : undefined
    if (facts.upset) add(`I'm sorry for the trouble with ${draft.subject()}.`, 1)
    else add(`Thank you for getting in touch about ${about ?? draft.subject()}.`, 1)
    const problem = facts.problem && customerSaid(facts.problem).replace(/[.!\s]+$/, '')
    if (problem && !background.copies(problem))
      add(`I understand that ${problem.charAt(0).toLowerCase()}${problem.slice(1)}.`, 2)
    if (facts.email) add(`I'll check the account for ${facts.email} right away.`, 1)
  }
  acts.forEach((a, i) => {
    const sentences = renderAct(draft, a, i)
    for (const sentence of sentences) add(sentence, 1)
    // After a request for details, what happens next, unless a later act says so.
    if (a.act === 'ask' && i === acts.length - 1 && !has('promise') && /send me|tell me/.test(sentences.join(' ')))
      add(
        pick(
          [
            "Once I have that, I'll get this sorted for you right away.",
            "As soon as I have that, I'll take care of the rest.",
          ],
          'ask-next',
        ),
        3,
      )
  })

  // The customer's questions nobody has answered yet, when the prompt leaves room for them.
  if (!acts.length || /\b(?:question|answer)/i.test(acts.map((a) => a.text).join(' '))) {
    const questions = facts.openQuestions.slice(-2).map((q) => indirectQuestion(q))
    for (const q of questions.filter((q) => q !== undefined))
      add(`You also asked ${q}; I'll check and come back to you on that shortly.`, 2)
    if (questions.some((q) => q === undefined))
      add(`I'll also look into your other question${questions.length > 1 ? 's' : ''} and come back to you shortly.`, 2)
  }
  if (!acts.length && !facts.openQuestions.length && !facts.email)
    add(
      pick(
        ["I'm looking into it now and will get back to you shortly.", "I'm on it and will update you shortly."],
        'next',
      ),
      2,
    )

  if (!has('promise') && !(has('ask') && parts.some((p) => p.priority === 3)))
    add(
      pick(
        [
          'If there is anything else I can do, just let me know.',
          "Please don't hesitate to reach out if you have any other questions.",
          'Let me know if there is anything else I can help with.',
        ],
        'closing',
      ),
      4,
    )
  return parts
}

export function greetingFor(facts: ReplyFacts, pick: Picker): string {
  if (facts.name && /^(?:Mr|Mrs|Ms|Dr)\b/.test(facts.name))
    return pick([`Dear ${facts.name},`, `Hello ${facts.name},`], 'greeting')
  return facts.name
    ? pick([`Hi ${facts.name},`, `Hello ${facts.name},`, `Dear ${facts.name},`], 'greeting')
    : pick(['Hello,', 'Hi there,'], 'greeting')
}
