import type { Survey } from '@proxima/contracts'
import { describe, expect, it } from 'vitest'
import { PublishedChanges, publishedBody, publishedDraft, publishedField } from './published'

const ada = {
  id: 7,
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  profile_photo: null,
  email: 'ada@example.com',
  phonenumber: null,
  gender: null,
  DOB: null,
  country: null,
  state: null,
  city: null,
}

const survey: Survey = {
  survey_id: 3,
  tenant_id: 1,
  tenant_name: 'Acme',
  survey_topic: 'Delivery',
  survey_description: null,
  survey_context: 'Last month',
  survey_questions: [],
  question_count: 0,
  survey_type: 'mixed',
  status: 'published',
  target_audience: [ada],
  community_ids: [4],
  subgroup_ids: [],
  allow_anonymous: false,
  allow_multiple_responses: false,
  start_day: '2026-11-01',
  end_day: '2026-11-30',
  published_at: '2026-11-01T08:00:00.000Z',
  closed_at: null,
  public_key: 'k',
  public_url: 'https://example.com/s/k',
  audience_size: 1,
  response_count: 2,
  response_rate: 1,
  generated: false,
  created_by: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
}

const parse = (changes: Partial<PublishedChanges>) => PublishedChanges.parse({ ...publishedDraft(survey), ...changes })

describe('the changes to a published survey', () => {
  it('starts from the survey, its customers labelled by name', () => {
    expect(publishedDraft(survey)).toEqual({
      survey_topic: 'Delivery',
      survey_description: '',
      end_day: '2026-11-30',
      target_audience: [{ id: 7, label: 'Ada Lovelace' }],
      community_ids: [4],
      subgroup_ids: [],
    })
  })

  it('sends the texts and the last day, and an audience list only when it grew', () => {
    expect(publishedBody(parse({ end_day: '' }), survey)).toEqual({
      survey_topic: 'Delivery',
      survey_description: null,
      end_day: null,
    })
    expect(
      publishedBody(
        parse({
          survey_description: ' Two minutes ',
          end_day: '2026-12-15',
          target_audience: [
            { id: 7, label: 'Ada Lovelace' },
            { id: 9, label: 'Grace' },
          ],
          subgroup_ids: [11],
        }),
        survey,
      ),
    ).toEqual({
      survey_topic: 'Delivery',
      survey_description: 'Two minutes',
      end_day: '2026-12-15',
      target_audience: [7, 9],
      subgroup_ids: [11],
    })
  })

  it('checks the topic and the day before sending', () => {
    expect(PublishedChanges.safeParse({ ...publishedDraft(survey), survey_topic: ' ' }).success).toBe(false)
    expect(PublishedChanges.safeParse({ ...publishedDraft(survey), end_day: '30/12/2026' }).success).toBe(false)
  })

  it('shows the server’s reasons under the fields they name', () => {
    expect(publishedField('end_day')).toBe('end_day')
    expect(publishedField('target_audience.1')).toBe('target_audience')
    expect(publishedField('survey_questions')).toBeUndefined()
  })
})
