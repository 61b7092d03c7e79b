-- docs/realtime.md "Stamps and ETags": every raise of an organisation's data version also tells the
-- API instances (the change bus's PostgreSQL channel, `saldopilot_changes`), so the versions they
-- keep in memory are dropped whoever wrote: the API, a job, a migration or an operator. NOTIFY is
-- sent at commit, and identical ones of a transaction are sent once.
CREATE OR REPLACE FUNCTION raise_organisation_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_rows text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  raised integer;
BEGIN
  FOR raised IN EXECUTE format(
    'INSERT INTO organisation_data_versions AS v (organisation_id, table_name, version)
     SELECT DISTINCT changed.organisation_id, %L, 1 FROM (%s) AS changed(organisation_id)
     WHERE changed.organisation_id IS NOT NULL
     ON CONFLICT (organisation_id, table_name) DO UPDATE SET version = v.version + 1
     RETURNING v.organisation_id',
    TG_TABLE_NAME, format(TG_ARGV[0], changed_rows))
  LOOP
    PERFORM pg_notify('saldopilot_changes', json_build_object(
      'origin', 'database', 'seq', 0, 'confirm', false,
      'change', json_build_object('kind', 'versions', 'organisationId', raised))::text);
  END LOOP;
  IF TG_NARGS > 1 THEN
    EXECUTE format(
      'INSERT INTO organisation_row_changes AS c (organisation_id, table_name, row_id, version)
       SELECT changed.organisation_id, %L, changed.row_id, v.version
       FROM (SELECT DISTINCT * FROM (%s) AS pairs(organisation_id, row_id)) AS changed
       JOIN organisation_data_versions v ON v.organisation_id = changed.organisation_id AND v.table_name = %L
       ON CONFLICT (organisation_id, table_name, row_id)
       DO UPDATE SET version = excluded.version, changed_at = excluded.changed_at',
      TG_TABLE_NAME, format(TG_ARGV[1], changed_rows), TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
