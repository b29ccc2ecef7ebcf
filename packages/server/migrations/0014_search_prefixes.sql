-- Search as you type (contract §10.5): the last word typed also matches the words it starts. Searchable text is
-- kept as a stored document of two readings, English (stems, stop words left out) and `simple` (the words as
-- written, so that a word's start finds it even when longer than its stem: "shipp" finds "shipping"), with a GIN
-- index on it. Stored, the document is neither parsed again to match rows nor to rank them
-- (features/search/search.queries.ts). These replace the English-only expression indexes of 0008.

ALTER TABLE communities ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
  to_tsvector('english', name || ' ' || coalesce(description, ''))
  || to_tsvector('simple', name || ' ' || coalesce(description, ''))
) STORED;
DROP INDEX IF EXISTS communities_search_idx;
CREATE INDEX communities_search_idx ON communities USING gin (search_document);

-- Title words weigh more than the description's.
ALTER TABLE community_issues ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', title) || to_tsvector('simple', title), 'A')
  || setweight(to_tsvector('english', description) || to_tsvector('simple', description), 'B')
) STORED;
DROP INDEX IF EXISTS community_issues_search_idx;
CREATE INDEX community_issues_search_idx ON community_issues USING gin (search_document);

ALTER TABLE community_comments ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
  to_tsvector('english', body) || to_tsvector('simple', body)
) STORED;
DROP INDEX IF EXISTS community_comments_search_idx;
CREATE INDEX community_comments_search_idx ON community_comments USING gin (search_document);

ALTER TABLE chat_messages ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
  to_tsvector('english', coalesce(text_content, '')) || to_tsvector('simple', coalesce(text_content, ''))
) STORED;
DROP INDEX IF EXISTS chat_messages_search_idx;
CREATE INDEX chat_messages_search_idx ON chat_messages USING gin (search_document);

-- Community issues are also found by the names of the customer who raised them. Customers are platform-wide
-- accounts; the search looks them up here, then joins them to the tenant's issues.
CREATE INDEX users_client_names_search_idx ON users
  USING gin (to_tsvector('simple', first_name || ' ' || last_name || ' ' || username))
  WHERE user_type = 'client' AND deleted_at IS NULL;
