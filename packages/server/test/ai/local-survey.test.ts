import { describe, expect, it } from 'vitest'
import { Question, questionProblems, QuestionType, type QuestionType as Type } from '@proxima/contracts'
import { SURVEY } from '../../eval/fixtures/survey.js'
import { grammarIssues } from '../../eval/metrics.js'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import type { QuestionsInput } from '../../src/features/ai/provider.js'

const local = createLocalProvider()
const ALL = QuestionType.options
const base: QuestionsInput = {
  topic: 'Delivery experience',
  context: 'Customers who ordered furniture in the last month: delivery speed, assembly and support.',
  count: 5,
  types: [],
  language: 'en',
}
const TYPE_SETS: Type[][] = [
  [],
  ['rating'],
  ['nps'],
  ['open_text'],
  ['rating', 'single_choice'],
  ['multiple_choice', 'open_text', 'nps'],
  ALL,
]

function expectValid(questions: Question[], input: QuestionsInput) {
  const allowed = input.types.length ? input.types : ALL
  expect(questions).toHaveLength(input.count)
  expect(questions.map((q) => q.id)).toEqual(questions.map((_, i) => `q${i + 1}`))
  expect(new Set(questions.map((q) => q.title.toLowerCase())).size).toBe(questions.length)
  for (const q of questions) {
    expect(Question.parse(q)).toEqual(q)
    expect(questionProblems(q), q.title).toEqual([])
    expect(allowed).toContain(q.type)
  }
}

describe('local survey questions', () => {
  it('produce exactly the requested count for every count and type set, valid against §6.1', async () => {
    for (const types of TYPE_SETS)
      for (let count = 1; count <= 20; count++) {
        const input = { ...base, count, types }
        expectValid((await local.surveyQuestions(input)).questions, input)
      }
  })

  it('spread the questions evenly over the allowed types', async () => {
    for (const types of TYPE_SETS.filter((t) => t.length > 1)) {
      const { questions } = await local.surveyQuestions({ ...base, count: 10, types })
      const counts = types.map((t) => questions.filter((q) => q.type === t).length)
      expect(Math.max(...counts) - Math.min(...counts), types.join()).toBeLessThanOrEqual(1)
      expect(Math.min(...counts)).toBeGreaterThan(0)
    }
  })

  it('mention the topic or the aspects named in the context, and offer those aspects as options', async () => {
    const { questions } = await local.surveyQuestions({ ...base, count: 8 })
    const words = /delivery|assembly|support|furniture/i
    expect(questions.filter((q) => words.test(q.title)).length).toBeGreaterThanOrEqual(6)
    const choice = questions.find((q) => q.type === 'multiple_choice')!
    expect(choice.options!.map((o) => o.label)).toEqual(
      expect.arrayContaining(['Delivery speed', 'Assembly', 'Support']),
    )
  })

  it('carry scale labels on rating and NPS, a length on open text, choice limits on multiple choice', async () => {
    const { questions } = await local.surveyQuestions({ ...base, count: 10 })
    for (const q of questions) {
      if (q.type === 'rating' || q.type === 'nps') expect(q.scale_labels).toBeDefined()
      if (q.type === 'open_text') expect(q.max_length).toBeGreaterThan(0)
      if (q.type === 'multiple_choice') expect([q.min_choices, q.max_choices]).toEqual([1, q.options!.length])
      if (q.type === 'single_choice' || q.type === 'multiple_choice') {
        expect(q.options!.length).toBeGreaterThanOrEqual(2)
        expect(q.options!.length).toBeLessThanOrEqual(20)
      }
    }
  })

  it('are deterministic', async () => {
    expect(await local.surveyQuestions(base)).toEqual(await local.surveyQuestions(base))
  })

  it('stay valid for odd topics and contexts', async () => {
    const odd: Partial<QuestionsInput>[] = [
      { topic: 'x'.repeat(255) },
      { topic: 'Lieferung', context: 'Kunden, die letzte Woche ein Paket erhalten haben.', language: 'de' },
      { topic: '🙂', context: '🙂🙂🙂' },
      { topic: 'App', context: 'a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w' },
      { topic: 'Proxima mobile app', context: 'Customers who received a parcel last week.', count: 20, types: ['nps'] },
    ]
    for (const o of odd) {
      const input = { ...base, count: 12, ...o }
      const { questions } = await local.surveyQuestions(input)
      expectValid(questions, input)
      for (const q of questions) expect(q.title.length).toBeLessThanOrEqual(300)
    }
  })

  it.each(SURVEY)(
    '$id: valid for every count and type set, with grammatical titles that read as questions',
    async (c) => {
      for (const types of TYPE_SETS)
        for (const count of [1, c.count, 12]) {
          const input = { ...base, topic: c.topic, context: c.context, count, types }
          const { questions } = await local.surveyQuestions(input)
          expectValid(questions, input)
          for (const q of questions) {
            expect(q.title, q.title).toMatch(/^\p{Lu}.*\?$/u)
            // A list glued to a title ("Which aspects did you like: Appliances, Kitchen") is not a question.
            expect(q.title, q.title).not.toMatch(/:\s/)
          }
        }
      const { questions } = await local.surveyQuestions({ ...base, topic: c.topic, context: c.context, count: 12 })
      for (const q of questions) expect(await grammarIssues(q.title), q.title).toEqual([])
    },
  )

  it.each(SURVEY)('$id: options fit their question and are not the topic’s own words', async (c) => {
    const { questions } = await local.surveyQuestions({ ...base, topic: c.topic, context: c.context, count: 12 })
    const topicWords = new Set(c.topic.toLowerCase().split(/\W+/))
    for (const q of questions) {
      for (const o of q.options ?? []) expect(topicWords.has(o.label.toLowerCase()), o.label).toBe(false)
      if (q.type === 'single_choice' && /^(?:Was|Were|Is|Are|Did|Do|Does|Can|Will)\b/.test(q.title))
        // A yes/no question offers a way to say no.
        expect(
          q.options!.some((o) => o.label === 'No' || o.label === 'Not at all'),
          q.title,
        ).toBe(true)
      if (q.type === 'nps') expect(q.title).toMatch(/^How likely|how likely/)
    }
  })

  it('ask what the brief wants to know, in the second person, with a scale that names the quality', async () => {
    const chat = SURVEY.find((c) => c.id === 'support-chat')!
    const { questions } = await local.surveyQuestions({ ...base, topic: chat.topic, context: chat.context, count: 8 })
    const solved = questions.find((q) => q.title === 'Was your problem solved?')
    expect(solved?.options?.map((o) => o.label)).toEqual(['Yes', 'Partly', 'No'])
    const friendly = questions.find((q) => q.title === 'How friendly was the agent?')
    expect(friendly?.scale_labels).toEqual({ min_label: 'Not at all friendly', max_label: 'Extremely friendly' })
  })

  it('offer the products a brief says it sells as the options of a purchase question', async () => {
    const shop = SURVEY.find((c) => c.id === 'kitchen-appliances')!
    const { questions } = await local.surveyQuestions({ ...base, topic: shop.topic, context: shop.context, count: 5 })
    const bought = questions.find((q) => q.type === 'multiple_choice')!
    expect(bought.title).toBe('Which of our products have you bought?')
    expect(bought.options!.map((o) => o.label)).toEqual(['Blenders', 'Coffee machines', 'Toasters', 'None of these'])
  })
})
