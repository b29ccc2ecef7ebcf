-- An invitation names its latest mail in the outbox, so admins see what became of it (contract §2.5
-- `delivery_status`: held, queued, sent, failed, or not sent because no mail transport is configured) and a mail
-- whose link was replaced, accepted or revoked can be withdrawn before it goes out. No foreign key: the outbox
-- holds platform mail across tenants and stays on the coordinator of a sharded database; a missing mail reads as
-- an unknown delivery. Safe to run again: the backfill fills only empty references.
ALTER TABLE invitations ADD COLUMN IF NOT EXISTS mail_id bigint;

-- Existing invitations: the newest invitation mail to the same address of the tenant written while the invitation
-- was current (it is written with the invitation or its resend, at the moment the row was last updated or before).
UPDATE invitations i
SET mail_id = (
  SELECT max(m.id)
  FROM outbox_mail m
  WHERE m.tenant_id = i.tenant_id
    AND m.kind = 'staff_invitation'
    AND lower(m.to_address) = lower(i.email)
    AND m.created_at >= i.created_at
    AND m.created_at <= i.updated_at
)
WHERE i.mail_id IS NULL;
