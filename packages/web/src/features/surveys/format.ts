import type { InvitationsReply, Survey, SurveyStatus } from '@proxima/contracts'

export const STATUS_LABELS: Record<SurveyStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  closed: 'Closed',
}

/** "1,234 responses", "1 response". */
export const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`

/** "42%" or "—" when there is no rate (no audience yet). */
export const percent = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined ? '—' : `${value.toLocaleString(undefined, { maximumFractionDigits: digits })}%`

const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).toLocaleDateString(undefined, { dateStyle: 'medium' })
}

/** "From 3 Mar 2026 to 31 Mar 2026", "Until 31 Mar 2026", or '' without days. */
export const runPeriod = (survey: Pick<Survey, 'start_day' | 'end_day'>) => {
  const { start_day: start, end_day: end } = survey
  if (start && end) return `${day(start)} – ${day(end)}`
  if (start) return `From ${day(start)}`
  if (end) return `Until ${day(end)}`
  return ''
}

/** "3 invitations are on their way; 1 address was skipped (already invited)." */
export const invitedText = ({ queued, skipped }: InvitationsReply) => {
  const sent = queued === 1 ? '1 invitation is on its way' : `${queued} invitations are on their way`
  if (skipped.length === 0) return `${sent}.`
  const reasons = [
    ...new Set(skipped.map((s) => (s.reason === 'already_responded' ? 'already answered' : 'already invited'))),
  ]
  return `${sent}; ${skipped.length === 1 ? '1 address was' : `${skipped.length} addresses were`} skipped (${reasons.join(', ')}).`
}
