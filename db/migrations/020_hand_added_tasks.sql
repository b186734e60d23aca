-- Tasks the advisor adds by hand (POST /api/action-items), to a meeting or to a client alone. A client's task has no
-- meeting, so meeting_id becomes optional and client_id names the client instead (exactly one of the two is set; a
-- meeting's task finds its client through the meeting). `by_hand` rows are the advisor's: a summary made again never
-- removes them. `draft_task` keeps the summary's own wording of a task whose text the advisor changed, so a summary
-- made again still recognises the task (and keeps the advisor's wording).
alter table action_items alter column meeting_id drop not null;
alter table action_items add column client_id bigint references clients (id) on delete cascade;
alter table action_items add column by_hand boolean not null default false;
alter table action_items add column draft_task text;
alter table action_items add constraint action_items_meeting_or_client
  check ((meeting_id is null) <> (client_id is null));
create index action_items_client_idx on action_items (client_id) where client_id is not null;
