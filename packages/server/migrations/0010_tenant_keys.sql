-- Tenancy the database holds: a row of one tenant can no longer point at a row of another. Every table that tenant
-- rows point at gets UNIQUE (tenant_id, id), and every foreign key between tenant tables carries the tenant:
-- (tenant_id, chat_id) REFERENCES chats (tenant_id, id), with the same ON DELETE as before (SET NULL names its
-- column, so tenant_id itself is never nulled). Staff references into users are composite too (staff rows carry
-- their tenant); columns that may hold a customer ("client", a platform-wide account with no tenant) keep their
-- single-column key: chats.client_id, chat_messages.sender_user_id, chat_events.actor_user_id,
-- community_*.client_id, community_issues.solved_by_user_id, community_comments.deleted_by_user_id,
-- comment_reactions.client_id and auth_tokens.user_id (which also gets a composite key for staff tokens).
-- Unique keys that did not include tenant_id are rebuilt leading with it, so they also hold when tables are
-- distributed by tenant.
--
-- Rows the old keys allowed and the new ones refuse (a reference into another tenant) are repaired first, in this
-- migration, the way ON DELETE would have treated them: a SET NULL column is nulled, a row whose key cascades is
-- deleted (with what cascades from it). Deleting session tokens sends the usual `proxima_sessions` notice (0007).

-- Keys the composite foreign keys point at. NULL tenants (customers in users) never conflict.
ALTER TABLE users ADD CONSTRAINT users_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE anonymous_users ADD CONSTRAINT anonymous_users_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE communities ADD CONSTRAINT communities_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE chat_categories ADD CONSTRAINT chat_categories_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE chat_topics ADD CONSTRAINT chat_topics_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE chats ADD CONSTRAINT chats_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE community_issues ADD CONSTRAINT community_issues_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE community_threads ADD CONSTRAINT community_threads_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE community_comments ADD CONSTRAINT community_comments_tenant_id_id_key UNIQUE (tenant_id, id);
-- The unique keys above are these very indexes.
DROP INDEX communities_tenant_idx;
DROP INDEX community_threads_tenant_idx;

-- Repairs of ON DELETE CASCADE references: the referencing row goes (parents before children, so what a deleted
-- parent cascades to is gone before its own check).
DELETE FROM community_issues r WHERE NOT EXISTS
  (SELECT 1 FROM communities p WHERE p.tenant_id = r.tenant_id AND p.id = r.community_id);
DELETE FROM community_threads r WHERE NOT EXISTS
  (SELECT 1 FROM community_issues p WHERE p.tenant_id = r.tenant_id AND p.id = r.issue_id);
DELETE FROM community_comments r WHERE NOT EXISTS
    (SELECT 1 FROM communities p WHERE p.tenant_id = r.tenant_id AND p.id = r.community_id)
  OR NOT EXISTS (SELECT 1 FROM community_issues p WHERE p.tenant_id = r.tenant_id AND p.id = r.issue_id)
  OR NOT EXISTS (SELECT 1 FROM community_threads p WHERE p.tenant_id = r.tenant_id AND p.id = r.thread_id);
DELETE FROM comment_reactions r WHERE NOT EXISTS
  (SELECT 1 FROM community_comments p WHERE p.tenant_id = r.tenant_id AND p.id = r.comment_id);
DELETE FROM community_memberships r WHERE NOT EXISTS
  (SELECT 1 FROM communities p WHERE p.tenant_id = r.tenant_id AND p.id = r.community_id);
DELETE FROM community_events r WHERE NOT EXISTS
  (SELECT 1 FROM communities p WHERE p.tenant_id = r.tenant_id AND p.id = r.community_id);
DELETE FROM community_favourites r WHERE NOT EXISTS
  (SELECT 1 FROM communities p WHERE p.tenant_id = r.tenant_id AND p.id = r.community_id);
DELETE FROM community_ratings r WHERE NOT EXISTS
  (SELECT 1 FROM communities p WHERE p.tenant_id = r.tenant_id AND p.id = r.community_id);
