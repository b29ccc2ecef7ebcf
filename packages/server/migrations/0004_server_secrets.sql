-- Keys the server generates once and every process shares (for example the key that signs media links).
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
