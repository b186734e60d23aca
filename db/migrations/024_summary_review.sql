-- The advisor edits and reviews a meeting's notes (issue 21). `edited_parts` names the summary's parts the advisor
-- changed by hand ("executiveSummary", "keyPoints", "decisions", "actionItems", "nextMeeting"): a summary drafted
-- again ("Transcribe again", a retry) keeps them and fills only the others. `redrafted_parts` names the parts the
-- latest new draft changed, so the page can say so. `reviewed_at`/`reviewed_by` (the account's name then) are set
-- when the advisor marks the notes reviewed and cleared by any later edit or a draft that changes something.
alter table summaries add column edited_parts text[] not null default '{}';
alter table summaries add column redrafted_parts text[] not null default '{}';
alter table summaries add column reviewed_at timestamptz;
alter table summaries add column reviewed_by text;
