import type { Question, QuestionType } from '@proxima/contracts'
import type { QuestionsInput, QuestionsResult } from '../provider.js'
import { capitalize, splitSentences, squash, stem, STOP_WORDS, tokenize } from './text.js'
import { loadLexicon } from './wordnet.js'

/**
 * Survey questions from templates. The topic and the aspects found in the context (an enumeration such as
 * "delivery speed, assembly and support", else its most frequent nouns) fill question templates per type; the
 * requested count is spread evenly over the allowed types, laid out as a survey usually runs (scales, choices,
 * recommendation, open comments last), with ids q1…qN and no repeated title.
 */

type Template = (topic: string, aspect: string, aspects: string[]) => Omit<Question, 'id' | 'type' | 'required'>
const ORDER: QuestionType[] = ['rating', 'single_choice', 'multiple_choice', 'nps', 'open_text']
const GENERIC = new Set(
  `customer customers client clients user users people person survey question questions answer feedback month week
  year day time last past recent experience thing things lot way part service services team want need`.split(/\s+/),
)
const DEFAULT_ASPECTS = ['quality', 'price', 'speed', 'customer support', 'ease of use', 'communication', 'reliability']

const scale = (min: string, max: string) => ({ scale_labels: { min_label: min, max_label: max } })
const options = (labels: string[]) => ({ options: labels.map((label, i) => ({ id: `o${i + 1}`, label })) })

const TEMPLATES: Record<QuestionType, Template[]> = {
  rating: [
    (t) => ({ title: `How satisfied are you with ${t}?`, ...scale('Very unsatisfied', 'Very satisfied') }),
    (_, a) => ({ title: `How would you rate ${a}?`, ...scale('Very poor', 'Excellent') }),
    (t) => ({ title: `How well did ${t} meet your expectations?`, ...scale('Not at all', 'Completely') }),
    (_, a) => ({ title: `How easy was ${a} for you?`, ...scale('Very difficult', 'Very easy') }),
    (_, a) => ({ title: `How satisfied are you with ${a}?`, ...scale('Very unsatisfied', 'Very satisfied') }),
  ],
  nps: [
    (t) => ({
      title: `How likely are you to recommend ${t} to a friend or colleague?`,
      ...scale('Not at all likely', 'Extremely likely'),
    }),
    (t) => ({ title: `How likely are you to choose ${t} again?`, ...scale('Not at all likely', 'Extremely likely') }),
    (t) => ({ title: `How likely are you to keep using ${t}?`, ...scale('Not at all likely', 'Extremely likely') }),
    (t) => ({
      title: `How likely are you to tell others about ${t}?`,
      ...scale('Not at all likely', 'Extremely likely'),
    }),
    (_, a) => ({
      title: `Based on ${a}, how likely are you to recommend us?`,
      ...scale('Not at all likely', 'Extremely likely'),
    }),
  ],
  single_choice: [
    (t) => ({
      title: `Overall, how would you describe ${t}?`,
      ...options(['Excellent', 'Good', 'Average', 'Poor', 'Very poor']),
    }),
    (t, _, as) => ({ title: `Which aspect of ${t} matters most to you?`, ...options(labels(as)) }),
    (t) => ({
      title: `Did ${t} meet your expectations?`,
      ...options(['It exceeded them', 'It met them', 'Partly', 'Not at all']),
    }),
    (t) => ({
      title: `How often do you use ${t}?`,
      ...options(['Daily', 'Weekly', 'Monthly', 'Less than once a month', 'This was my first time']),
    }),
    (_, a) => ({
      title: `How did ${a} compare with what you expected?`,
      ...options(['Better than expected', 'As expected', 'Worse than expected']),
    }),
  ],
  multiple_choice: [
    (t, _, as) => ({
      title: `Which aspects of ${t} did you like?`,
      description: 'Select all that apply.',
      ...options(labels(as)),
    }),
    (t, _, as) => ({
      title: `What should we improve about ${t}?`,
      description: 'Select all that apply.',
      ...options(labels(as)),
    }),
    (t) => ({
      title: `Which words describe ${t} best?`,
      description: 'Select all that apply.',
      ...options(['Reliable', 'Easy to use', 'Good value', 'Fast', 'Helpful']),
    }),
    (t) => ({
      title: `How would you like to hear from us about ${t}?`,
      description: 'Select all that apply.',
      ...options(['Email', 'Phone', 'Live chat', 'Text message', 'Social media']),
    }),
  ],
  open_text: [
    (t) => ({ title: `What did you like most about ${t}?`, max_length: 1000 }),
    (t) => ({ title: `What could we do to improve ${t}?`, max_length: 1000 }),
    (_, a) => ({ title: `What would make ${a} better for you?`, max_length: 1000 }),
    (t) => ({ title: `What is one thing you would change about ${t}?`, max_length: 1000 }),
    (_, a) => ({ title: `What did you think of ${a}?`, max_length: 1000 }),
    (t) => ({ title: `Is there anything else you would like to tell us about ${t}?`, max_length: 2000 }),
  ],
}

