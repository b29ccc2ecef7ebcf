-- Surveys (contract §6): the survey with its questions (a jsonb array of §6.1 questions), its audience (clients one
-- by one, communities, subgroups), subgroups of clients, email invitations with a personal link (mail through the
-- outbox, like staff invitations: `mail_id`, no foreign key), responses with their answers (a jsonb object keyed by
-- question id), impressions of the public link and the staff's conclusions.
--
-- Every key between these tables carries the tenant (migration 0010). Columns that may hold a customer (a
-- platform-wide account, tenant_id NULL in users) keep a single-column key into users; staff references are
-- composite.

CREATE TABLE surveys (
  id                       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id                bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  topic                    text NOT NULL,
  description              text,
  context                  text,
  questions                jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(questions) = 'array'),
  status                   text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'closed')),
  allow_anonymous          boolean NOT NULL DEFAULT false,
  allow_multiple_responses boolean NOT NULL DEFAULT false,
  start_day                date,
  end_day                  date,
  public_key               text UNIQUE CHECK (public_key IS NULL OR length(public_key) = 22),
  generated                boolean NOT NULL DEFAULT false,
  generation_id            uuid,
  created_by               bigint,
  published_at             timestamptz,
  closed_at                timestamptz,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL,
  CONSTRAINT surveys_tenant_id_id_key UNIQUE (tenant_id, id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by),
  CHECK (end_day IS NULL OR start_day IS NULL OR end_day >= start_day),
  CHECK ((status = 'draft') = (published_at IS NULL)),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX surveys_tenant_created_idx ON surveys (tenant_id, created_at DESC, id DESC);
-- The sweep that closes surveys at the end of their end_day reads published surveys with an end day.
CREATE INDEX surveys_open_end_idx ON surveys (end_day) WHERE status = 'published' AND end_day IS NOT NULL;
CREATE INDEX surveys_search_idx ON surveys
  USING gin (to_tsvector('english', topic || ' ' || coalesce(description, '')));