DELETE FROM chat_messages r WHERE NOT EXISTS
  (SELECT 1 FROM chats p WHERE p.tenant_id = r.tenant_id AND p.id = r.chat_id);
DELETE FROM chat_events r WHERE NOT EXISTS
  (SELECT 1 FROM chats p WHERE p.tenant_id = r.tenant_id AND p.id = r.chat_id);
DELETE FROM notifications r WHERE NOT EXISTS
  (SELECT 1 FROM users p WHERE p.tenant_id = r.tenant_id AND p.id = r.user_id);
-- A visitor's token must name the visitor's tenant; a staff token its member's tenant; a customer's token none.
DELETE FROM auth_tokens r WHERE r.anonymous_user_id IS NOT NULL AND (r.tenant_id IS NULL OR NOT EXISTS
  (SELECT 1 FROM anonymous_users p WHERE p.tenant_id = r.tenant_id AND p.id = r.anonymous_user_id));
DELETE FROM auth_tokens r WHERE r.user_id IS NOT NULL AND r.tenant_id IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM users p WHERE p.tenant_id = r.tenant_id AND p.id = r.user_id);
-- Mail held for its sender: the sender is staff of the mail's tenant.
DELETE FROM outbox_mail r WHERE r.hold_for_user IS NOT NULL AND (r.tenant_id IS NULL OR NOT EXISTS
  (SELECT 1 FROM users p WHERE p.tenant_id = r.tenant_id AND p.id = r.hold_for_user));
-- invited_by has no ON DELETE action and cannot be null: an invitation naming another tenant's member as its
-- inviter is not one this tenant's admin sent, so it goes.
DELETE FROM invitations r WHERE NOT EXISTS
  (SELECT 1 FROM users p WHERE p.tenant_id = r.tenant_id AND p.id = r.invited_by);

-- Repairs of ON DELETE SET NULL references: the column is nulled.
UPDATE chat_topics r SET category_id = NULL WHERE r.category_id IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM chat_categories p WHERE p.tenant_id = r.tenant_id AND p.id = r.category_id);
UPDATE chats r SET topic_id = NULL WHERE r.topic_id IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM chat_topics p WHERE p.tenant_id = r.tenant_id AND p.id = r.topic_id);
UPDATE chats r SET visitor_id = NULL WHERE r.visitor_id IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM anonymous_users p WHERE p.tenant_id = r.tenant_id AND p.id = r.visitor_id);
UPDATE chats r SET assignee_id = NULL WHERE r.assignee_id IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM users p WHERE p.tenant_id = r.tenant_id AND p.id = r.assignee_id);
UPDATE chat_messages r SET topic_id = NULL WHERE r.topic_id IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM chat_topics p WHERE p.tenant_id = r.tenant_id AND p.id = r.topic_id);
UPDATE chat_messages r SET sender_visitor_id = NULL WHERE r.sender_visitor_id IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM anonymous_users p WHERE p.tenant_id = r.tenant_id AND p.id = r.sender_visitor_id);
UPDATE community_comments r SET staff_user_id = NULL WHERE r.staff_user_id IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM users p WHERE p.tenant_id = r.tenant_id AND p.id = r.staff_user_id);
UPDATE ai_generations r SET user_id = NULL WHERE r.user_id IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM users p WHERE p.tenant_id = r.tenant_id AND p.id = r.user_id);

-- The composite foreign keys, replacing the single-column ones.
ALTER TABLE chat_topics
  DROP CONSTRAINT chat_topics_category_id_fkey,
  ADD CONSTRAINT chat_topics_tenant_id_category_id_fkey FOREIGN KEY (tenant_id, category_id)
    REFERENCES chat_categories (tenant_id, id) ON DELETE SET NULL (category_id);

