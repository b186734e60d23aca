-- Issue 30: several app processes on one database. The request appending to a resumable upload's partial file holds
-- the upload here, so a newer request in another process (a browser resuming after a drop the server has not seen
-- yet) can take over: it marks the upload wanted, the writer sees that at its next renewal, stops, counts what it
-- wrote and lets go. A writer whose process died loses the upload when its lease runs out.
alter table resumable_uploads
  -- A random token of the request appending now; null while none is.
  add column writer text,
  add column writer_until timestamptz,
  -- A newer request waits for the writer to let go.
  add column writer_wanted boolean not null default false;

-- Which data folder the upload's partial file grows in (its `partial-uploads/folder-id`): a request reaching a server
-- with another data folder is refused (503) rather than taken for bytes lost and sent back to the start. Null for
-- uploads made before: their folder is taken to be the one asked.
alter table resumable_uploads add column partial_folder text;
