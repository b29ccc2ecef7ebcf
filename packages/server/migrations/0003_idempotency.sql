-- Idempotency keys (contract §1.10): the first response to a key is kept for 24 hours and replayed to retries.
CREATE TABLE idempotency_keys (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  caller           text NOT NULL,
  route            text NOT NULL,
  key              text NOT NULL,
  request_hash     text NOT NULL,
  status_code      integer,
  response_body    text,
  response_type    text,
  response_location text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  UNIQUE (caller, route, key)
);
CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at);
