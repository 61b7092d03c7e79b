CREATE TABLE "organisation_data_versions" (
	"organisation_id" integer NOT NULL,
	"table_name" varchar(63) NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "organisation_data_versions_organisation_id_table_name_pk" PRIMARY KEY("organisation_id","table_name")
);
--> statement-breakpoint
-- Raises the data version of the statement's table for every organisation whose rows it wrote
-- (TG_TABLE_NAME: the forecast reloads only what it read from that table). TG_ARGV[0] is the
-- query of the changed rows' organisations, %I standing for the statement's transition table; a
-- NULL organisation counts for none (the details of a cost deleted in the same statement: the
-- cost's own trigger counts). Shared rows (categories, VAT rates without organisation) are
-- organisation 0, which every organisation's forecast reads. One upsert per statement, not per row.
CREATE FUNCTION raise_organisation_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO organisation_data_versions AS v (organisation_id, table_name, version)
     SELECT DISTINCT changed.organisation_id, %L, 1 FROM (%s) AS changed(organisation_id)
     WHERE changed.organisation_id IS NOT NULL
     ON CONFLICT (organisation_id, table_name) DO UPDATE SET version = v.version + 1',
    TG_TABLE_NAME, format(TG_ARGV[0], CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organisations_insert_data_version AFTER INSERT ON organisations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER organisations_update_data_version AFTER UPDATE ON organisations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER organisations_delete_data_version AFTER DELETE ON organisations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_accounts_insert_data_version AFTER INSERT ON bank_accounts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_accounts_update_data_version AFTER UPDATE ON bank_accounts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_accounts_delete_data_version AFTER DELETE ON bank_accounts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER categories_insert_data_version AFTER INSERT ON categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT coalesce(r.organisation_id, 0) FROM %I r');
--> statement-breakpoint
CREATE TRIGGER categories_update_data_version AFTER UPDATE ON categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT coalesce(r.organisation_id, 0) FROM %I r');
--> statement-breakpoint
CREATE TRIGGER categories_delete_data_version AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT coalesce(r.organisation_id, 0) FROM %I r');
--> statement-breakpoint
CREATE TRIGGER vat_rates_insert_data_version AFTER INSERT ON vat_rates REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT coalesce(r.organisation_id, 0) FROM %I r');
--> statement-breakpoint
CREATE TRIGGER vat_rates_update_data_version AFTER UPDATE ON vat_rates REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT coalesce(r.organisation_id, 0) FROM %I r');
--> statement-breakpoint
CREATE TRIGGER vat_rates_delete_data_version AFTER DELETE ON vat_rates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT coalesce(r.organisation_id, 0) FROM %I r');
--> statement-breakpoint
CREATE TRIGGER employees_insert_data_version AFTER INSERT ON employees REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER employees_update_data_version AFTER UPDATE ON employees REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER employees_delete_data_version AFTER DELETE ON employees REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER transactions_insert_data_version AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER transactions_update_data_version AFTER UPDATE ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER transactions_delete_data_version AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salaries_insert_data_version AFTER INSERT ON salaries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salaries_update_data_version AFTER UPDATE ON salaries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salaries_delete_data_version AFTER DELETE ON salaries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_cost_labels_insert_data_version AFTER INSERT ON salary_cost_labels REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_cost_labels_update_data_version AFTER UPDATE ON salary_cost_labels REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_cost_labels_delete_data_version AFTER DELETE ON salary_cost_labels REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_costs_insert_data_version AFTER INSERT ON salary_costs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_costs_update_data_version AFTER UPDATE ON salary_costs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_costs_delete_data_version AFTER DELETE ON salary_costs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_cost_details_insert_data_version AFTER INSERT ON salary_cost_details REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT c.organisation_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)');
--> statement-breakpoint
CREATE TRIGGER salary_cost_details_update_data_version AFTER UPDATE ON salary_cost_details REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT c.organisation_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)');
--> statement-breakpoint
CREATE TRIGGER salary_cost_details_delete_data_version AFTER DELETE ON salary_cost_details REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT c.organisation_id FROM salary_costs c WHERE c.id IN (SELECT r.cost_id FROM %I r)');
--> statement-breakpoint
CREATE TRIGGER transaction_exclusions_insert_data_version AFTER INSERT ON transaction_exclusions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER transaction_exclusions_update_data_version AFTER UPDATE ON transaction_exclusions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER transaction_exclusions_delete_data_version AFTER DELETE ON transaction_exclusions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_exclusions_insert_data_version AFTER INSERT ON salary_exclusions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_exclusions_update_data_version AFTER UPDATE ON salary_exclusions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_exclusions_delete_data_version AFTER DELETE ON salary_exclusions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_cost_label_exclusions_insert_data_version AFTER INSERT ON salary_cost_label_exclusions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_cost_label_exclusions_update_data_version AFTER UPDATE ON salary_cost_label_exclusions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER salary_cost_label_exclusions_delete_data_version AFTER DELETE ON salary_cost_label_exclusions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER vat_settings_insert_data_version AFTER INSERT ON vat_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER vat_settings_update_data_version AFTER UPDATE ON vat_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER vat_settings_delete_data_version AFTER DELETE ON vat_settings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
