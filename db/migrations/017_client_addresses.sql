-- A client keeps a list of contact addresses instead of one optional address: follow-ups go only to these (and the
-- advisor's own address). Existing addresses become one-item lists; the single column goes.
alter table clients add column emails text[] not null default '{}';
update clients set emails = array[btrim(email)] where email is not null and btrim(email) <> '';
alter table clients drop column email;
