-- Indexes for the analytics' distinct counts (chats with a message in a window, customers who wrote in each bucket,
-- chats escalated, chats with a voice message): these do not add up across hours, so they cannot come from the
-- rollups (migration 0016) and are read from the live tables. Each index holds the chat of every row it lists, so a
-- window's distinct chats are read from the index alone, without visiting the rows themselves.

-- Every message by sending time, with its chat. It replaces the index on (tenant_id, sent_at) alone, which it serves
-- in the same way.
CREATE INDEX chat_messages_sent_chat_idx ON chat_messages (tenant_id, sent_at) INCLUDE (chat_id);
DROP INDEX chat_messages_sent_idx;

-- Messages from the customer side (what makes a customer active).
CREATE INDEX chat_messages_client_sent_idx ON chat_messages (tenant_id, sent_at) INCLUDE (chat_id)
  WHERE message_sender = 'client';

-- Voice messages (deleted ones keep their type and duration), with their duration.
CREATE INDEX chat_messages_voice_sent_idx ON chat_messages (tenant_id, sent_at) INCLUDE (chat_id, voice_duration_ms)
  WHERE voice_mime_type IS NOT NULL;

-- Escalations by time, with their chat.
CREATE INDEX chat_events_escalated_idx ON chat_events (tenant_id, occurred_at) INCLUDE (chat_id)
  WHERE kind = 'escalated';
