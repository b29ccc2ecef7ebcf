/**
 * The floor of the analytics benchmark: for each endpoint's headline number, one plain SQL query over the raw
 * tables that computes about the same number. These are a yardstick for what the database needs at the least to
 * read the data involved, NOT the product's definitions (no waiting periods, partial buckets, previous periods,
 * series, ties or percentages): a ratio endpoint ÷ floor near 1 means the endpoint costs what its data costs; a
 * large one means it does much more work than its headline needs.
 */
import type { AnalyticsMetric } from '@proxima/contracts'

export type FloorWindow = { tenantId: number; from: Date; to: Date; surveyId: number }

const t = (d: Date) => `'${d.toISOString()}'::timestamptz`

/** The floor query of each metric for a window (literals only: they run as plain scripts). */
export function floorQueries(w: FloorWindow): Record<AnalyticsMetric, string> {
  const T = String(w.tenantId)
  const from = t(w.from)
  const to = t(w.to)
  const hourAgo = t(new Date(w.to.getTime() - 3_600_000))
  const S = String(w.surveyId)
  const chatsIn = `FROM chats WHERE tenant_id = ${T} AND created_at >= ${from} AND created_at < ${to}`
  const eventsIn = (kinds: string, start: string) =>
    `FROM chat_events WHERE tenant_id = ${T} AND kind IN (${kinds}) AND occurred_at >= ${start} AND occurred_at < ${to}`
  const replies = `'first_response', 'reply'`
  const ratedIn = (start: string) =>
    `FROM chats WHERE tenant_id = ${T} AND rated_at >= ${start} AND rated_at < ${to} AND satisfaction_rating IS NOT NULL`
  // Customers who own a chat with a message in the window (the demographic population).
  const population = `FROM users u WHERE u.id IN (SELECT c.client_id FROM chats c
      WHERE c.tenant_id = ${T} AND c.client_id IS NOT NULL AND EXISTS (SELECT 1 FROM chat_messages m
        WHERE m.tenant_id = ${T} AND m.chat_id = c.id AND m.sent_at >= ${from} AND m.sent_at < ${to}))`
  const byProfile = (col: string) => `SELECT ${col}, count(*) ${population} GROUP BY 1 ORDER BY 2 DESC LIMIT 10`
  const commentsIn = `FROM community_comments WHERE tenant_id = ${T} AND deleted_at IS NULL
    AND created_at >= ${from} AND created_at < ${to}`
  const membersAt = (at: string) => `(SELECT count(*) FROM community_memberships WHERE tenant_id = ${T}
    AND joined_at < ${at} AND (left_at IS NULL OR left_at >= ${at}))`
  const messagesIn = `FROM chat_messages WHERE tenant_id = ${T} AND sent_at >= ${from} AND sent_at < ${to}`
  return {
    countchats: `SELECT count(*) ${chatsIn}`,
    counthourlychats: `SELECT count(*) FROM chats WHERE tenant_id = ${T} AND created_at >= ${hourAgo} AND created_at < ${to}`,
    cumulativehourlychats: `SELECT count(*) ${chatsIn}`,
    communicationchannels: `SELECT channel, count(*) ${chatsIn} GROUP BY channel`,
    engagementfrequency: `SELECT date_trunc('month', created_at), count(*) ${chatsIn} GROUP BY 1`,
    countescalatedissues: `SELECT count(DISTINCT chat_id) ${eventsIn(`'escalated'`, from)}`,
    hourlycountescalatedissues: `SELECT count(DISTINCT chat_id) ${eventsIn(`'escalated'`, hourAgo)}`,
    averageresponsetime: `SELECT avg(wait_seconds), percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY wait_seconds)
      ${eventsIn(replies, from)} AND wait_seconds IS NOT NULL`,
    hourlyaverageresponsetime: `SELECT avg(wait_seconds), count(wait_seconds) ${eventsIn(replies, hourAgo)}`,
    clientsatisfaction: `SELECT avg(satisfaction_rating), count(*) FILTER (WHERE satisfaction_rating >= 4), count(*)
      ${ratedIn(from)}`,
    hourlyclientsatisfaction: `SELECT avg(satisfaction_rating), count(*) ${ratedIn(hourAgo)}`,
    populartopics: `SELECT topic_id, count(*) ${chatsIn} AND topic_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 10`,
    leasttopics: `SELECT t.id, count(c.id) FROM chat_topics t LEFT JOIN chats c ON c.tenant_id = ${T} AND c.topic_id = t.id
      AND c.created_at >= ${from} AND c.created_at < ${to} WHERE t.tenant_id = ${T} GROUP BY 1 ORDER BY 2 LIMIT 10`,
    clientsaverageage: `SELECT avg(extract(year FROM age(${to}, u.dob))) ${population}`,
    clientcitydistribution: byProfile('lower(u.city)'),
    countrydistribution: byProfile('lower(u.country)'),
    statedistribution: byProfile('lower(u.state)'),
    genderdistribution: byProfile('u.gender'),
    averagecomments: `SELECT count(DISTINCT i.id), count(c.id) FROM community_issues i
      LEFT JOIN community_comments c ON c.tenant_id = ${T} AND c.issue_id = i.id AND c.deleted_at IS NULL
        AND c.created_at < ${to}
      WHERE i.tenant_id = ${T} AND i.created_at >= ${from} AND i.created_at < ${to}`,
    communitygrowthrate: `SELECT ${membersAt(from)}, ${membersAt(to)}`,
    communitymembers: `SELECT ${membersAt(to)}`,
    communityrating: `SELECT avg(rating), count(*) FROM community_ratings WHERE tenant_id = ${T} AND created_at < ${to}`,
    cumulativecomments: `SELECT count(*) FROM community_comments WHERE tenant_id = ${T} AND deleted_at IS NULL
      AND created_at < ${to}`,
    cumulativeissues: `SELECT count(*) FROM community_issues WHERE tenant_id = ${T} AND created_at < ${to}`,
    uniquecomments: `SELECT count(DISTINCT client_id) ${commentsIn}`,
    issueuserrelation: `SELECT count(DISTINCT client_id), count(*) FROM community_issues WHERE tenant_id = ${T}
      AND created_at >= ${from} AND created_at < ${to}`,
    commentsuserrelation: `SELECT count(DISTINCT client_id), count(*) ${commentsIn}`,
    cumulativevoicemessage: `SELECT count(*) FROM chat_messages WHERE tenant_id = ${T} AND voice_key IS NOT NULL
      AND sent_at < ${to}`,
    averagevoicemessageperchat: `SELECT count(*) FILTER (WHERE voice_key IS NOT NULL), count(DISTINCT chat_id) ${messagesIn}`,
    surveyratings: `SELECT avg((r.answers ->> (q ->> 'id'))::numeric) FROM survey_responses r
      JOIN surveys s ON s.tenant_id = ${T} AND s.id = r.survey_id
      CROSS JOIN LATERAL jsonb_array_elements(s.questions) q
      WHERE r.tenant_id = ${T} AND r.survey_id = ${S} AND r.submitted_at >= ${from} AND r.submitted_at < ${to}
        AND q ->> 'type' = 'rating' AND jsonb_typeof(r.answers -> (q ->> 'id')) = 'number'`,
    surveyresponserate: `SELECT (SELECT count(*) FROM survey_responses r WHERE r.tenant_id = ${T} AND r.survey_id IN (
        SELECT id FROM surveys WHERE tenant_id = ${T} AND published_at >= ${from} AND published_at < ${to})),
      (SELECT count(*) FROM survey_impressions i WHERE i.tenant_id = ${T} AND i.survey_id IN (
        SELECT id FROM surveys WHERE tenant_id = ${T} AND published_at >= ${from} AND published_at < ${to}))`,
    averagesurveyrunperiod: `SELECT avg(closed_at - published_at), count(*) FROM surveys WHERE tenant_id = ${T}
      AND closed_at >= ${from} AND closed_at < ${to}`,
    totalsurveys: `SELECT count(*), count(*) FILTER (WHERE created_at >= ${from}) FROM surveys WHERE tenant_id = ${T}
      AND created_at < ${to}`,
  }
}
