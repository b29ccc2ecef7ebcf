/**
 * Everything that sizes one demo organization, in one object: `scaleParams` multiplies the volumes, so the same
 * generator builds the small demo (the defaults) and much larger data sets.
 */
export type DemoParams = {
  /** Drives every random choice: the same seed, parameters and end time give the same data. */
  seed: number
  /** Days of history before the end time (today, partly, included). */
  days: number
  /** Chats started per day on average (weekdays and business hours get more, weekends and nights fewer). */
  chatsPerDay: number
  /** Messages per chat on average (at least 2, at most 100). */
  messagesPerChat: number
  /** Registered customers (platform accounts with a profile). */
  clients: number
  /** Anonymous website visitors and social-media contacts. */
  visitors: number
  /** Employees besides the admin. */
  employees: number
  /** Communities, the organization's default one included. */
  communities: number
  /** Share of customers who join a community (each community on its own). */
  membershipShare: number
  /** Issues raised per day across all communities, on average. */
  issuesPerDay: number
  /** Comments per issue on average (staff replies included). */
  commentsPerIssue: number
  /** Surveys (closed, running and a draft). */
  surveys: number
  /** Responses per published survey on average. */
  responsesPerSurvey: number
  /** Share of customer messages on the mobile app and the website that are voice recordings. */
  voiceShare: number
  /** The organization's IANA time zone: business hours and the daily rhythm follow it. */
  timezone: string
}

export const DEFAULT_PARAMS: DemoParams = {
  seed: 42,
  days: 90,
  chatsPerDay: 45,
  messagesPerChat: 8,
  clients: 900,
  visitors: 400,
  employees: 4,
  communities: 3,
  membershipShare: 0.35,
  issuesPerDay: 6,
  commentsPerIssue: 4,
  surveys: 5,
  responsesPerSurvey: 60,
  voiceShare: 0.06,
  timezone: 'America/New_York',
}

/** The volumes multiplied by `scale` (people, chats, issues, responses); the shape of the data stays the same. */
export function scaleParams(p: DemoParams, scale: number): DemoParams {
  if (!(scale > 0)) throw new Error('The scale must be a positive number.')
  const times = (n: number) => Math.max(1, Math.round(n * scale))
  return {
    ...p,
    chatsPerDay: p.chatsPerDay * scale,
    clients: times(p.clients),
    visitors: times(p.visitors),
    employees: Math.max(1, Math.round(p.employees * Math.sqrt(scale))),
    issuesPerDay: p.issuesPerDay * scale,
    responsesPerSurvey: times(p.responsesPerSurvey),
  }
}

/** Rejects values the generator cannot honour (they are also written into SQL text as literals). */
export function checkParams(p: DemoParams): DemoParams {
  const int = (name: keyof DemoParams, min: number, max: number) => {
    const v = p[name]
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      throw new Error(`${name} must be a whole number from ${min} to ${max}.`)
  }
  const num = (name: keyof DemoParams, min: number, max: number) => {
    const v = p[name]
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
      throw new Error(`${name} must be a number from ${min} to ${max}.`)
  }
  int('seed', 0, 2_000_000)
  int('days', 1, 730)
  num('chatsPerDay', 0, 1_000_000)
  num('messagesPerChat', 2, 50)
  int('clients', 1, 50_000_000)
  int('visitors', 1, 50_000_000)
  int('employees', 1, 500)
  int('communities', 1, 50)
  num('membershipShare', 0, 1)
  num('issuesPerDay', 0, 1_000_000)
  num('commentsPerIssue', 0, 100)
  int('surveys', 0, 20)
  int('responsesPerSurvey', 0, 10_000_000)
  num('voiceShare', 0, 1)
  if (!Intl.supportedValuesOf('timeZone').includes(p.timezone) && p.timezone !== 'UTC')
    throw new Error(`Unknown time zone: ${p.timezone}`)
  return p
}
