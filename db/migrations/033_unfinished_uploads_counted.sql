-- Issue 37: an unfinished resumable upload counts against its account's storage. A declared length is reserved at
-- creation; a deferred one reserves its bytes as they come, in steps taken under the account's admission lock
-- (upload-quotas.ts), so uploads sent at once in any processes count each other. The count of an open upload is the
-- greatest of its declared length, its bytes received and this reservation; a request that ends hands back what it
-- reserved beyond the bytes it wrote.
alter table resumable_uploads
  add column reserved_bytes bigint not null default 0 check (reserved_bytes >= 0),
  -- Which process checks the complete file ("host/web-2"): the same process, restarted, frees the checks its
  -- previous life left at once instead of after the claim's time runs out.
  add column checking_by text;

create index resumable_uploads_open_by_user on resumable_uploads (user_id)
  where meeting_id is null and failure_status is null;
