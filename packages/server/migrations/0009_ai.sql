-- AI helpers (contract §10, §6.5): generated survey questions, kept so that a survey created from them can name its
-- generation (`generation_id`); and each tenant's AI requests per calendar month in the tenant's time zone, counted
-- against the plan's `ai_requests_per_month` (one row per tenant and month, raised by one atomic upsert).

CREATE TABLE ai_generations (
  id          uuid PRIMARY KEY,
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id     bigint REFERENCES users (id) ON DELETE SET NULL,
  kind        text NOT NULL CHECK (kind IN ('survey_questions')),
  topic       text NOT NULL,
  questions   jsonb NOT NULL,
  provider    text NOT NULL CHECK (provider IN ('local', 'openai')),
  model       text NOT NULL,
  fallback    boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL
);
CREATE INDEX ai_generations_tenant_idx ON ai_generations (tenant_id, created_at);

CREATE TABLE ai_usage (
  tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  month      text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
  requests   integer NOT NULL DEFAULT 0 CHECK (requests >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, month)
);
