-- The comments of a tenant by time, without the deleted ones, with what the comment metrics read of them
-- (uniquecomments, commentsuserrelation, cumulativecomments): a window's comments across all of a tenant's
-- communities are a range of this index instead of a scan of every tenant's comments.
CREATE INDEX community_comments_created_idx ON community_comments (tenant_id, created_at)
  INCLUDE (client_id, thread_id, community_id) WHERE deleted_at IS NULL;
