import { describe, expect, it } from 'vitest'
import { InvitationDelivery } from '@proxima/contracts'
import { deliveryNotice, needsHandOff } from './delivery'

const invitation = (delivery_status: InvitationDelivery | null, delivery_error: string | null = null) => ({
  email: 'nia@example.com',
  delivery_status,
  delivery_error,
})

describe('deliveryNotice', () => {
  it('never says sent unless a mail server accepted the mail', () => {
    for (const status of InvitationDelivery.options.filter((s) => s !== 'sent')) {
      const text = deliveryNotice(invitation(status), 'created').text.replace('No email was sent to', 'No email to')
      expect(text).not.toMatch(/\b(was|been|were) sent\b|\bsent to\b/)
    }
    expect(deliveryNotice(invitation('sent'), 'created').text).toBe('The invitation email was sent to nia@example.com.')
  })

  it('tells the admin to hand the link on when mail is not configured, failed or held', () => {
    expect(deliveryNotice(invitation('not_configured'), 'created')).toMatchObject({
      severity: 'warning',
      showLink: true,
      text: expect.stringContaining('mail is not configured on this server'),
    })
    expect(deliveryNotice(invitation('failed', '550 No such mailbox'), 'created')).toMatchObject({
      severity: 'error',
      showLink: true,
      text: expect.stringContaining('(550 No such mailbox)'),
    })
    expect(deliveryNotice(invitation('held'), 'created').showLink).toBe(true)
    expect(deliveryNotice(invitation('queued'), 'created').showLink).toBe(false)
  })

  it('says that a renewed link replaced the previous one', () => {
    expect(deliveryNotice(invitation('queued'), 'renewed').text).toMatch(/^A new link was created; the previous link/)
  })
})

describe('needsHandOff', () => {
  it('offers the link only for pending invitations whose mail is not on its way', () => {
    expect(needsHandOff({ status: 'pending', delivery_status: 'not_configured' })).toBe(true)
    expect(needsHandOff({ status: 'pending', delivery_status: 'failed' })).toBe(true)
    expect(needsHandOff({ status: 'pending', delivery_status: 'held' })).toBe(true)
    expect(needsHandOff({ status: 'pending', delivery_status: null })).toBe(true)
    expect(needsHandOff({ status: 'pending', delivery_status: 'queued' })).toBe(false)
    expect(needsHandOff({ status: 'pending', delivery_status: 'sent' })).toBe(false)
    expect(needsHandOff({ status: 'expired', delivery_status: 'not_configured' })).toBe(false)
    expect(needsHandOff({ status: 'accepted', delivery_status: 'not_configured' })).toBe(false)
  })
})
