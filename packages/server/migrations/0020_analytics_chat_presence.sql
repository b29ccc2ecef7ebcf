-- Which chats were active in each UTC hour and day: the distinct counts of the analytics (customers who wrote, chats
-- with messages, escalated chats, chats with voice, the clients whose profiles make the demographics) do not add up
-- across hours, but the distinct chats of a window are the distinct chats of its hours. One row per tenant, hour (or
-- day) and chat that had a message or an escalation then, with that chat's channel, current topic (0: none) and owner
-- copied, and what it had in that hour. Sealed, marked dirty and rolled up with analytics_hours (migration 0016), by
-- the same roller and in the same transactions, so a read uses either both or neither.

CREATE TABLE analytics_chat_hours (
  tenant_id         bigint NOT NULL,
  hour              timestamptz NOT NULL,
  chat_id           bigint NOT NULL,
  channel           text NOT NULL,
  topic_id          bigint NOT NULL,
  -- the chat's owner: a registered client, else a visitor
  client_id         bigint,
  visitor_id        bigint,
  -- messages sent in the hour (deleted ones too), those the customer sent, voice messages (with a known length, and
  -- the sum of the known lengths in ms), and escalation events
  messages          integer NOT NULL,
  customer_messages integer NOT NULL,
  voice_messages    integer NOT NULL,
  voice_timed       integer NOT NULL,
  voice_ms          bigint NOT NULL,
  escalations       integer NOT NULL,
  PRIMARY KEY (tenant_id, hour, chat_id),
  FOREIGN KEY (tenant_id, chat_id) REFERENCES chats (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE analytics_chat_days (LIKE analytics_chat_hours INCLUDING ALL);
ALTER TABLE analytics_chat_days RENAME COLUMN hour TO day;
ALTER TABLE analytics_chat_days ADD FOREIGN KEY (tenant_id, chat_id) REFERENCES chats (tenant_id, id) ON DELETE CASCADE;

-- Reading a chat's rows by its key (the cascade on a chat's deletion).
CREATE INDEX analytics_chat_hours_chat_idx ON analytics_chat_hours (tenant_id, chat_id);
CREATE INDEX analytics_chat_days_chat_idx ON analytics_chat_days (tenant_id, chat_id);

-- A chat's rows carry its owner now, and a message's whether the customer sent it: a change of either marks the hours
-- it touches, like a change of channel or topic.
CREATE OR REPLACE FUNCTION analytics_chats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_hour timestamptz := date_trunc('hour', clock_timestamp(), 'UTC');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT n.tenant_id, date_trunc('hour', t.at, 'UTC')
    FROM new_rows n CROSS JOIN LATERAL (VALUES (n.created_at), (n.rated_at)) t (at)
    WHERE t.at < current_hour;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT o.tenant_id, date_trunc('hour', t.at, 'UTC')
    FROM old_rows o CROSS JOIN LATERAL (VALUES (o.created_at), (o.rated_at)) t (at)
    WHERE t.at < current_hour;
  ELSE
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT t.tenant_id, date_trunc('hour', t.at, 'UTC')
    FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.tenant_id, o.created_at), (o.tenant_id, o.rated_at),
        (n.tenant_id, n.created_at), (n.tenant_id, n.rated_at)) t (tenant_id, at)
    WHERE t.at < current_hour
      AND (o.status, o.created_at, o.rated_at, o.satisfaction_rating, o.channel, o.topic_id, o.tenant_id)
        IS DISTINCT FROM (n.status, n.created_at, n.rated_at, n.satisfaction_rating, n.channel, n.topic_id, n.tenant_id);
    -- Messages and events count under their chat's current channel, topic and owner: a change moves all of them.
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT a.tenant_id, date_trunc('hour', a.at, 'UTC')
    FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (
        SELECT m.tenant_id, m.sent_at AS at FROM chat_messages m WHERE m.tenant_id = n.tenant_id AND m.chat_id = n.id
        UNION ALL
        SELECT e.tenant_id, e.occurred_at FROM chat_events e WHERE e.tenant_id = n.tenant_id AND e.chat_id = n.id
      ) a
    WHERE a.at < current_hour
      AND (o.channel, o.topic_id, o.client_id, o.visitor_id) IS DISTINCT FROM (n.channel, n.topic_id, n.client_id, n.visitor_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION analytics_messages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_hour timestamptz := date_trunc('hour', clock_timestamp(), 'UTC');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT n.tenant_id, date_trunc('hour', n.sent_at, 'UTC') FROM new_rows n
    WHERE n.sent_at < current_hour;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT o.tenant_id, date_trunc('hour', o.sent_at, 'UTC') FROM old_rows o
    WHERE o.sent_at < current_hour;
  ELSE
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT t.tenant_id, date_trunc('hour', t.at, 'UTC')
    FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.tenant_id, o.sent_at), (n.tenant_id, n.sent_at)) t (tenant_id, at)
    WHERE t.at < current_hour
      AND (o.sent_at, o.chat_id, o.message_sender, o.voice_mime_type, o.voice_duration_ms, o.voice_size_bytes,
          o.tenant_id)
        IS DISTINCT FROM (n.sent_at, n.chat_id, n.message_sender, n.voice_mime_type, n.voice_duration_ms,
          n.voice_size_bytes, n.tenant_id);
  END IF;
  RETURN NULL;
END
$$;

-- Sealed hours must hold their active chats too: everything is rolled up again from the start (the roller's
-- background job does it, reads are live meanwhile).
DELETE FROM analytics_days;
DELETE FROM analytics_hours;
DELETE FROM analytics_rollup_dirty;
UPDATE analytics_rollup_state SET sealed_until = NULL;
