-- Issue 38, "only what is sure": a task the notes engine is not sure of (its fitted confidence below the threshold)
-- is no action item; it is kept apart as a possible action item, shown collapsed on the meeting's page and added
-- with one click through POST /api/action-items (which counts it against the account's limits then). A list of
-- {task, assignee, dueDate?, source?} like action_items; part of the summary's row, so the storage quota counts it
-- with the row (migration 032).
alter table summaries add column possible_action_items jsonb not null default '[]'::jsonb;
