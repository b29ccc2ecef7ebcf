import { ANY_ACTOR } from '../../http/actor.js'

/**
 * Customers keep being answered after the subscription ends (contract §3.3): replies, status and assignment
 * changes, escalation, read markers and typing stay allowed to staff; other staff writes answer 402.
 */
export const keepsAnswering = { allowWhenExpired: true }
/** The same exemption on routes every actor may call. */
export const anyoneAnswering = { roles: ANY_ACTOR, allowWhenExpired: true }
