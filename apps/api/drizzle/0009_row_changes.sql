CREATE TABLE "organisation_row_changes" (
	"organisation_id" integer NOT NULL,
	"table_name" varchar(63) NOT NULL,
	"row_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_row_changes_organisation_id_table_name_row_id_pk" PRIMARY KEY("organisation_id","table_name","row_id")
);
--> statement-breakpoint
ALTER TABLE "organisation_data_versions" ADD COLUMN "pruned_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "organisation_row_changes_version_idx" ON "organisation_row_changes" USING btree ("organisation_id","table_name","version");--> statement-breakpoint
CREATE INDEX "organisation_row_changes_changed_at_idx" ON "organisation_row_changes" USING btree ("changed_at");
--> statement-breakpoint
-- As in 0006, and when TG_ARGV[1] names the changed rows' (organisation, row id) pairs, records
-- them in organisation_row_changes under the version this statement just set: the forecast then
-- reloads only those rows (docs/forecast.md "After a write"). The version row stays locked until
-- the transaction commits, so no other write of the table can take a version in between.
CREATE OR REPLACE FUNCTION raise_organisation_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_rows text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
BEGIN
  EXECUTE format(
    'INSERT INTO organisation_data_versions AS v (organisation_id, table_name, version)
     SELECT DISTINCT changed.organisation_id, %L, 1 FROM (%s) AS changed(organisation_id)
     WHERE changed.organisation_id IS NOT NULL
     ON CONFLICT (organisation_id, table_name) DO UPDATE SET version = v.version + 1',
    TG_TABLE_NAME, format(TG_ARGV[0], changed_rows));
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
--> statement-breakpoint
DROP TRIGGER transactions_insert_data_version ON transactions;
--> statement-breakpoint
DROP TRIGGER transactions_update_data_version ON transactions;
--> statement-breakpoint
DROP TRIGGER transactions_delete_data_version ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_insert_data_version AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER transactions_update_data_version AFTER UPDATE ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER transactions_delete_data_version AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.id FROM %I r');
--> statement-breakpoint
DROP TRIGGER salaries_insert_data_version ON salaries;
--> statement-breakpoint
DROP TRIGGER salaries_update_data_version ON salaries;
--> statement-breakpoint
DROP TRIGGER salaries_delete_data_version ON salaries;
--> statement-breakpoint
CREATE TRIGGER salaries_insert_data_version AFTER INSERT ON salaries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salaries_update_data_version AFTER UPDATE ON salaries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salaries_delete_data_version AFTER DELETE ON salaries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.id FROM %I r');
--> statement-breakpoint
DROP TRIGGER employees_insert_data_version ON employees;
--> statement-breakpoint
DROP TRIGGER employees_update_data_version ON employees;
--> statement-breakpoint
DROP TRIGGER employees_delete_data_version ON employees;
--> statement-breakpoint
CREATE TRIGGER employees_insert_data_version AFTER INSERT ON employees REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER employees_update_data_version AFTER UPDATE ON employees REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER employees_delete_data_version AFTER DELETE ON employees REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.id FROM %I r');
--> statement-breakpoint
-- The costs and their payments are recorded by salary: the forecast reloads a salary's costs.
DROP TRIGGER salary_costs_insert_data_version ON salary_costs;
--> statement-breakpoint
DROP TRIGGER salary_costs_update_data_version ON salary_costs;
--> statement-breakpoint
DROP TRIGGER salary_costs_delete_data_version ON salary_costs;
--> statement-breakpoint
DROP TRIGGER salary_cost_details_insert_data_version ON salary_cost_details;
--> statement-breakpoint
DROP TRIGGER salary_cost_details_update_data_version ON salary_cost_details;
--> statement-breakpoint
DROP TRIGGER salary_cost_details_delete_data_version ON salary_cost_details;
--> statement-breakpoint
CREATE TRIGGER salary_costs_insert_data_version AFTER INSERT ON salary_costs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.salary_id FROM %I r');
--> statement-breakpoint
-- A cost moved to another salary changes both.
CREATE TRIGGER salary_costs_update_data_version AFTER UPDATE ON salary_costs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.salary_id FROM %I r UNION ALL SELECT o.organisation_id, o.salary_id FROM old_rows o');
--> statement-breakpoint
CREATE TRIGGER salary_costs_delete_data_version AFTER DELETE ON salary_costs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r', 'SELECT r.organisation_id, r.salary_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_cost_details_insert_data_version AFTER INSERT ON salary_cost_details REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT c.organisation_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)', 'SELECT c.organisation_id, c.salary_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)');
--> statement-breakpoint
CREATE TRIGGER salary_cost_details_update_data_version AFTER UPDATE ON salary_cost_details REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT c.organisation_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)', 'SELECT c.organisation_id, c.salary_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)');
--> statement-breakpoint
-- The payments of a cost deleted in the same statement find no cost: the cost's own trigger records its salary.
CREATE TRIGGER salary_cost_details_delete_data_version AFTER DELETE ON salary_cost_details REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT c.organisation_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)', 'SELECT c.organisation_id, c.salary_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)');