-- Clients chosen one by one.
CREATE TABLE survey_audience_clients (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  survey_id bigint NOT NULL,
  client_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, survey_id, client_id),
  FOREIGN KEY (tenant_id, survey_id) REFERENCES surveys (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX survey_audience_clients_client_idx ON survey_audience_clients (client_id, tenant_id);

-- Communities whose current members are all in the audience.
CREATE TABLE survey_audience_communities (
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  survey_id    bigint NOT NULL,
  community_id bigint NOT NULL,
  PRIMARY KEY (tenant_id, survey_id, community_id),
  FOREIGN KEY (tenant_id, survey_id) REFERENCES surveys (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, community_id) REFERENCES communities (tenant_id, id) ON DELETE CASCADE
);

-- Named groups of clients of one survey: an audience and a filter of the results.
CREATE TABLE survey_subgroups (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  survey_id   bigint NOT NULL,
  name        text NOT NULL,
  description text,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  CONSTRAINT survey_subgroups_tenant_id_id_key UNIQUE (tenant_id, id),
  FOREIGN KEY (tenant_id, survey_id) REFERENCES surveys (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX survey_subgroups_name_key ON survey_subgroups (tenant_id, survey_id, lower(name));

CREATE TABLE survey_subgroup_clients (
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  subgroup_id bigint NOT NULL,
  client_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, subgroup_id, client_id),
  FOREIGN KEY (tenant_id, subgroup_id) REFERENCES survey_subgroups (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX survey_subgroup_clients_client_idx ON survey_subgroup_clients (tenant_id, client_id);

-- Subgroups used as audience (`subgroup_ids` of the survey).
CREATE TABLE survey_audience_subgroups (
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  survey_id   bigint NOT NULL,
  subgroup_id bigint NOT NULL,
  PRIMARY KEY (tenant_id, survey_id, subgroup_id),
  FOREIGN KEY (tenant_id, survey_id) REFERENCES surveys (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, subgroup_id) REFERENCES survey_subgroups (tenant_id, id) ON DELETE CASCADE
);

-- One invitation per address and survey (compared case-insensitively). Its delivery status is its mail's in the
-- outbox (queued, sent, failed); `responded_at` marks the answer given through its link.
CREATE TABLE survey_invitations (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  survey_id    bigint NOT NULL,
  email        text NOT NULL,
  client_id    bigint REFERENCES users (id) ON DELETE SET NULL,
  token_hash   text NOT NULL UNIQUE,
  mail_id      bigint,
  responded_at timestamptz,
  created_at   timestamptz NOT NULL,
  CONSTRAINT survey_invitations_tenant_id_id_key UNIQUE (tenant_id, id),
  FOREIGN KEY (tenant_id, survey_id) REFERENCES surveys (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX survey_invitations_email_key ON survey_invitations (tenant_id, survey_id, lower(email));

-- Answers keyed by question id. `single` is the survey's "one response per respondent" at the time of answering:
-- the partial unique keys below make a second response of the same client, invitation or browser key fail, even
-- when two arrive at once. `via` tells the public link from the API (the completion rate counts the former).
CREATE TABLE survey_responses (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id       bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  survey_id       bigint NOT NULL,
  client_id       bigint REFERENCES users (id) ON DELETE SET NULL,
  invitation_id   bigint,
  respondent_type text NOT NULL CHECK (respondent_type IN ('client', 'invitee', 'anonymous')),
  respondent_email text,
  respondent_name text,
  respondent_key  text,
  answers         jsonb NOT NULL CHECK (jsonb_typeof(answers) = 'object'),
  via             text NOT NULL CHECK (via IN ('api', 'public')),
  single          boolean NOT NULL,
  submitted_at    timestamptz NOT NULL,
  created_at      timestamptz NOT NULL,
  CONSTRAINT survey_responses_tenant_id_id_key UNIQUE (tenant_id, id),
  FOREIGN KEY (tenant_id, survey_id) REFERENCES surveys (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, invitation_id) REFERENCES survey_invitations (tenant_id, id) ON DELETE SET NULL (invitation_id)
);
CREATE INDEX survey_responses_survey_idx ON survey_responses (tenant_id, survey_id, submitted_at DESC, id DESC);
CREATE INDEX survey_responses_client_idx ON survey_responses (client_id, tenant_id);
CREATE UNIQUE INDEX survey_responses_client_key ON survey_responses (tenant_id, survey_id, client_id)
  WHERE single AND client_id IS NOT NULL;
CREATE UNIQUE INDEX survey_responses_invitation_key ON survey_responses (tenant_id, survey_id, invitation_id)
  WHERE single AND invitation_id IS NOT NULL;
CREATE UNIQUE INDEX survey_responses_respondent_key ON survey_responses (tenant_id, survey_id, respondent_key)
  WHERE single AND respondent_key IS NOT NULL;

-- Each successful GET of the public survey (reloads too): the denominator of the completion rate.
CREATE TABLE survey_impressions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  survey_id   bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  FOREIGN KEY (tenant_id, survey_id) REFERENCES surveys (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX survey_impressions_survey_idx ON survey_impressions (tenant_id, survey_id, occurred_at);

-- Staff conclusions (the survey report).
CREATE TABLE survey_conclusions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  survey_id   bigint NOT NULL,
  conclusion  text NOT NULL,
  success     boolean NOT NULL,
  reporter_id bigint,
  created_at  timestamptz NOT NULL,
  FOREIGN KEY (tenant_id, survey_id) REFERENCES surveys (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, reporter_id) REFERENCES users (tenant_id, id) ON DELETE SET NULL (reporter_id)
);
CREATE INDEX survey_conclusions_survey_idx ON survey_conclusions (tenant_id, survey_id, created_at);

-- New responses notify the survey's creator with one unread notification per survey whose count rises (contract
-- §13.3): at most one unread `survey.response` notification per recipient and survey, raised by an upsert.
CREATE UNIQUE INDEX notifications_survey_response_unread_key ON notifications (tenant_id, user_id, (data ->> 'survey_id'))
  WHERE type = 'survey.response' AND read_at IS NULL;
