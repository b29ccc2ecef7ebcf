-- Analytics rollups: what happened in a tenant's chats per UTC hour and per UTC day, by the chat's channel and
-- current topic (0 = none), so the analytics read a few rows per hour or day instead of every message. Each hour
-- and day also has the sums over all topics (topic_id -1), over all channels (channel '*') and over both, so a read
-- without filters takes one row per hour or day.
--
-- Sealing: every hour before `analytics_rollup_state.sealed_until` has been rolled up from the live tables. Later
-- hours are read live, so new activity counts at once. A change to an already sealed hour (a late write, a chat
-- changing channel or topic or status, a new rating, a deletion) marks that tenant's hour in
-- `analytics_rollup_dirty`, in the same transaction as the change; reads treat a marked hour as live until the
-- roller has rolled it again and removed the mark. So rollups never give a different number from the live tables,
-- only a faster one. A UTC day row exists once all 24 of its hours are sealed; a marked hour makes its day live too.

CREATE TABLE analytics_hours (
  tenant_id      bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  hour           timestamptz NOT NULL,
  channel        text NOT NULL,
  topic_id       bigint NOT NULL,
  -- chats created in the hour, and among them those whose current status is open, pending or resolved
  chats          integer NOT NULL,
  chats_open     integer NOT NULL,
  chats_pending  integer NOT NULL,
  chats_resolved integer NOT NULL,
  -- messages sent in the hour (deleted ones too), and the voice messages among them
  messages       integer NOT NULL,
  voice_messages integer NOT NULL,
  voice_timed    integer NOT NULL,
  voice_ms       bigint NOT NULL,
  voice_bytes    bigint NOT NULL,
  -- escalation events, and response samples (replies that ended a waiting period) with their waits in seconds
  escalations    integer NOT NULL,
  replies        integer NOT NULL,
  wait_seconds   numeric(20, 3) NOT NULL,
  -- ratings whose latest time is in the hour, by stars
  rated_1        integer NOT NULL,
  rated_2        integer NOT NULL,
  rated_3        integer NOT NULL,
  rated_4        integer NOT NULL,
  rated_5        integer NOT NULL,
  PRIMARY KEY (tenant_id, hour, channel, topic_id)
);

CREATE TABLE analytics_days (LIKE analytics_hours INCLUDING ALL);
ALTER TABLE analytics_days RENAME COLUMN hour TO day;
ALTER TABLE analytics_days ADD FOREIGN KEY (tenant_id) REFERENCES tenants (id) ON DELETE CASCADE;

CREATE TABLE analytics_rollup_state (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- every hour before this one is rolled up (but those marked dirty); null: nothing yet
  sealed_until timestamptz
);
INSERT INTO analytics_rollup_state (id, sealed_until) VALUES (true, NULL);

-- Hours whose rollup is out of date. A work queue rather than a tenant table: it has no foreign key, so that a
-- tenant's deletion (which marks its hours while its rows go) does not fail; the roller drops what it cannot roll.
-- No unique key either: every change inserts its own marks, which commit with it. Were an hour marked once, a change
-- finding the mark there would add none, and the roller could take that mark and roll the hour before the change
-- commits, losing it.
CREATE TABLE analytics_rollup_dirty (
  tenant_id bigint NOT NULL,
  hour      timestamptz NOT NULL
);
CREATE INDEX analytics_rollup_dirty_idx ON analytics_rollup_dirty (tenant_id, hour);

-- Ratings by their time, for rolling up and for the live reads.
CREATE INDEX chats_tenant_rated_idx ON chats (tenant_id, rated_at) WHERE rated_at IS NOT NULL;

-- Each trigger below marks, in one statement, the tenant hours of the instants a change touches that may be sealed
-- already (before the current hour). A write of the present touches none, so the chat write path only pays for
-- finding that out.

-- Chats count at their creation (chats, by current status) and at their latest rating.
CREATE FUNCTION analytics_chats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    -- Messages and events count under their chat's current channel and topic: a change moves all of them.
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT a.tenant_id, date_trunc('hour', a.at, 'UTC')
    FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (
        SELECT m.tenant_id, m.sent_at AS at FROM chat_messages m WHERE m.tenant_id = n.tenant_id AND m.chat_id = n.id
        UNION ALL
        SELECT e.tenant_id, e.occurred_at FROM chat_events e WHERE e.tenant_id = n.tenant_id AND e.chat_id = n.id
      ) a
    WHERE a.at < current_hour AND (o.channel, o.topic_id) IS DISTINCT FROM (n.channel, n.topic_id);
  END IF;
  RETURN NULL;
END
$$;

-- Messages count at `sent_at`, voice ones with their length and size.
CREATE FUNCTION analytics_messages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
      AND (o.sent_at, o.chat_id, o.voice_mime_type, o.voice_duration_ms, o.voice_size_bytes, o.tenant_id)
        IS DISTINCT FROM (n.sent_at, n.chat_id, n.voice_mime_type, n.voice_duration_ms, n.voice_size_bytes, n.tenant_id);
  END IF;
  RETURN NULL;
END
$$;

-- Events count at `occurred_at` (escalations, response samples).
CREATE FUNCTION analytics_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_hour timestamptz := date_trunc('hour', clock_timestamp(), 'UTC');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT n.tenant_id, date_trunc('hour', n.occurred_at, 'UTC') FROM new_rows n
    WHERE n.occurred_at < current_hour;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT o.tenant_id, date_trunc('hour', o.occurred_at, 'UTC') FROM old_rows o
    WHERE o.occurred_at < current_hour;
  ELSE
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT t.tenant_id, date_trunc('hour', t.at, 'UTC')
    FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.tenant_id, o.occurred_at), (n.tenant_id, n.occurred_at)) t (tenant_id, at)
    WHERE t.at < current_hour
      AND (o.occurred_at, o.kind, o.chat_id, o.wait_seconds, o.tenant_id)
        IS DISTINCT FROM (n.occurred_at, n.kind, n.chat_id, n.wait_seconds, n.tenant_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER chats_analytics_insert AFTER INSERT ON chats REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_chats_changed();
CREATE TRIGGER chats_analytics_update AFTER UPDATE ON chats REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_chats_changed();
CREATE TRIGGER chats_analytics_delete AFTER DELETE ON chats REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_chats_changed();

CREATE TRIGGER chat_messages_analytics_insert AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_messages_changed();
CREATE TRIGGER chat_messages_analytics_update AFTER UPDATE ON chat_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_messages_changed();
CREATE TRIGGER chat_messages_analytics_delete AFTER DELETE ON chat_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_messages_changed();

CREATE TRIGGER chat_events_analytics_insert AFTER INSERT ON chat_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_changed();
CREATE TRIGGER chat_events_analytics_update AFTER UPDATE ON chat_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_changed();
CREATE TRIGGER chat_events_analytics_delete AFTER DELETE ON chat_events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_changed();
