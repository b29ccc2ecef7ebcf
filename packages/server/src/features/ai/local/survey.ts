import type { Question, QuestionType } from '@proxima/contracts'
import type { QuestionsInput, QuestionsResult } from '../provider.js'
import { analyseBrief, label, type Brief } from './brief.js'
import { squash } from './text.js'
import { loadLexicon } from './wordnet.js'

/**
 * Survey questions for a topic and a brief. The brief is read first (`brief.ts`): what the author wants to know
 * becomes direct questions ("Was your problem solved?", "How friendly was the agent?"), and its lists give the
 * aspects to rate and the products to choose from. Each question type then has an ordered list of candidates:
 * the brief's own questions of that type, then questions about the topic and each aspect with options that fit
 * the question (a quality scale, yes / partly / no, better / as / worse than expected, the aspects themselves).
 * The requested count is spread evenly over the allowed types in the order a survey usually runs (scales, choices,
 * recommendation, open comments last), with ids q1…qN and no repeated title.
 */

type Body = Omit<Question, 'id' | 'type' | 'required'>
const ORDER: QuestionType[] = ['rating', 'single_choice', 'multiple_choice', 'nps', 'open_text']
const DEFAULT_ASPECTS = ['quality', 'price', 'customer support']

const scale = (min: string, max: string) => ({ scale_labels: { min_label: min, max_label: max } })
const options = (labels: string[]) => ({ options: labels.map((label, i) => ({ id: `o${i + 1}`, label })) })
const LIKELY = scale('Not at all likely', 'Extremely likely')
const SELECT_ALL = 'Select all that apply.'

/** The candidates for each type, best first; `aspect(i)` walks the aspects for the repeatable ones. */
function candidates(type: QuestionType, topic: string, rec: string, brief: Brief, aspects: string[]): Body[] {
  const things = aspects.map(phrase)
  const out: Body[] = []
  const each = (make: (a: string, label: string) => Body) => things.forEach((a, i) => out.push(make(a, aspects[i]!)))
  switch (type) {
    case 'rating':
      for (const ask of brief.asks)
        if (ask.kind === 'scale')
          out.push({ title: ask.title, ...scale(`Not at all ${ask.adjective}`, `Extremely ${ask.adjective}`) })
      out.push({ title: `How satisfied are you with ${topic}?`, ...scale('Very unsatisfied', 'Very satisfied') })
      each((a) => ({ title: `How would you rate ${a}?`, ...scale('Very poor', 'Excellent') }))
      out.push({ title: `How well did ${topic} meet your expectations?`, ...scale('Not at all', 'Completely') })
      each((a) => ({ title: `How satisfied are you with ${a}?`, ...scale('Very unsatisfied', 'Very satisfied') }))
      break
    case 'single_choice':
      for (const ask of brief.asks)
        if (ask.kind === 'yes_no') out.push({ title: ask.title, ...options(['Yes', 'Partly', 'No']) })
      out.push({
        title: `Overall, how would you rate ${topic}?`,
        ...options(['Excellent', 'Good', 'Average', 'Poor', 'Very poor']),
      })
      if (aspects.length >= 2)
        out.push({ title: 'Which of these matters most to you?', ...options(aspects.slice(0, 8).map(label)) })
      out.push({
        title: `Did ${topic} meet your expectations?`,
        ...options(['It exceeded them', 'It met them', 'Partly', 'Not at all']),
      })
      each((a) => ({
        title: `How did ${a} compare with what you expected?`,
        ...options(['Better than expected', 'As expected', 'Worse than expected']),
      }))
      break
    case 'multiple_choice':
      if (brief.products.length >= 2)
        out.push({
          title: 'Which of our products have you bought?',
          description: SELECT_ALL,
          ...options([...brief.products.slice(0, 8).map(label), 'None of these']),
        })
      out.push({ title: `What did you like about ${topic}?`, description: SELECT_ALL, ...options(choices(aspects)) })
      out.push({ title: 'What should we improve first?', description: SELECT_ALL, ...options(choices(aspects)) })
      out.push({
        title: `Which words describe ${topic} best?`,
        description: SELECT_ALL,
        ...options(['Reliable', 'Good value', 'Fast', 'Friendly', 'Convenient']),
      })
      out.push({
        title: 'How would you like to hear from us?',
        description: SELECT_ALL,
        ...options(['Email', 'Phone', 'Live chat', 'Text message']),
      })
      break
    case 'nps':
      out.push({ title: `How likely are you to recommend ${rec} to a friend or colleague?`, ...LIKELY })
      out.push({ title: `How likely are you to choose ${rec} again?`, ...LIKELY })
      out.push({ title: `How likely are you to tell others about ${rec}?`, ...LIKELY })
      each((a) => ({ title: `Based on ${a}, how likely are you to recommend us?`, ...LIKELY }))
      break
    case 'open_text':
      for (const ask of brief.asks) if (ask.kind === 'open') out.push({ title: ask.title, max_length: 1000 })
      out.push({ title: `What did you like most about ${topic}?`, max_length: 1000 })
      out.push({ title: `What could we do to improve ${topic}?`, max_length: 1000 })
      each((a) => ({ title: `What would make ${a} better for you?`, max_length: 1000 }))
      out.push({ title: `Is there anything else you would like to tell us?`, max_length: 2000 })
      break
  }
  return out
}

