-- Round-robin assignment (contract §3.4) picks the active staff member whose latest assignment is the oldest. It used
-- to aggregate every past `assigned` chat event of the tenant on each new chat; now each member carries the id of
-- their latest `assigned` event (event ids grow with time and, unlike timestamps, never tie), kept by the statement
-- that records the assignment. Null: never assigned a chat. The partial index holds a tenant's assignable members
-- in turn order, so the next one is its first entry. Safe to run again: the backfill only moves a turn forward.
ALTER TABLE users ADD COLUMN IF NOT EXISTS last_assignment_event_id bigint;

UPDATE users u
SET last_assignment_event_id = a.last_event_id
FROM (
  SELECT tenant_id, (detail ->> 'assignee_id')::bigint AS user_id, max(id) AS last_event_id
  FROM chat_events
  WHERE kind = 'assigned' AND detail ->> 'assignee_id' IS NOT NULL
  GROUP BY tenant_id, (detail ->> 'assignee_id')::bigint
) a
WHERE u.tenant_id = a.tenant_id
  AND u.id = a.user_id
  AND (u.last_assignment_event_id IS NULL OR u.last_assignment_event_id < a.last_event_id);

CREATE INDEX IF NOT EXISTS users_round_robin_idx ON users (tenant_id, last_assignment_event_id NULLS FIRST, id)
  WHERE user_type IN ('admin', 'employee') AND is_active AND deleted_at IS NULL;
