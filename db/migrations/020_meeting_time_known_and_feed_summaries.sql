-- An upload asks for a day and, optionally, a start time: without one the stored time (local midday) is made up, and
-- the calendar and the iCalendar feed must not show it. Uploads made before this column had no time.
alter table meetings add column time_known boolean not null default true;
update meetings set time_known = false where type = 'Uploaded';

-- Whether the user's calendar feed carries each meeting's summary (off unless the user turns it on: anyone with the
-- feed's link reads what it holds).
alter table users add column calendar_feed_summaries boolean not null default false;
