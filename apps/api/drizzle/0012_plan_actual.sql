CREATE TABLE "bank_entry_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"bank_entry_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"item_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"name" varchar(255) NOT NULL,
	"category_name" varchar(255) NOT NULL,
	"planned_amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_entry_matches_kind" CHECK ("bank_entry_matches"."kind" in ('transactions', 'salaries', 'salary_cost_labels', 'vat_settlement'))
);
--> statement-breakpoint
CREATE TABLE "occurrence_dismissals" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"item_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occurrence_dismissals_kind" CHECK ("occurrence_dismissals"."kind" in ('transactions', 'salaries', 'salary_cost_labels', 'vat_settlement'))
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "match_tolerance_percent" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "match_window_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "unplanned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reference" varchar(27);--> statement-breakpoint
ALTER TABLE "bank_entry_matches" ADD CONSTRAINT "bank_entry_matches_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entry_matches" ADD CONSTRAINT "bank_entry_matches_bank_entry_id_bank_entries_id_fk" FOREIGN KEY ("bank_entry_id") REFERENCES "public"."bank_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_dismissals" ADD CONSTRAINT "occurrence_dismissals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_entry_matches_entry_unique" ON "bank_entry_matches" USING btree ("bank_entry_id");--> statement-breakpoint
CREATE INDEX "bank_entry_matches_occurrence_idx" ON "bank_entry_matches" USING btree ("organisation_id","kind","item_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "occurrence_dismissals_unique" ON "occurrence_dismissals" USING btree ("organisation_id","kind","item_id","due_date");--> statement-breakpoint
CREATE INDEX "transactions_organisation_reference_idx" ON "transactions" USING btree ("organisation_id","reference");--> statement-breakpoint
-- The forecast reads the matches, the dismissals and the entries (docs/plan-actual.md): each write
-- raises the organisation's version of its table (the function of migration 0006).
CREATE TRIGGER bank_entries_insert_data_version AFTER INSERT ON bank_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_entries_update_data_version AFTER UPDATE ON bank_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_entries_delete_data_version AFTER DELETE ON bank_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_entry_matches_insert_data_version AFTER INSERT ON bank_entry_matches REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_entry_matches_update_data_version AFTER UPDATE ON bank_entry_matches REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_entry_matches_delete_data_version AFTER DELETE ON bank_entry_matches REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER occurrence_dismissals_insert_data_version AFTER INSERT ON occurrence_dismissals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER occurrence_dismissals_update_data_version AFTER UPDATE ON occurrence_dismissals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER occurrence_dismissals_delete_data_version AFTER DELETE ON occurrence_dismissals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
