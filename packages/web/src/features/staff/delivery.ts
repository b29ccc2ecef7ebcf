import type { Invitation, InvitationDelivery } from '@proxima/contracts'

/** How the invitations table names what became of each invitation's mail. */
export const DELIVERY_LABEL: Record<InvitationDelivery, string> = {
  held: 'Held until the inviter confirms their email',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Not sent: failed',
  not_configured: 'Not sent: mail not configured',
}

export const deliveryLabel = (invitation: Pick<Invitation, 'delivery_status'>) =>
  invitation.delivery_status ? DELIVERY_LABEL[invitation.delivery_status] : 'Unknown'

/** Chip colours with enough contrast for small text (MUI's info blue has too little). */
export const DELIVERY_COLOR: Record<InvitationDelivery, 'success' | 'default' | 'warning' | 'error'> = {
  held: 'default',
  queued: 'default',
  sent: 'success',
  failed: 'error',
  not_configured: 'warning',
}

/**
 * Whether the admin should hand the link on themselves: the mail has not reached a mail server and is not about
 * to (no transport, a failure, or held for an unconfirmed inviter).
 */
export const needsHandOff = (invitation: Pick<Invitation, 'status' | 'delivery_status'>) =>
  invitation.status === 'pending' && invitation.delivery_status !== 'queued' && invitation.delivery_status !== 'sent'

export type DeliveryNotice = { severity: 'success' | 'info' | 'warning' | 'error'; text: string; showLink: boolean }

/**
 * What the admin is told after inviting someone or renewing their link: only what actually happened. Nothing is
 * called sent before a mail server accepted it.
 */
export function deliveryNotice(
  invitation: Pick<Invitation, 'email' | 'delivery_status' | 'delivery_error'>,
  action: 'created' | 'renewed',
): DeliveryNotice {
  const { email } = invitation
  const renewed = action === 'renewed' ? 'A new link was created; the previous link no longer works. ' : ''
  switch (invitation.delivery_status) {
    case 'sent':
      return { severity: 'success', text: `${renewed}The invitation email was sent to ${email}.`, showLink: false }
    case 'queued':
      return {
        severity: 'success',
        text: `${renewed}The invitation email to ${email} is queued and will be sent in a moment.`,
        showLink: false,
      }
    case 'held':
      return {
        severity: 'info',
        text: `${renewed}The invitation email to ${email} waits until you confirm your own email address. Meanwhile, copy the link and send it to them yourself.`,
        showLink: true,
      }
    case 'not_configured':
      return {
        severity: 'warning',
        text: `${renewed}No email was sent to ${email}: mail is not configured on this server. Copy the link and send it to them yourself.`,
        showLink: true,
      }
    case 'failed':
      return {
        severity: 'error',
        text: `${renewed}The invitation email to ${email} could not be sent${invitation.delivery_error ? ` (${invitation.delivery_error})` : ''}. Copy the link and send it to them yourself.`,
        showLink: true,
      }
    default:
      return { severity: 'info', text: `${renewed}Copy the link and send it to ${email} yourself.`, showLink: true }
  }
}
