import { expect, type APIRequestContext } from '@playwright/test'
import { unique } from './helpers.js'

const auth = (token: string) => ({ Authorization: `Token ${token}` })

/** A published survey with one question of every type that anyone with the link may answer, made through the API. */
export async function publishedSurvey(request: APIRequestContext, token: string, topic = unique('Delivery survey ')) {
  const created = await request.post('/api/survey/survey/', {
    headers: auth(token),
    data: {
      survey_topic: topic,
      survey_description: 'Two minutes about your last delivery.',
      allow_anonymous: true,
      survey_questions: [
        {
          id: 'speed',
          type: 'rating',
          title: 'How satisfied are you with the delivery speed?',
          scale_labels: { min_label: 'Very unsatisfied', max_label: 'Very satisfied' },
        },
        { id: 'recommend', type: 'nps', title: 'How likely are you to recommend us to a friend?' },
        {
          id: 'channel',
          type: 'single_choice',
          title: 'How did you order?',
          options: [
            { id: 'app', label: 'Mobile app' },
            { id: 'web', label: 'Website' },
            { id: 'phone', label: 'Phone call' },
          ],
        },
        {
          id: 'extras',
          type: 'multiple_choice',
          title: 'What would you like next time?',
          required: false,
          options: [
            { id: 'tracking', label: 'Live tracking' },
            { id: 'slots', label: 'Delivery time slots' },
            { id: 'lockers', label: 'Parcel lockers' },
          ],
        },
        { id: 'more', type: 'open_text', title: 'Anything else we should know?', max_length: 500 },
      ],
    },
  })
  expect(created.status()).toBe(201)
  const survey = await created.json()
  const published = await request.post(`/api/survey/survey/${survey.survey_id}/publish/`, {
    headers: auth(token),
    data: {},
  })
  expect(published.status()).toBe(200)
  const body = await published.json()
  return { id: body.survey_id as number, key: body.public_key as string, topic }
}
