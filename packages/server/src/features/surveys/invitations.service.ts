import type { InvitationsReply, SurveyInvitation } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { iso, type Clock } from '../../lib/clock.js'
import { hashToken, newLinkToken } from '../../lib/crypto.js'
import { AppError, conflict, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { relatedClientIds } from '../clients/clients.service.js'
import { enqueueMail } from '../mail/outbox.js'
import { surveyInvitationMail } from '../mail/templates.js'
import { loadSurveyFor } from './access.js'
import {
  clientEmails,
  clientsByEmail,
  clientsWhoResponded,
  findInvitationsByEmail,
  insertInvitation,
  listInvitations,
  setInvitationMail,
  type InvitationStatus,
} from './invitations.queries.js'
import { closeIfEnded, findSurveyTenant, staffEmailVerified } from './survey-write.queries.js'
import type { SurveyRow } from './surveys.queries.js'
import { effectiveStatus } from './status.js'

export const MAX_INVITATIONS = 500

export const invalidState = (message = 'The survey cannot be changed in its current state.') =>
  conflict('survey.invalid_state', message)

export const emailUnverified = () =>
  new AppError(403, 'auth.email_unverified', 'Confirm your email address before sending survey invitations.')

type Tenant = { id: number; name: string; email: string }
export type InvitationRequest = { emails: string[]; clientIds: number[]; message: string | null }

/**
 * Survey invitations (contract §6.3): exactly one per address and survey, compared regardless of case; a client id
 * stands for the client's email. Each new one gets a personal link (`/s/<key>?invite=<token>`, only the token's
 * hash is kept) mailed through the outbox in the caller's transaction.
 */
export function createSurveyInvitations(deps: { db: Db; clock: Clock; appBaseUrl: string }) {
  const { db, clock, appBaseUrl } = deps

  /** 403 unless the staff member has confirmed their email (contract §2.9). */
  async function assertMayInvite(ex: Executor, actor: StaffActor) {
    if (!(await staffEmailVerified(ex, actor.tenantId, actor.userId))) throw emailUnverified()
  }

  /**
   * Invites addresses and clients to a published survey inside the caller's transaction. Client ids must name
   * clients related to the tenant (else 404); addresses already invited, or whose client already answered, are
   * skipped with the reason.
   */
  async function queue(
    ex: Executor,
    tenant: Tenant,
    survey: Pick<SurveyRow, 'id' | 'topic' | 'public_key'>,
    req: InvitationRequest,
  ): Promise<InvitationsReply> {
    const now = clock.now()
    const clientIds = [...new Set(req.clientIds)]
    const related = await relatedClientIds(ex, tenant.id, clientIds)
    if (clientIds.some((id) => !related.has(id))) throw notFound()
    const byClient = new Map((await clientEmails(ex, clientIds)).map((c) => [c.id, c.email]))
    const typed = req.emails.map((e) => e.trim().toLowerCase())
    // An address typed by hand that belongs to a related client is that client's invitation.
    const known = await clientsByEmail(ex, [...new Set(typed)])
    const knownRelated = await relatedClientIds(
      ex,
      tenant.id,
      known.map((c) => c.id),
    )
    const clientOfEmail = new Map(known.filter((c) => knownRelated.has(c.id)).map((c) => [c.email, c.id]))
    const targets = [
      ...typed.map((email) => ({ email, clientId: clientOfEmail.get(email) ?? null })),
      ...clientIds.map((id) => ({ email: byClient.get(id)!, clientId: id })),
    ]

    const existing = new Map(
      (
        await findInvitationsByEmail(
          ex,
          tenant.id,
          survey.id,
          targets.map((t) => t.email),
        )
      ).map((i) => [i.email, i]),
    )
    const answered = await clientsWhoResponded(ex, tenant.id, survey.id, [
      ...targets.flatMap((t) => (t.clientId === null ? [] : [t.clientId])),
      ...[...existing.values()].flatMap((i) => (i.client_id === null ? [] : [i.client_id])),
    ])
    const skipped: InvitationsReply['skipped'] = []
    const seen = new Set<string>()
    let queued = 0
    for (const t of targets) {
      const before = existing.get(t.email)
      if (before) {
        const responded =
          before.responded_at !== null ||
          (before.client_id !== null && answered.has(before.client_id)) ||
          (t.clientId !== null && answered.has(t.clientId))
        skipped.push({ email: t.email, reason: responded ? 'already_responded' : 'already_invited' })
        continue
      }
      if (seen.has(t.email)) {
        skipped.push({ email: t.email, reason: 'already_invited' })
        continue
      }
      seen.add(t.email)
      if (t.clientId !== null && answered.has(t.clientId)) {
        skipped.push({ email: t.email, reason: 'already_responded' })
        continue
      }
      const token = newLinkToken()
      const invitationId = await insertInvitation(ex, tenant.id, {
        surveyId: survey.id,
        email: t.email,
        clientId: t.clientId,
        tokenHash: hashToken(token),
        at: now,
      })
      const url = `${appBaseUrl}/s/${survey.public_key}?invite=${encodeURIComponent(token)}`
      const mailId = await enqueueMail(ex, {
        kind: 'survey_invitation',
        to: t.email,
        tenantId: tenant.id,
        fromName: `${tenant.name} via Proxima`,
        replyTo: tenant.email,
        at: now,
        ...surveyInvitationMail({ tenantName: tenant.name, topic: survey.topic, url, message: req.message }),
      })
      await setInvitationMail(ex, tenant.id, invitationId, mailId)
      queued++
    }
    return { queued, skipped }
  }

  /** `POST …/invitations/`: only for published surveys (409 otherwise); 202 `{queued, skipped}`. */
  async function invite(actor: StaffActor, surveyId: number, req: InvitationRequest): Promise<InvitationsReply> {
    // A survey whose end day has passed is closed for good first, whatever becomes of this request.
    await closeIfEnded(db, actor.tenantId, surveyId, clock.now())
    return db.transaction().execute(async (trx) => {
      // The survey's row lock serialises invitations to it, so an address is never invited twice at once.
      const survey = await loadSurveyFor(trx, actor, surveyId, { lock: true })
      const tenant = await findSurveyTenant(trx, actor.tenantId)
      const now = clock.now()
      if (effectiveStatus(survey, tenant.timezone, now) !== 'published')
        throw invalidState('Only a published survey takes invitations.')
      await assertMayInvite(trx, actor)
      return queue(trx, tenant, survey, req)
    })
  }

  /** `GET …/invitations/`: newest first, with each one's delivery (or `responded`). */
  async function list(
    actor: StaffActor,
    surveyId: number,
    q: { status?: InvitationStatus | undefined; limit: number; offset: number },
  ) {
    const survey = await loadSurveyFor(db, actor, surveyId)
    const { rows, total } = await listInvitations(db, actor.tenantId, survey.id, q)
    const data = rows.map((r): SurveyInvitation => ({
      invitation_id: r.id,
      email: r.email,
      client_id: r.client_id,
      status: r.status,
      sent_at: iso(r.sent_at),
      responded_at: iso(r.responded_at),
    }))
    return page(data, { limit: q.limit, offset: q.offset, total })
  }

  return { queue, invite, list, assertMayInvite }
}

export type SurveyInvitations = ReturnType<typeof createSurveyInvitations>
