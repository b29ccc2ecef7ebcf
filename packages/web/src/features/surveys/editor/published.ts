import type { Survey, SurveyUpdate } from '@proxima/contracts'
import type { FieldPath } from 'react-hook-form'
import { z } from 'zod'
import { ClientPicks, Day, Description, Topic, clientLabel, orNull } from './draft'
import type { FixedAudience } from './AudiencePickers'

/*
 * What a published survey still takes (contract §6.2): a new topic, description and last day, and audience
 * additions. Its questions, first day and settings stay; nobody already asked leaves the audience.
 */

export const PublishedChanges = z.object({
  survey_topic: Topic,
  survey_description: Description,
  end_day: Day,
  target_audience: ClientPicks,
  community_ids: z.array(z.number()),
  subgroup_ids: z.array(z.number()),
})
export type PublishedChanges = z.input<typeof PublishedChanges>
export type PublishedChangesValues = z.output<typeof PublishedChanges>

export const publishedDraft = (survey: Survey): PublishedChanges => ({
  survey_topic: survey.survey_topic,
  survey_description: survey.survey_description ?? '',
  end_day: survey.end_day ?? '',
  target_audience: survey.target_audience.map((c) => ({ id: c.id, label: clientLabel(c) })),
  community_ids: survey.community_ids,
  subgroup_ids: survey.subgroup_ids,
})

/** The audience already asked, which the form shows as fixed. */
export const fixedAudience = (survey: Survey): FixedAudience => ({
  clients: survey.target_audience.map((c) => c.id),
  communities: survey.community_ids,
  subgroups: survey.subgroup_ids,
})

const grew = (ids: number[], before: number[]) => ids.some((id) => !before.includes(id))

/**
 * The change as sent: the texts and the last day, and an audience list only when something was added to it (an
 * unchanged list is not sent, so an addition made meanwhile elsewhere is not taken for a removal).
 */
export const publishedBody = (values: PublishedChangesValues, survey: Survey) => {
  const fixed = fixedAudience(survey)
  const clients = values.target_audience.map((c) => c.id)
  const body: SurveyUpdate & { survey_topic: string } = {
    survey_topic: values.survey_topic,
    survey_description: orNull(values.survey_description),
    end_day: values.end_day || null,
  }
  if (grew(clients, fixed.clients)) body.target_audience = clients
  if (grew(values.community_ids, fixed.communities)) body.community_ids = values.community_ids
  if (grew(values.subgroup_ids, fixed.subgroups)) body.subgroup_ids = values.subgroup_ids
  return body
}

const FIELDS = ['survey_topic', 'survey_description', 'end_day', 'target_audience', 'community_ids', 'subgroup_ids']

/** The field that shows the server's reason about `target_audience.2` and the like. */
export const publishedField = (serverField: string): FieldPath<PublishedChanges> | undefined => {
  const top = serverField.split('.')[0] ?? ''
  return FIELDS.find((name): name is FieldPath<PublishedChanges> => name === top)
}
