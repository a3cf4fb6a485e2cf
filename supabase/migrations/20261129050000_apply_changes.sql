-- Batch push (issue 23): a device that comes back online sends its queued row writes many at a time
-- instead of one request each. apply_changes runs a list of inserts and updates, in order, in one
-- transaction, as the caller (security invoker): the same grants, row-level security, column
-- privileges, constraints and triggers as the one-row writes through the REST API, so it allows
-- nothing those do not. Each write is idempotent: an insert that finds its id taken changes nothing
-- and runs no rule (a replay), an update sets the same values again. Any failure undoes
-- the whole list; the device then sends those changes one at a time, each getting its own answer.

create function public.apply_changes(changes jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_change jsonb;
  v_op text;
  v_table text;
  v_values jsonb;
  v_columns text;
  v_assignments text;
  v_count int;
  v_exists boolean;
  v_counts jsonb := '[]'::jsonb;
begin
  if changes is null or jsonb_typeof(changes) <> 'array' then
    raise exception using errcode = '22023', message = 'The changes must be a list';
  end if;
  if jsonb_array_length(changes) > 200 then
    raise exception using errcode = '22023', message = 'At most 200 changes can be sent at once';
  end if;
  for v_change in select c.value from jsonb_array_elements(changes) c loop
    if jsonb_typeof(v_change) <> 'object' then
      raise exception using errcode = '22023', message = 'Each change must be an object';
    end if;
    v_op := v_change ->> 'op';
    v_table := v_change ->> 'table';
    v_values := v_change -> 'values';
    if v_op is null or v_op not in ('insert', 'update') then
      raise exception using errcode = '22023', message = 'A change is an insert or an update';
    end if;
    -- A table of this schema with an id column: a view, another schema or a made-up name is refused.
    if v_table is null or not exists (
      select 1 from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped
      where n.nspname = 'public' and c.relname = v_table and c.relkind = 'r') then
      raise exception using errcode = '22023', message = format('There is no table %s', coalesce(v_table, '(none)'));
    end if;
    if v_values is null or jsonb_typeof(v_values) <> 'object' or v_values = '{}'::jsonb then
      raise exception using errcode = '22023', message = 'A change needs the values it writes';
    end if;
    -- Column names are quoted identifiers: a name that is not a column of the table is an error
    -- (42703), never SQL; the values are typed by the table's own row type.
    if v_op = 'insert' then
      if jsonb_typeof(v_values -> 'id') is distinct from 'string' then
        raise exception using errcode = '22023', message = 'An insert needs the id of its row';
      end if;
      -- A row already there is a replay: nothing to do, and no insert rule runs again. (A batch
      -- whose answer was lost is sent again whole, and a later change of it may have changed
      -- what an insert rule checks: the list an item went into, deleted after it.)
      execute format('select exists (select 1 from public.%1$I t where t.id = (pg_catalog.jsonb_populate_record(null::public.%1$I, $1)).id)',
        v_table) into v_exists using v_values;
      if v_exists then
        v_counts := v_counts || to_jsonb(0);
        continue;
      end if;
      select string_agg(format('%I', k), ', ' order by k) into v_columns from jsonb_object_keys(v_values) k;
      execute format(
        'insert into public.%1$I (%2$s) select %2$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $1) on conflict (id) do nothing',
        v_table, v_columns) using v_values;
    else
      if jsonb_typeof(v_change -> 'id') is distinct from 'string' then
        raise exception using errcode = '22023', message = 'An update needs the id of its row';
      end if;
      select string_agg(format('%1$I = r.%1$I', k), ', ' order by k) into v_assignments
      from jsonb_object_keys(v_values) k;
      execute format(
        'update public.%1$I t set %2$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $1) r '
        || 'where t.id = (pg_catalog.jsonb_populate_record(null::public.%1$I, $2)).id',
        v_table, v_assignments) using v_values, jsonb_build_object('id', v_change -> 'id');
    end if;
    get diagnostics v_count = row_count;
    v_counts := v_counts || to_jsonb(v_count);
  end loop;
  return v_counts;
end
$$;
comment on function public.apply_changes(jsonb) is
  'Queued row writes of one device, in order and in one transaction, as the caller (RLS applies): [{op, table, id?, values}] -> rows written per change.';

revoke execute on function public.apply_changes(jsonb) from public, anon;
grant execute on function public.apply_changes(jsonb) to authenticated, service_role;
