-- When each registered customer first chatted with each tenant: the forecast of new customers (contract §8.4,
-- `client/genderdistribution`) counts customers by their first chat, which otherwise is a min() over every chat the
-- tenant ever had. Kept exact by triggers on chats rather than sealed like the hourly rollups: a new chat only writes
-- here when it is its customer's first (a returning customer's chat is one index lookup); moving a chat to another
-- customer or time, and deleting chats, recompute the customers concerned from their chats.

CREATE TABLE analytics_client_firsts (
  tenant_id     bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  client_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_chat_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, client_id)
);
-- A tenant's new customers of a period are one range of this index.
CREATE INDEX analytics_client_firsts_at_idx ON analytics_client_firsts (tenant_id, first_chat_at) INCLUDE (client_id);
-- A customer's chats with a tenant by time (the recomputation below; the existing index leads with the customer).
CREATE INDEX chats_tenant_client_created_idx ON chats (tenant_id, client_id, created_at) WHERE client_id IS NOT NULL;

-- The first chats of some (tenant, customer) pairs again, from their chats: pairs without a chat left lose their
-- row, the others get their earliest chat.
CREATE FUNCTION analytics_client_firsts_refresh(pairs jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_client_firsts f
  USING jsonb_array_elements(pairs) x
  WHERE f.tenant_id = (x ->> 0)::bigint AND f.client_id = (x ->> 1)::bigint
    AND NOT EXISTS (SELECT FROM chats c WHERE c.tenant_id = f.tenant_id AND c.client_id = f.client_id);
  INSERT INTO analytics_client_firsts (tenant_id, client_id, first_chat_at)
  SELECT c.tenant_id, c.client_id, min(c.created_at)
  FROM (SELECT DISTINCT (x ->> 0)::bigint AS tenant_id, (x ->> 1)::bigint AS client_id
        FROM jsonb_array_elements(pairs) x) p
  JOIN chats c ON c.tenant_id = p.tenant_id AND c.client_id = p.client_id
  GROUP BY 1, 2
  ON CONFLICT (tenant_id, client_id) DO UPDATE SET first_chat_at = excluded.first_chat_at;
END $$;

CREATE FUNCTION analytics_client_firsts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_client_firsts (tenant_id, client_id, first_chat_at)
  SELECT n.tenant_id, n.client_id, min(n.created_at) FROM new_rows n WHERE n.client_id IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (tenant_id, client_id) DO UPDATE SET first_chat_at = excluded.first_chat_at
    WHERE excluded.first_chat_at < analytics_client_firsts.first_chat_at;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_client_firsts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_client_firsts_refresh(coalesce(
    (SELECT jsonb_agg(DISTINCT jsonb_build_array(o.tenant_id, o.client_id)) FROM old_rows o WHERE o.client_id IS NOT NULL),
    '[]'::jsonb));
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_client_firsts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_client_firsts_refresh(jsonb_build_array(
    jsonb_build_array(OLD.tenant_id, OLD.client_id), jsonb_build_array(NEW.tenant_id, NEW.client_id)));
  RETURN NULL;
END $$;

CREATE TRIGGER chats_client_firsts_insert AFTER INSERT ON chats REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_client_firsts_inserted();
CREATE TRIGGER chats_client_firsts_delete AFTER DELETE ON chats REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_client_firsts_deleted();
-- Only a chat whose customer or creation time changes (the WHEN is checked without calling the function).
CREATE TRIGGER chats_client_firsts_update AFTER UPDATE OF client_id, created_at ON chats FOR EACH ROW
  WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION analytics_client_firsts_moved();

INSERT INTO analytics_client_firsts (tenant_id, client_id, first_chat_at)
SELECT tenant_id, client_id, min(created_at) FROM chats WHERE client_id IS NOT NULL GROUP BY 1, 2;
