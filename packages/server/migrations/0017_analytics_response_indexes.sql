-- Indexes for the response-time and satisfaction analytics (contract §7.5, §7.6), whose medians, percentiles,
-- first responses and resolved chats cannot come from the rollups of 0016 and are read from the chat history.

-- Chat events by kind and time now also carry the chat, the wait and the replier, so that response samples,
-- first responses, resolves and escalations in a window are read from the index alone. It replaces the index of
-- 0002 on the same keys.
CREATE INDEX chat_events_tenant_kind_covering_idx ON chat_events (tenant_id, kind, occurred_at)
  INCLUDE (chat_id, wait_seconds, actor_user_id);
DROP INDEX chat_events_tenant_kind_idx;

-- Each chat's customer messages in time order: a chat's first customer message (first responses) and the last one
-- before an instant (waiting periods) in one index step.
CREATE INDEX chat_messages_client_idx ON chat_messages (tenant_id, chat_id, sent_at)
  WHERE message_sender = 'client';