ALTER TABLE chats
  DROP CONSTRAINT chats_topic_id_fkey,
  DROP CONSTRAINT chats_visitor_id_fkey,
  DROP CONSTRAINT chats_assignee_id_fkey,
  ADD CONSTRAINT chats_tenant_id_topic_id_fkey FOREIGN KEY (tenant_id, topic_id)
    REFERENCES chat_topics (tenant_id, id) ON DELETE SET NULL (topic_id),
  ADD CONSTRAINT chats_tenant_id_visitor_id_fkey FOREIGN KEY (tenant_id, visitor_id)
    REFERENCES anonymous_users (tenant_id, id) ON DELETE SET NULL (visitor_id),
  ADD CONSTRAINT chats_tenant_id_assignee_id_fkey FOREIGN KEY (tenant_id, assignee_id)
    REFERENCES users (tenant_id, id) ON DELETE SET NULL (assignee_id);

ALTER TABLE chat_messages
  DROP CONSTRAINT chat_messages_chat_id_fkey,
  DROP CONSTRAINT chat_messages_topic_id_fkey,
  DROP CONSTRAINT chat_messages_sender_visitor_id_fkey,
  ADD CONSTRAINT chat_messages_tenant_id_chat_id_fkey FOREIGN KEY (tenant_id, chat_id)
    REFERENCES chats (tenant_id, id) ON DELETE CASCADE,
  ADD CONSTRAINT chat_messages_tenant_id_topic_id_fkey FOREIGN KEY (tenant_id, topic_id)
    REFERENCES chat_topics (tenant_id, id) ON DELETE SET NULL (topic_id),
  ADD CONSTRAINT chat_messages_tenant_id_sender_visitor_id_fkey FOREIGN KEY (tenant_id, sender_visitor_id)
    REFERENCES anonymous_users (tenant_id, id) ON DELETE SET NULL (sender_visitor_id);

ALTER TABLE chat_events
  DROP CONSTRAINT chat_events_chat_id_fkey,
  ADD CONSTRAINT chat_events_tenant_id_chat_id_fkey FOREIGN KEY (tenant_id, chat_id)
    REFERENCES chats (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE notifications
  DROP CONSTRAINT notifications_user_id_fkey,
  ADD CONSTRAINT notifications_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id)
    REFERENCES users (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE invitations
  DROP CONSTRAINT invitations_invited_by_fkey,
  ADD CONSTRAINT invitations_tenant_id_invited_by_fkey FOREIGN KEY (tenant_id, invited_by)
    REFERENCES users (tenant_id, id);

ALTER TABLE ai_generations
  DROP CONSTRAINT ai_generations_user_id_fkey,
  ADD CONSTRAINT ai_generations_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id)
    REFERENCES users (tenant_id, id) ON DELETE SET NULL (user_id);

-- auth_tokens.tenant_id is null for a customer's token, so a composite key alone would check nothing there:
-- user_id keeps its single-column key (the account exists) and gains the composite one (a staff token names its
-- member's tenant, and a customer's token, whose account has no tenant, can name none). A visitor's token always
-- names the visitor's tenant.
ALTER TABLE auth_tokens
  DROP CONSTRAINT auth_tokens_anonymous_user_id_fkey,
  ADD CONSTRAINT auth_tokens_visitor_tenant_check CHECK (anonymous_user_id IS NULL OR tenant_id IS NOT NULL),
  ADD CONSTRAINT auth_tokens_tenant_id_anonymous_user_id_fkey FOREIGN KEY (tenant_id, anonymous_user_id)
    REFERENCES anonymous_users (tenant_id, id) ON DELETE CASCADE,
  ADD CONSTRAINT auth_tokens_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id)
    REFERENCES users (tenant_id, id) ON DELETE CASCADE;

