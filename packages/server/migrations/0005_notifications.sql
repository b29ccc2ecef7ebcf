-- In-app notifications for staff (contract §13.3): one row per recipient, kept 90 days.
CREATE TABLE notifications (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type       text NOT NULL,
  title      text NOT NULL,
  body       text NOT NULL DEFAULT '',
  -- Ids to open, e.g. {"chat_id": 42}.
  data       jsonb NOT NULL DEFAULT '{}'::jsonb,
  read_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The recipient's list, newest first, paged by id.
CREATE INDEX notifications_recipient_idx ON notifications (tenant_id, user_id, id DESC);
-- Unread counts, the unread filter and "mark all read".
CREATE INDEX notifications_unread_idx ON notifications (tenant_id, user_id, id) WHERE read_at IS NULL;
-- The daily clean-up works across tenants by age.
CREATE INDEX notifications_created_idx ON notifications (created_at);
