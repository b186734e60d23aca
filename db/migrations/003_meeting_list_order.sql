-- Meeting lists are read newest first and paged by (date, id): these indexes serve that order
-- directly, for all of a user's meetings and for one client's, so a page costs the same at any depth.
create index meetings_user_date_id_idx on meetings (user_id, date desc, id desc);
create index meetings_client_date_id_idx on meetings (client_id, date desc, id desc);
drop index if exists meetings_user_date_idx;
drop index if exists meetings_client_idx;
