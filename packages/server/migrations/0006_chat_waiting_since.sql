-- When the customer's oldest message not yet answered by a human was sent (null when nothing waits). Kept on the
-- chat so that a reply's wait is known without reading the chat's history.
ALTER TABLE chats ADD COLUMN waiting_since timestamptz;

UPDATE chats c
SET waiting_since = (
  SELECT min(m.sent_at)
  FROM chat_messages m
  WHERE m.tenant_id = c.tenant_id
    AND m.chat_id = c.id
    AND m.message_sender = 'client'
    AND m.id > coalesce(
      (SELECT max(t.id) FROM chat_messages t
       WHERE t.tenant_id = c.tenant_id AND t.chat_id = c.id AND t.message_sender = 'tenant'),
      0)
);
