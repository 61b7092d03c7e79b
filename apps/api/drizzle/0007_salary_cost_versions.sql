CREATE TABLE "salary_cost_versions" (
	"salary_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "salary_cost_versions" ADD CONSTRAINT "salary_cost_versions_salary_id_salaries_id_fk" FOREIGN KEY ("salary_id") REFERENCES "public"."salaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salary_cost_versions_organisation_idx" ON "salary_cost_versions" USING btree ("organisation_id");--> statement-breakpoint
-- Raises the cost version of every salary whose costs or payments the statement wrote. TG_ARGV[0]
-- is the query of those salaries' ids, %I standing for the statement's transition table. Only
-- salaries that still exist count: a salary deleted with its costs takes its counter with it.
CREATE FUNCTION raise_salary_cost_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO salary_cost_versions AS v (salary_id, organisation_id, version)
     SELECT s.id, s.organisation_id, 1 FROM salaries s WHERE s.id IN (%s)
     ON CONFLICT (salary_id) DO UPDATE SET version = v.version + 1',
    format(TG_ARGV[0], CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every salary that has costs starts counted, so that a missing counter means "no costs".
INSERT INTO salary_cost_versions (salary_id, organisation_id, version)
  SELECT s.id, s.organisation_id, 1 FROM salaries s WHERE EXISTS (SELECT 1 FROM salary_costs c WHERE c.salary_id = s.id);
--> statement-breakpoint
CREATE TRIGGER salary_costs_insert_cost_version AFTER INSERT ON salary_costs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_salary_cost_version('SELECT r.salary_id FROM %I r');
--> statement-breakpoint
-- A cost moved to another salary changes both.
CREATE TRIGGER salary_costs_update_cost_version AFTER UPDATE ON salary_costs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_salary_cost_version('SELECT r.salary_id FROM %I r UNION ALL SELECT o.salary_id FROM old_rows o');
--> statement-breakpoint
CREATE TRIGGER salary_costs_delete_cost_version AFTER DELETE ON salary_costs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_salary_cost_version('SELECT r.salary_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_cost_details_insert_cost_version AFTER INSERT ON salary_cost_details REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_salary_cost_version('SELECT c.salary_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)');
--> statement-breakpoint
CREATE TRIGGER salary_cost_details_update_cost_version AFTER UPDATE ON salary_cost_details REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_salary_cost_version('SELECT c.salary_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)');
--> statement-breakpoint
CREATE TRIGGER salary_cost_details_delete_cost_version AFTER DELETE ON salary_cost_details REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_salary_cost_version('SELECT c.salary_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)');
