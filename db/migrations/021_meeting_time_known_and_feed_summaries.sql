-- An upload asks for a day and, optionally, a start time: without one the stored time (local midday) is made up, and
-- the calendar and the iCalendar feed must not show it. The upload writes true or false; null (every row written
-- before, or by anything else) reads as before this column: a type "Uploaded" meeting has no time, any other has.
alter table meetings add column time_known boolean;

-- Whether the user's calendar feed carries each meeting's summary (off unless the user turns it on: anyone with the
-- feed's link reads what it holds).
alter table users add column calendar_feed_summaries boolean not null default false;
