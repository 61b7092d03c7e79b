-- Exclusions of the payment calendar's leaves (docs/payment-calendar.md "Exclusions"): by the leaf's
-- id (the negative hash of its name), per month, with the data-version triggers of the other
-- exclusion tables so the forecast reloads its exclusions.
CREATE TABLE "calendar_leaf_exclusions" (
	"organisation_id" integer NOT NULL,
	"leaf_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	CONSTRAINT "calendar_leaf_exclusions_organisation_id_leaf_id_month_pk" PRIMARY KEY("organisation_id","leaf_id","month"),
	CONSTRAINT "calendar_leaf_exclusions_leaf_id" CHECK ("calendar_leaf_exclusions"."leaf_id" < 0)
);--> statement-breakpoint
ALTER TABLE "calendar_leaf_exclusions" ADD CONSTRAINT "calendar_leaf_exclusions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER calendar_leaf_exclusions_insert_data_version AFTER INSERT ON calendar_leaf_exclusions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER calendar_leaf_exclusions_update_data_version AFTER UPDATE ON calendar_leaf_exclusions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER calendar_leaf_exclusions_delete_data_version AFTER DELETE ON calendar_leaf_exclusions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