export function surveyQuestions(input: QuestionsInput): QuestionsResult {
  const count = Math.max(1, Math.min(50, Math.floor(input.count) || 1))
  const allowed = ORDER.filter((t) => input.types.length === 0 || input.types.includes(t))
  const types = allowed.length ? allowed : ORDER
  const english = /^en\b/i.test(input.language || 'en')
  const topic = phrase(squash(input.topic) || 'our service')
  const brief = analyseBrief(input.context, input.topic, english)
  const aspects = brief.aspects.length >= 2 ? brief.aspects : [...brief.aspects, ...DEFAULT_ASPECTS].slice(0, 3)
  const rec = recommendable(topic)

  // An even spread in survey order: each type gets ⌊count / k⌋, the first ones one more.
  const plan: QuestionType[] = []
  types.forEach((type, i) => {
    const n = Math.floor(count / types.length) + (i < count % types.length ? 1 : 0)
    for (let k = 0; k < n; k++) plan.push(type)
  })

  const titles = new Set<string>()
  const pools = new Map<QuestionType, Body[]>()
  const questions = plan.map((type, i): Question => {
    let pool = pools.get(type)
    if (!pool) pools.set(type, (pool = candidates(type, topic, rec, brief, aspects)))
    let body = pool.find((b) => !titles.has(b.title.toLowerCase()))
    // Out of natural questions (say, 20 NPS questions): the first one again, numbered.
    if (!body) body = { ...pool[0]!, title: `${pool[0]!.title.replace(/\?$/, '')} (${i + 1})?` }
    titles.add(body.title.toLowerCase())
    const q: Question = {
      id: `q${i + 1}`,
      type,
      required: type !== 'open_text',
      ...body,
      title: body.title.slice(0, 300),
    }
    if (type === 'multiple_choice') Object.assign(q, { min_choices: 1, max_choices: q.options!.length })
    return q
  })
  return { questions }
}

/** What a respondent recommends: "your stay at our hotel" → "our hotel", "the support chat experience" → "our support chat". */
function recommendable(topic: string): string {
  const at = /^(?:your|the|my) (?:stay|visit|experience|time|holiday|trip) (?:at|with|in|on) (.+)$/i.exec(topic)
  if (at) return at[1]!
  const experience = /^(?:the|your) (.+?) experience$/i.exec(topic)
  if (experience) return `our ${experience[1]}`
  return topic
}

/** Options from aspects: capitalised and unique, 2 to 8. */
function choices(aspects: string[]): string[] {
  const out: string[] = []
  for (const a of [...aspects, ...DEFAULT_ASPECTS]) {
    const l = label(a)
    if (!out.some((o) => o.toLowerCase() === l.toLowerCase())) out.push(l)
    if (out.length >= Math.max(2, Math.min(8, aspects.length))) break
  }
  return out
}

/** "the delivery speed", but "our app" as it is and names keep their capital; at most 80 characters. */
function phrase(text: string): string {
  let t = text.length > 80 ? text.slice(0, 80).replace(/\s+\S*$/, '') : text
  t = t.replace(/[.?!:;,]+$/, '')
  if (/^(?:the|our|your|a|an|this|these|my)\b/i.test(t)) return t.charAt(0).toLowerCase() + t.slice(1)
  const first = t.split(/\s+/)[0] ?? ''
  const lex = loadLexicon()
  const common =
    lex.frequency(first) > 0 && !lex.usuallyCapitalised(first) && first.slice(1) === first.slice(1).toLowerCase()
  // "Onboarding", "Checkout": a capitalised single word that reads as a common noun.
  const nounLike = /(?:ing|tion|sion|ment|ness|ity|ance|ence|ery|ship)$/i.test(first)
  if (!common && !nounLike) return /^\p{Lu}/u.test(first) && t.split(/\s+/).length === 1 ? t : `the ${t}`
  return `the ${t.charAt(0).toLowerCase()}${t.slice(1)}`
}
