-- Tenants, accounts, sessions, invitations, platform mail and tenant records (products, address, metadata).

CREATE TABLE tenants (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                  text NOT NULL,
  industry              text NOT NULL,
  email                 text NOT NULL,
  phonenumber           text,
  status                text NOT NULL DEFAULT 'pending_admin' CHECK (status IN ('pending_admin', 'active', 'suspended')),
  plan                  text NOT NULL DEFAULT 'basic' CHECK (plan IN ('basic', 'professional', 'business')),
  subscription_status   text CHECK (subscription_status IN ('trialing', 'active', 'expired', 'canceled')),
  trial_started_at      timestamptz,
  trial_ends_at         timestamptz,
  current_period_end    timestamptz,
  timezone              text NOT NULL DEFAULT 'UTC',
  onboarding_token_hash text,
  onboarding_expires_at timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tenants_name_key ON tenants (lower(name));
CREATE INDEX tenants_pending_idx ON tenants (created_at) WHERE status = 'pending_admin';

CREATE TABLE tenant_settings (
  tenant_id              bigint PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  business_hours         jsonb NOT NULL,
  locale                 text NOT NULL DEFAULT 'en',
  currency               text NOT NULL DEFAULT 'USD',
  chat_visibility        text NOT NULL DEFAULT 'all' CHECK (chat_visibility IN ('all', 'assigned')),
  auto_assign            text NOT NULL DEFAULT 'none' CHECK (auto_assign IN ('none', 'round_robin')),
  csat_enabled           boolean NOT NULL DEFAULT true,
  iva_enabled            boolean NOT NULL DEFAULT false,
  ai_external_processing boolean NOT NULL DEFAULT true,
  widget_key             text NOT NULL UNIQUE,
  widget_enabled         boolean NOT NULL DEFAULT true,
  widget_allowed_origins jsonb NOT NULL DEFAULT '[]'::jsonb,
  widget_greeting        text,
  widget_offline_message text,
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- Accounts: staff belong to exactly one tenant; clients (customers) to none.
CREATE TABLE users (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id           bigint REFERENCES tenants (id) ON DELETE CASCADE,
  user_type           text NOT NULL CHECK (user_type IN ('admin', 'employee', 'client')),
  username            text NOT NULL,
  email               text NOT NULL,
  password_hash       text,
  first_name          text NOT NULL,
  last_name           text NOT NULL,
  phonenumber         text,
  gender              text CHECK (gender IN ('Male', 'Female', 'Other')),
  dob                 date,
  profile_photo       text,
  country             text,
  state               text,
  city                text,
  postal_code         text,
  email_verified      boolean NOT NULL DEFAULT false,
  is_active           boolean NOT NULL DEFAULT true,
  google_sub          text UNIQUE,
  notification_prefs  jsonb NOT NULL DEFAULT '{"email_escalations": true}'::jsonb,
  failed_signins      integer NOT NULL DEFAULT 0,
  first_failed_at     timestamptz,
  locked_until        timestamptz,
  last_login_at       timestamptz,
  deleted_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_type = 'client') = (tenant_id IS NULL))
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_tenant_idx ON users (tenant_id, user_type) WHERE tenant_id IS NOT NULL;

-- Anonymous widget visitors and social contacts of one tenant.
CREATE TABLE anonymous_users (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name         text,
  contact      text,
  channel      text NOT NULL DEFAULT 'website',
  page_url     text,
  last_seen_at timestamptz,
  erased_at    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX anonymous_users_tenant_idx ON anonymous_users (tenant_id, created_at DESC);

-- Session tokens: only a SHA-256 hash is stored.
CREATE TABLE auth_tokens (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash        text NOT NULL UNIQUE,
  user_id           bigint REFERENCES users (id) ON DELETE CASCADE,
  anonymous_user_id bigint REFERENCES anonymous_users (id) ON DELETE CASCADE,
  tenant_id         bigint REFERENCES tenants (id) ON DELETE CASCADE,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  last_used_at      timestamptz,
  revoked_at        timestamptz,
  CHECK ((user_id IS NULL) <> (anonymous_user_id IS NULL))
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX auth_tokens_visitor_idx ON auth_tokens (anonymous_user_id) WHERE anonymous_user_id IS NOT NULL;

-- Single-use links: account activation, password reset, Google hand-off.
CREATE TABLE one_time_tokens (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind       text NOT NULL CHECK (kind IN ('activation', 'reset', 'handoff')),
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id, kind);

CREATE TABLE invitations (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  email       text NOT NULL,
  user_type   text NOT NULL CHECK (user_type IN ('admin', 'employee')),
  first_name  text,
  last_name   text,
  message     text,
  token_hash  text NOT NULL UNIQUE,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked')),
  invited_by  bigint NOT NULL REFERENCES users (id),
  expires_at  timestamptz NOT NULL,
  accepted_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX invitations_pending_key ON invitations (tenant_id, lower(email)) WHERE status = 'pending';
CREATE INDEX invitations_tenant_idx ON invitations (tenant_id, created_at DESC);

-- Every mail is written here in the same transaction as the change that causes it; a worker sends it.
CREATE TABLE outbox_mail (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id       bigint REFERENCES tenants (id) ON DELETE CASCADE,
  kind            text NOT NULL,
  to_address      text NOT NULL,
  subject         text NOT NULL,
  text_body       text,
  html_body       text,
  reply_to        text,
  from_name       text,
  hold_for_user   bigint REFERENCES users (id) ON DELETE CASCADE,
  status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'retrying', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX outbox_mail_due_idx ON outbox_mail (next_attempt_at) WHERE status IN ('queued', 'retrying');
CREATE INDEX outbox_mail_tenant_idx ON outbox_mail (tenant_id, created_at DESC);

CREATE TABLE worker_heartbeats (
  name    text PRIMARY KEY,
  beat_at timestamptz NOT NULL
);

-- Each tenant starts with one community; the community feature extends this table.
CREATE TABLE communities (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name        text NOT NULL,
  description text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX communities_name_key ON communities (tenant_id, lower(name));

CREATE TABLE products (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name        text NOT NULL,
  description text,
  price       numeric(9, 2) NOT NULL CHECK (price >= 0),
  currency    text NOT NULL,
  is_active   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX products_name_key ON products (tenant_id, lower(name));
CREATE INDEX products_tenant_created_idx ON products (tenant_id, created_at DESC, id DESC);

CREATE TABLE addresses (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id          bigint NOT NULL UNIQUE REFERENCES tenants (id) ON DELETE CASCADE,
  billing_details_id text,
  city               text NOT NULL,
  country            text NOT NULL,
  postal_code        text,
  state              text,
  payment_number     text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenant_metadata (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  key        text NOT NULL,
  value      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, key)
);
