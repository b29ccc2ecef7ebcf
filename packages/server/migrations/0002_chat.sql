-- Conversations: categories and topics, chats, messages (text and voice), and reporting events.

CREATE TABLE chat_categories (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name        text NOT NULL,
  description text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chat_categories_name_key ON chat_categories (tenant_id, lower(name));

CREATE TABLE chat_topics (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  category_id bigint REFERENCES chat_categories (id) ON DELETE SET NULL,
  name        text NOT NULL,
  description text,
  keywords    jsonb NOT NULL DEFAULT '[]'::jsonb,
  is_active   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chat_topics_name_key ON chat_topics (tenant_id, lower(name));
CREATE INDEX chat_topics_category_idx ON chat_topics (tenant_id, category_id);

-- A chat belongs to a client (platform account) or a visitor (widget or social contact) of one tenant.
CREATE TABLE chats (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id              bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  client_id              bigint REFERENCES users (id) ON DELETE SET NULL,
  visitor_id             bigint REFERENCES anonymous_users (id) ON DELETE SET NULL,
  channel                text NOT NULL CHECK (channel IN ('mobile', 'website', 'facebook', 'instagram', 'whatsapp', 'email')),
  status                 text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'pending', 'resolved')),
  assignee_id            bigint REFERENCES users (id) ON DELETE SET NULL,
  topic_id               bigint REFERENCES chat_topics (id) ON DELETE SET NULL,
  escalated              boolean NOT NULL DEFAULT false,
  escalated_at           timestamptz,
  escalation_reason      text,
  iva_enabled            boolean NOT NULL DEFAULT true,
  satisfaction_rating    smallint CHECK (satisfaction_rating BETWEEN 1 AND 5),
  satisfaction_comment   text,
  rated_at               timestamptz,
  first_rated_at         timestamptz,
  last_message_id        bigint,
  last_message_at        timestamptz,
  first_response_at      timestamptz,
  resolved_at            timestamptz,
  reopened_count         integer NOT NULL DEFAULT 0,
  client_read_message_id bigint,
  client_read_at         timestamptz,
  tenant_read_message_id bigint,
  tenant_read_at         timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
-- At most one chat that is not resolved per owner, tenant and channel.
CREATE UNIQUE INDEX chats_open_client_key ON chats (tenant_id, client_id, channel) WHERE status <> 'resolved' AND client_id IS NOT NULL;
CREATE UNIQUE INDEX chats_open_visitor_key ON chats (tenant_id, visitor_id, channel) WHERE status <> 'resolved' AND visitor_id IS NOT NULL;
CREATE INDEX chats_tenant_last_message_idx ON chats (tenant_id, last_message_at DESC NULLS LAST, id DESC);
CREATE INDEX chats_tenant_created_idx ON chats (tenant_id, created_at DESC, id DESC);
CREATE INDEX chats_tenant_status_idx ON chats (tenant_id, status, assignee_id);
CREATE INDEX chats_client_idx ON chats (client_id, tenant_id) WHERE client_id IS NOT NULL;
CREATE INDEX chats_visitor_idx ON chats (visitor_id) WHERE visitor_id IS NOT NULL;

CREATE TABLE chat_messages (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id         bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  chat_id           bigint NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  message_sender    text NOT NULL CHECK (message_sender IN ('client', 'tenant', 'tenant_iva')),
  sender_kind       text NOT NULL CHECK (sender_kind IN ('client', 'visitor', 'staff', 'assistant', 'external')),
  sender_user_id    bigint REFERENCES users (id) ON DELETE SET NULL,
  sender_visitor_id bigint REFERENCES anonymous_users (id) ON DELETE SET NULL,
  text_content      text,
  voice_key         text,
  voice_mime_type   text,
  voice_size_bytes  bigint,
  voice_duration_ms integer,
  voice_transcript  text,
  topic_id          bigint REFERENCES chat_topics (id) ON DELETE SET NULL,
  topic_name        text,
  escalated         boolean NOT NULL DEFAULT false,
  client_message_id text,
  external_id       text,
  delivery_status   text CHECK (delivery_status IN ('queued', 'sent', 'delivered', 'read', 'failed')),
  delivery_error    text,
  sent_at           timestamptz NOT NULL DEFAULT now(),
  deleted_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_chat_idx ON chat_messages (tenant_id, chat_id, id);
CREATE INDEX chat_messages_sent_idx ON chat_messages (tenant_id, sent_at);
CREATE UNIQUE INDEX chat_messages_client_id_key ON chat_messages (chat_id, client_message_id) WHERE client_message_id IS NOT NULL;

-- Reporting events written as the chat happens, so analytics read facts instead of re-deriving history.
-- kind: created | first_response | reply | resolved | reopened | escalated | rated | assigned
CREATE TABLE chat_events (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id     bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  chat_id       bigint NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  kind          text NOT NULL,
  actor_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  message_id    bigint,
  -- For first_response and reply: seconds the customer waited since their oldest unanswered message.
  wait_seconds  numeric(12, 3),
  detail        jsonb,
  occurred_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_events_tenant_kind_idx ON chat_events (tenant_id, kind, occurred_at);
CREATE INDEX chat_events_chat_idx ON chat_events (tenant_id, chat_id, occurred_at);