-- Platform mail has no tenant; mail held for its sender (a staff member) names the sender's tenant.
ALTER TABLE outbox_mail
  DROP CONSTRAINT outbox_mail_hold_for_user_fkey,
  ADD CONSTRAINT outbox_mail_hold_tenant_check CHECK (hold_for_user IS NULL OR tenant_id IS NOT NULL),
  ADD CONSTRAINT outbox_mail_tenant_id_hold_for_user_fkey FOREIGN KEY (tenant_id, hold_for_user)
    REFERENCES users (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE community_memberships
  DROP CONSTRAINT community_memberships_community_id_fkey,
  ADD CONSTRAINT community_memberships_tenant_id_community_id_fkey FOREIGN KEY (tenant_id, community_id)
    REFERENCES communities (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE community_events
  DROP CONSTRAINT community_events_community_id_fkey,
  ADD CONSTRAINT community_events_tenant_id_community_id_fkey FOREIGN KEY (tenant_id, community_id)
    REFERENCES communities (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE community_favourites
  DROP CONSTRAINT community_favourites_community_id_fkey,
  ADD CONSTRAINT community_favourites_tenant_id_community_id_fkey FOREIGN KEY (tenant_id, community_id)
    REFERENCES communities (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE community_ratings
  DROP CONSTRAINT community_ratings_community_id_fkey,
  ADD CONSTRAINT community_ratings_tenant_id_community_id_fkey FOREIGN KEY (tenant_id, community_id)
    REFERENCES communities (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE community_issues
  DROP CONSTRAINT community_issues_community_id_fkey,
  ADD CONSTRAINT community_issues_tenant_id_community_id_fkey FOREIGN KEY (tenant_id, community_id)
    REFERENCES communities (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE community_threads
  DROP CONSTRAINT community_threads_issue_id_fkey,
  ADD CONSTRAINT community_threads_tenant_id_issue_id_fkey FOREIGN KEY (tenant_id, issue_id)
    REFERENCES community_issues (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE community_comments
  DROP CONSTRAINT community_comments_community_id_fkey,
  DROP CONSTRAINT community_comments_issue_id_fkey,
  DROP CONSTRAINT community_comments_thread_id_fkey,
  DROP CONSTRAINT community_comments_staff_user_id_fkey,
  ADD CONSTRAINT community_comments_tenant_id_community_id_fkey FOREIGN KEY (tenant_id, community_id)
    REFERENCES communities (tenant_id, id) ON DELETE CASCADE,
  ADD CONSTRAINT community_comments_tenant_id_issue_id_fkey FOREIGN KEY (tenant_id, issue_id)
    REFERENCES community_issues (tenant_id, id) ON DELETE CASCADE,
  ADD CONSTRAINT community_comments_tenant_id_thread_id_fkey FOREIGN KEY (tenant_id, thread_id)
    REFERENCES community_threads (tenant_id, id) ON DELETE CASCADE,
  ADD CONSTRAINT community_comments_tenant_id_staff_user_id_fkey FOREIGN KEY (tenant_id, staff_user_id)
    REFERENCES users (tenant_id, id) ON DELETE SET NULL (staff_user_id);

ALTER TABLE comment_reactions
  DROP CONSTRAINT comment_reactions_comment_id_fkey,
  ADD CONSTRAINT comment_reactions_tenant_id_comment_id_fkey FOREIGN KEY (tenant_id, comment_id)
    REFERENCES community_comments (tenant_id, id) ON DELETE CASCADE;

-- Unique keys rebuilt leading with tenant_id (a superset of the old columns, so no existing row conflicts).
DROP INDEX chat_messages_client_id_key;
CREATE UNIQUE INDEX chat_messages_client_id_key ON chat_messages (tenant_id, chat_id, client_message_id)
  WHERE client_message_id IS NOT NULL;
DROP INDEX community_memberships_current_key;
CREATE UNIQUE INDEX community_memberships_current_key ON community_memberships (tenant_id, community_id, client_id)
  WHERE left_at IS NULL;
ALTER TABLE community_favourites
  DROP CONSTRAINT community_favourites_pkey,
  ADD CONSTRAINT community_favourites_pkey PRIMARY KEY (tenant_id, community_id, client_id);
ALTER TABLE community_ratings
  DROP CONSTRAINT community_ratings_community_id_client_id_key,
  ADD CONSTRAINT community_ratings_tenant_id_community_id_client_id_key UNIQUE (tenant_id, community_id, client_id);
ALTER TABLE comment_reactions
  DROP CONSTRAINT comment_reactions_pkey,
  ADD CONSTRAINT comment_reactions_pkey PRIMARY KEY (tenant_id, comment_id, client_id);
ALTER TABLE community_threads
  DROP CONSTRAINT community_threads_issue_id_key,
  ADD CONSTRAINT community_threads_tenant_id_issue_id_key UNIQUE (tenant_id, issue_id);
