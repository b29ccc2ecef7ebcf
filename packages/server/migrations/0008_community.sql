-- Communities (contract §5): membership periods and their join/leave events, favourites, ratings, issues with one
-- thread each, comments (staff replies included) and reactions. Text that the dashboard's search finds has a GIN
-- index on its tsvector expression (English configuration: stemming, stop words); features/search/search.sql.ts
-- queries with the very same expressions, so PostgreSQL uses these indexes.

ALTER TABLE communities ADD COLUMN is_archived boolean NOT NULL DEFAULT false;
CREATE INDEX communities_tenant_idx ON communities (tenant_id, id);
CREATE INDEX communities_search_idx ON communities
  USING gin (to_tsvector('english', name || ' ' || coalesce(description, '')));

-- One row per stay of a client in a community; the current members are the rows not left. Growth analytics read
-- members at any instant from these periods.
CREATE TABLE community_memberships (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  community_id bigint NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  client_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at    timestamptz NOT NULL,
  left_at      timestamptz,
  CHECK (left_at IS NULL OR left_at >= joined_at)
);
CREATE UNIQUE INDEX community_memberships_current_key ON community_memberships (community_id, client_id)
  WHERE left_at IS NULL;
CREATE INDEX community_memberships_tenant_idx ON community_memberships (tenant_id, community_id, joined_at);
CREATE INDEX community_memberships_client_idx ON community_memberships (client_id, community_id);

CREATE TABLE community_events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  community_id bigint NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  client_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type         text NOT NULL CHECK (type IN ('join', 'leave')),
  occurred_at  timestamptz NOT NULL
);
CREATE INDEX community_events_tenant_idx ON community_events (tenant_id, community_id, id);
CREATE INDEX community_events_client_idx ON community_events (client_id, id);

CREATE TABLE community_favourites (
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  community_id bigint NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  client_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (community_id, client_id)
);
CREATE INDEX community_favourites_client_idx ON community_favourites (client_id, created_at DESC);

-- One current rating per client and community; replacing it keeps created_at and moves updated_at.
CREATE TABLE community_ratings (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  community_id bigint NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  client_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating       smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment      text,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  UNIQUE (community_id, client_id)
);
CREATE INDEX community_ratings_tenant_idx ON community_ratings (tenant_id, community_id, updated_at);

CREATE TABLE community_issues (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id         bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  community_id      bigint NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  client_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title             text NOT NULL,
  description       text NOT NULL,
  solved            boolean NOT NULL DEFAULT false,
  solved_at         timestamptz,
  solved_by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  last_activity_at  timestamptz NOT NULL,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE INDEX community_issues_tenant_idx ON community_issues (tenant_id, community_id, created_at DESC, id DESC);
CREATE INDEX community_issues_activity_idx ON community_issues (tenant_id, last_activity_at DESC, id DESC);
CREATE INDEX community_issues_client_idx ON community_issues (client_id, tenant_id);
CREATE INDEX community_issues_search_idx ON community_issues
  USING gin ((setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')));

-- Exactly one thread per issue, created with it.
CREATE TABLE community_threads (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  issue_id   bigint NOT NULL UNIQUE REFERENCES community_issues (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX community_threads_tenant_idx ON community_threads (tenant_id, id);

-- A comment is a client's (client_id) or a staff reply (staff_user_id). Deleted comments are kept, hidden.
CREATE TABLE community_comments (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id          bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  community_id       bigint NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  issue_id           bigint NOT NULL REFERENCES community_issues (id) ON DELETE CASCADE,
  thread_id          bigint NOT NULL REFERENCES community_threads (id) ON DELETE CASCADE,
  client_id          bigint REFERENCES users (id) ON DELETE CASCADE,
  staff_user_id      bigint REFERENCES users (id) ON DELETE SET NULL,
  body               text NOT NULL,
  edited_at          timestamptz,
  deleted_at         timestamptz,
  deleted_by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL,
  CHECK (client_id IS NULL OR staff_user_id IS NULL)
);
CREATE INDEX community_comments_thread_idx ON community_comments (tenant_id, thread_id, id);
CREATE INDEX community_comments_tenant_idx ON community_comments (tenant_id, community_id, created_at);
CREATE INDEX community_comments_issue_idx ON community_comments (tenant_id, issue_id) WHERE deleted_at IS NULL;
CREATE INDEX community_comments_client_idx ON community_comments (client_id, tenant_id);
CREATE INDEX community_comments_search_idx ON community_comments USING gin (to_tsvector('english', body));

CREATE TABLE comment_reactions (
  tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  comment_id bigint NOT NULL REFERENCES community_comments (id) ON DELETE CASCADE,
  client_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reaction   text NOT NULL CHECK (reaction IN ('like', 'dislike')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (comment_id, client_id)
);
CREATE INDEX comment_reactions_tenant_idx ON comment_reactions (tenant_id, created_at);

-- Chat messages and chats are searched too (contract §10.5).
CREATE INDEX chat_messages_search_idx ON chat_messages USING gin (to_tsvector('english', coalesce(text_content, '')));
