-- What happened in each of a tenant's communities per UTC hour and day: comments, issues, joins and leaves. The
-- community metrics count them from the start of the tenant's history (cumulative comments and issues, members at an
-- instant = joins − leaves before it), so without rollups every reading scanned every comment and membership ever
-- written. Sealed, marked dirty and rolled up with analytics_hours (migration 0016), by the same roller and in the
-- same transactions: a tenant hour is either rolled up for all three kinds or read live for all three.
--
-- Counts are by the instant named: comments by `created_at` (soft-deleted ones not at all), issues by `created_at`
-- (with how many of them are solved now), joins by `joined_at` and leaves by `left_at` of a stay.

CREATE TABLE analytics_community_hours (
  tenant_id      bigint NOT NULL,
  hour           timestamptz NOT NULL,
  community_id   bigint NOT NULL,
  -- comments created in the hour and not deleted, and the staff replies among them (no client)
  comments       integer NOT NULL,
  staff_comments integer NOT NULL,
  -- issues created in the hour, and those of them solved now
  issues         integer NOT NULL,
  issues_solved  integer NOT NULL,
  -- stays that began in the hour, and stays that ended in it
  joins          integer NOT NULL,
  leaves         integer NOT NULL,
  PRIMARY KEY (tenant_id, hour, community_id),
  FOREIGN KEY (tenant_id, community_id) REFERENCES communities (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE analytics_community_days (LIKE analytics_community_hours INCLUDING ALL);
ALTER TABLE analytics_community_days RENAME COLUMN hour TO day;
ALTER TABLE analytics_community_days ADD FOREIGN KEY (tenant_id, community_id)
  REFERENCES communities (tenant_id, id) ON DELETE CASCADE;

-- A community's rows by its key (the cascade on a community's deletion).
CREATE INDEX analytics_community_hours_community_idx ON analytics_community_hours (tenant_id, community_id);
CREATE INDEX analytics_community_days_community_idx ON analytics_community_days (tenant_id, community_id);

-- A tenant's issues, joins and leaves by time across all its communities (a live piece of an hour is a range of
-- these, not a scan of every community's rows; comments have theirs since migration 0019).
CREATE INDEX community_issues_created_idx ON community_issues (tenant_id, created_at) INCLUDE (community_id, solved);
CREATE INDEX community_memberships_joined_idx ON community_memberships (tenant_id, joined_at) INCLUDE (community_id);
CREATE INDEX community_memberships_left_idx ON community_memberships (tenant_id, left_at) INCLUDE (community_id)
  WHERE left_at IS NOT NULL;

-- The comments of an issue with what the thread averages read of them (averagecomments: one index range per issue of
-- the window, read from the index alone); the same key as before, now covering.
DROP INDEX community_comments_issue_idx;
CREATE INDEX community_comments_issue_idx ON community_comments (tenant_id, issue_id) INCLUDE (created_at, client_id)
  WHERE deleted_at IS NULL;

-- Each trigger marks, in one statement, the tenant hours a change touches that may be sealed already (before the
-- current hour), as the chat triggers of migration 0016 do. A write of the present touches none.

CREATE FUNCTION analytics_comments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.tenant_id, o.created_at), (n.tenant_id, n.created_at)) t (tenant_id, at)
    WHERE t.at < current_hour
      AND (o.created_at, o.deleted_at IS NULL, o.client_id IS NULL, o.community_id, o.tenant_id)
        IS DISTINCT FROM (n.created_at, n.deleted_at IS NULL, n.client_id IS NULL, n.community_id, n.tenant_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION analytics_issues_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.tenant_id, o.created_at), (n.tenant_id, n.created_at)) t (tenant_id, at)
    WHERE t.at < current_hour
      AND (o.created_at, o.solved, o.community_id, o.tenant_id)
        IS DISTINCT FROM (n.created_at, n.solved, n.community_id, n.tenant_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION analytics_memberships_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_hour timestamptz := date_trunc('hour', clock_timestamp(), 'UTC');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT n.tenant_id, date_trunc('hour', t.at, 'UTC')
    FROM new_rows n CROSS JOIN LATERAL (VALUES (n.joined_at), (n.left_at)) t (at)
    WHERE t.at < current_hour;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT o.tenant_id, date_trunc('hour', t.at, 'UTC')
    FROM old_rows o CROSS JOIN LATERAL (VALUES (o.joined_at), (o.left_at)) t (at)
    WHERE t.at < current_hour;
  ELSE
    INSERT INTO analytics_rollup_dirty (tenant_id, hour)
    SELECT DISTINCT t.tenant_id, date_trunc('hour', t.at, 'UTC')
    FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.tenant_id, o.joined_at), (o.tenant_id, o.left_at),
        (n.tenant_id, n.joined_at), (n.tenant_id, n.left_at)) t (tenant_id, at)
    WHERE t.at < current_hour
      AND (o.joined_at, o.left_at, o.community_id, o.tenant_id)
        IS DISTINCT FROM (n.joined_at, n.left_at, n.community_id, n.tenant_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER community_comments_analytics_insert AFTER INSERT ON community_comments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_comments_changed();
CREATE TRIGGER community_comments_analytics_update AFTER UPDATE ON community_comments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_comments_changed();
CREATE TRIGGER community_comments_analytics_delete AFTER DELETE ON community_comments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_comments_changed();

CREATE TRIGGER community_issues_analytics_insert AFTER INSERT ON community_issues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_issues_changed();
CREATE TRIGGER community_issues_analytics_update AFTER UPDATE ON community_issues
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_issues_changed();
CREATE TRIGGER community_issues_analytics_delete AFTER DELETE ON community_issues
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_issues_changed();

CREATE TRIGGER community_memberships_analytics_insert AFTER INSERT ON community_memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_memberships_changed();
CREATE TRIGGER community_memberships_analytics_update AFTER UPDATE ON community_memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_memberships_changed();
CREATE TRIGGER community_memberships_analytics_delete AFTER DELETE ON community_memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_memberships_changed();

-- Nothing of the communities' history is rolled up yet: the roller seals all history again (reads are live, and
-- exact, meanwhile), the three kinds together.
DELETE FROM analytics_days;
DELETE FROM analytics_hours;
DELETE FROM analytics_chat_days;
DELETE FROM analytics_chat_hours;
DELETE FROM analytics_rollup_dirty;
UPDATE analytics_rollup_state SET sealed_until = NULL;
