-- A summary's key points, action items and next meeting become jsonb of one shape, decoded and encoded in one place
-- (db/src/queries/summaries.ts): key_points a list of strings, action_items a list of {task, assignee},
-- next_meeting {date, topics} or null. Until now they were JSON text parsed in three packages, and next_meeting could
-- also be legacy plain text with a "Date:" line and a "Topics:" line. Every stored value is converted here, the
-- legacy text included; a value that is not readable becomes an empty list (or no next meeting) instead of failing
-- the migration. The list copies of migration 004 are recomputed from the converted action items.

create function cm_009_json(value text) returns jsonb language plpgsql immutable as $$
begin
  return value::jsonb;
exception when others then
  return null;
end $$;

-- A JSON list (its scalars as text), another JSON value as a one-item list, otherwise one point a line with its
-- bullet removed.
create function cm_009_key_points(value text) returns jsonb language plpgsql immutable as $$
declare
  parsed jsonb := cm_009_json(value);
begin
  if value is null or value = '' then
    return '[]';
  end if;
  if parsed is null then
    return coalesce((
      select jsonb_agg(point order by n)
      from (
        select btrim(regexp_replace(line, '^[-*•]\s*', ''), E' \t\r\n\f\v') as point, n
        from regexp_split_to_table(value, E'\n') with ordinality as lines(line, n)
      ) points
      where point <> ''), '[]');
  end if;
  if jsonb_typeof(parsed) = 'array' then
    return coalesce((
      select jsonb_agg(to_jsonb(element #>> '{}') order by n)
      from jsonb_array_elements(parsed) with ordinality as elements(element, n)
      where jsonb_typeof(element) <> 'null'), '[]');
  end if;
  if jsonb_typeof(parsed) = 'null' then
    return '[]';
  end if;
  return jsonb_build_array(parsed #>> '{}');
end $$;

-- The entries of a JSON list that have a text task; an assignee that is not text becomes "".
create function cm_009_action_items(value text) returns jsonb language plpgsql immutable as $$
declare
  parsed jsonb := cm_009_json(value);
begin
  if parsed is null or jsonb_typeof(parsed) <> 'array' then
    return '[]';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
        'task', item ->> 'task',
        'assignee', case when jsonb_typeof(item -> 'assignee') = 'string' then item ->> 'assignee' else '' end)
      order by n)
    from jsonb_array_elements(parsed) with ordinality as items(item, n)
    where jsonb_typeof(item) = 'object' and jsonb_typeof(item -> 'task') = 'string'), '[]');
end $$;

-- A JSON object {date, topics}, or the legacy text: a "Date:" line and a "Topics:" line (topics split at , and ;).
create function cm_009_next_meeting(value text) returns jsonb language plpgsql immutable as $$
declare
  parsed jsonb := cm_009_json(value);
  found_date text;
  topics_line text;
  topics jsonb;
begin
  if value is null or btrim(value, E' \t\r\n\f\v') = '' then
    return null;
  end if;
  if parsed is not null and jsonb_typeof(parsed) = 'object' then
    return jsonb_build_object(
      'date', case when jsonb_typeof(parsed -> 'date') in ('string', 'number') then nullif(parsed ->> 'date', '') end,
      'topics', case jsonb_typeof(parsed -> 'topics')
        when 'array' then coalesce((
          select jsonb_agg(to_jsonb(topic #>> '{}') order by n)
          from jsonb_array_elements(parsed -> 'topics') with ordinality as items(topic, n)
          where jsonb_typeof(topic) in ('string', 'number')), '[]')
        when 'string' then case when parsed ->> 'topics' = '' then '[]' else jsonb_build_array(parsed ->> 'topics') end
        when 'number' then jsonb_build_array(parsed ->> 'topics')
        else '[]' end);
  end if;
  -- Flags: i case-insensitive, n newline-sensitive (^ and $ at line ends, . never crosses a line).
  found_date := nullif(btrim((regexp_match(value, '^[ \t]*date:[ \t]*(.+)$', 'in'))[1], E' \t\r\f\v'), '');
  topics_line := btrim((regexp_match(value, '^[ \t]*topics:[ \t]*(.+)$', 'in'))[1], E' \t\r\f\v');
  topics := coalesce((
    select jsonb_agg(topic order by n)
    from regexp_split_to_table(coalesce(topics_line, ''), '[,;]\s*') with ordinality as parts(topic, n)
    where topic <> ''), '[]');
  if found_date is null and jsonb_array_length(topics) = 0 then
    return null;
  end if;
  return jsonb_build_object('date', found_date, 'topics', topics);
end $$;

alter table summaries
  alter column key_points type jsonb using cm_009_key_points(key_points),
  alter column action_items type jsonb using cm_009_action_items(action_items),
  alter column next_meeting type jsonb using cm_009_next_meeting(next_meeting);

alter table summaries
  add constraint summaries_key_points_list check (jsonb_typeof(key_points) = 'array'),
  add constraint summaries_action_items_list check (jsonb_typeof(action_items) = 'array'),
  add constraint summaries_next_meeting_object check (next_meeting is null or jsonb_typeof(next_meeting) = 'object');

update summaries set
  first_action_items = jsonb_path_query_array(action_items, '$[0 to 2]'),
  action_item_count = jsonb_array_length(action_items);

drop function cm_009_next_meeting(text);
drop function cm_009_action_items(text);
drop function cm_009_key_points(text);
drop function cm_009_json(text);