export function surveyQuestions(input: QuestionsInput): QuestionsResult {
  const count = Math.max(1, Math.min(50, Math.floor(input.count) || 1))
  const allowed = ORDER.filter((t) => input.types.length === 0 || input.types.includes(t))
  const types = allowed.length ? allowed : ORDER
  const topic = phrase(squash(input.topic) || 'our service')
  const aspects = findAspects(input.context, input.topic, /^en\b/i.test(input.language || 'en'))
  // Few aspects in the context: common ones give the templates more to vary on.
  const phrases = [...aspects, ...DEFAULT_ASPECTS.filter((d) => !aspects.includes(d))]
    .slice(0, Math.max(4, aspects.length))
    .map(phrase)

  // An even spread in survey order: each type gets ⌊count / k⌋, the first ones one more.
  const plan: QuestionType[] = []
  types.forEach((type, i) => {
    const n = Math.floor(count / types.length) + (i < count % types.length ? 1 : 0)
    for (let k = 0; k < n; k++) plan.push(type)
  })

  const titles = new Set<string>()
  const used = new Map<QuestionType, number>()
  const questions = plan.map((type, i): Question => {
    const templates = TEMPLATES[type]
    let round = used.get(type) ?? 0
    let body: ReturnType<Template> | undefined
    // Walk template × aspect combinations until a title is new; numbered as a last resort.
    for (let tries = 0; tries < templates.length * (phrases.length + 1) + 1 && !body; tries++, round++) {
      const candidate = templates[round % templates.length]!(
        topic,
        phrases[Math.floor(round / templates.length) % phrases.length]!,
        aspects,
      )
      if (!titles.has(candidate.title.toLowerCase())) body = candidate
    }
    used.set(type, round)
    body ??= { ...templates[0]!(topic, phrases[0]!, aspects) }
    if (titles.has(body.title.toLowerCase())) body = { ...body, title: `${body.title.replace(/\?$/, '')} (${i + 1})?` }
    titles.add(body.title.toLowerCase())
    const q: Question = { id: `q${i + 1}`, type, required: type !== 'open_text', ...body }
    if (type === 'multiple_choice') Object.assign(q, { min_choices: 1, max_choices: q.options!.length })
    return q
  })
  return { questions }
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

/** Option labels from aspects: capitalised, unique, 3 to 8, topped up with common defaults. */
function labels(aspects: string[]): string[] {
  const out: string[] = []
  for (const a of [...aspects, ...DEFAULT_ASPECTS]) {
    const label = capitalize(a).slice(0, 200)
    if (!out.some((o) => o.toLowerCase() === label.toLowerCase())) out.push(label)
    if (out.length >= Math.max(3, Math.min(8, aspects.length))) break
  }
  return out
}

/**
 * Aspects named in the context: its enumerations first ("…: delivery speed, assembly and support", "learn about
 * the setup wizard, importing contacts and inviting the team"), then, for English, its most frequent common nouns.
 */
export function findAspects(text: string, topic = '', english = true): string[] {
  const topicWords = new Set(topic.toLowerCase().split(/\W+/))
  const found: string[] = []
  const seen = new Set<string>()
  const add = (a: string) => {
    const clean = a
      .replace(/^(?:the|a|an|our|your|their|its|and|or)\s+/i, '')
      .replace(/[.?!:;]+$/, '')
      .trim()
    const key = clean.toLowerCase().split(/\s+/).map(stem).join(' ')
    const words = clean.split(/\s+/)
    if (!clean || words.length > 4 || clean.length > 60 || seen.has(key) || words.every((w) => isGeneric(w))) return
    seen.add(key)
    found.push(clean.toLowerCase() === clean ? clean : clean.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()))
  }
  for (const sentence of splitSentences(text)) {
    const tail = /(?::|\b(?:such as|like|including|e\.g\.|especially))\s+(.+)$/i.exec(sentence)?.[1] ?? sentence
    const items = tail.split(/\s*(?:,|;|\band\b|\bor\b|\/)\s*/i).filter(Boolean)
    // The first item may carry the sentence's start: "We want to learn about the setup wizard".
    if (items.length >= 2)
      items[0] = /\b(?:about|on|with|for|of|in|to)\s+((?:\S+\s*){1,4})$/i.exec(items[0]!)?.[1] ?? items[0]!
    if (items.length >= 2 && items.every((i) => i.split(/\s+/).length <= 4)) items.forEach(add)
  }
  if (english) {
    const lex = loadLexicon()
    const counts = new Map<string, number>()
    for (const t of tokenize(text)) {
      const w = t.text.toLowerCase()
      if (t.kind !== 'word' || w !== t.text || w.length < 3 || STOP_WORDS.has(w) || isGeneric(w) || topicWords.has(w))
        continue
      counts.set(w, (counts.get(w) ?? 0) + 1)
    }
    // Nouns first of all: a word used more often as a verb ("want", "set") is no aspect.
    const isNoun = (w: string) => {
      const noun = lex.entry(w, 'n') ?? lex.entry(w.replace(/s$/, ''), 'n')
      const verb = lex.entry(w, 'v') ?? lex.entry(w.replace(/s$/, ''), 'v')
      return !!noun && (!verb || noun.tagged >= verb.tagged) && !/ly$/.test(w)
    }
    const nouns = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([w]) => w)
      .filter(isNoun)
    // A noun already inside a listed aspect ("delivery" in "delivery speed") adds nothing.
    for (const w of nouns.slice(0, 6)) if (!found.some((f) => f.toLowerCase().split(/\s+/).includes(w))) add(w)
  }
  return found.length ? found.slice(0, 8) : DEFAULT_ASPECTS.slice(0, 4)
}

const isGeneric = (w: string) => GENERIC.has(w.toLowerCase()) || GENERIC.has(w.toLowerCase().replace(/s$/, ''))
