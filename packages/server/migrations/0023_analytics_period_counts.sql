-- Distinct counts per whole calendar period in the tenant's own time zone (docs/ARCHITECTURE.md, "Period counts"): the
-- chats with a message, the chats escalated, the customers who wrote, and the community involvements and the clients
-- involved, per day, week (from Monday) and month. A distinct count of a period is not a sum of its hours' or days'
-- counts, and a local day is not a UTC day, so the forecasts' histories read them here instead of every active chat
-- of every hour. The roller fills every period that is sealed (it ends before the sealing watermark) and computes one
-- again after an hour inside it is rolled again; a period with a dirty hour, a stale one, or one not filled yet is
-- read live.

CREATE TABLE analytics_period_counts (
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  -- chats_with_messages and escalated_chats per channel (key: the channel), active_customers (key ''), and
  -- community_actions and community_participants per community (key: its id) and for all communities (key '')
  measure      text NOT NULL,
  time_zone    text NOT NULL,
  unit         text NOT NULL CHECK (unit IN ('day', 'week', 'month')),
  period_start timestamptz NOT NULL,
  key          text NOT NULL,
  -- only values above 0 are kept; a filled period without a row counts 0
  value        bigint NOT NULL CHECK (value > 0),
  PRIMARY KEY (tenant_id, measure, time_zone, unit, period_start, key)
);

-- What is filled: every period of the unit in the time zone from `filled_from` to `filled_until` (equal: none yet);
-- `next_due` is the end of the next period, when the roller has one more to fill.
CREATE TABLE analytics_period_fills (
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  time_zone    text NOT NULL,
  unit         text NOT NULL CHECK (unit IN ('day', 'week', 'month')),
  filled_from  timestamptz NOT NULL,
  filled_until timestamptz NOT NULL CHECK (filled_until >= filled_from),
  next_due     timestamptz NOT NULL CHECK (next_due > filled_until),
  PRIMARY KEY (tenant_id, unit, time_zone)
);
CREATE INDEX analytics_period_fills_due_idx ON analytics_period_fills (next_due);

-- Filled periods whose hours were rolled again since they were computed (a late message, a chat closed the next
-- day): read live until the roller computes them again, which it does a while after the first mark (a minute for a
-- day, longer for a week or a month), so that a month of late changes costs one recomputation, not one per change.
CREATE TABLE analytics_period_stale (
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  time_zone    text NOT NULL,
  unit         text NOT NULL CHECK (unit IN ('day', 'week', 'month')),
  period_start timestamptz NOT NULL,
  marked_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (tenant_id, unit, time_zone, period_start)
);
CREATE INDEX analytics_period_stale_marked_idx ON analytics_period_stale (marked_at);

-- Reactions count as involvements: a reaction removed from (or moved within) an hour that may be sealed marks that
-- hour, as the comment, issue and membership triggers of migration 0021 do.
CREATE FUNCTION analytics_reactions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_hour timestamptz := date_trunc('hour', clock_timestamp(), 'UTC');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT n.tenant_id, date_trunc('hour', n.created_at, 'UTC') FROM new_rows n
    WHERE n.created_at < current_hour;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT o.tenant_id, date_trunc('hour', o.created_at, 'UTC') FROM old_rows o
    WHERE o.created_at < current_hour;
  ELSE
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT t.tenant_id, date_trunc('hour', t.at, 'UTC')
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.comment_id = o.comment_id
        AND n.client_id = o.client_id
      CROSS JOIN LATERAL (VALUES (o.tenant_id, o.created_at), (n.tenant_id, n.created_at)) t (tenant_id, at)
    WHERE t.at < current_hour AND o.created_at IS DISTINCT FROM n.created_at;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER comment_reactions_analytics_insert AFTER INSERT ON comment_reactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_reactions_changed();
CREATE TRIGGER comment_reactions_analytics_update AFTER UPDATE ON comment_reactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_reactions_changed();
CREATE TRIGGER comment_reactions_analytics_delete AFTER DELETE ON comment_reactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_reactions_changed();
