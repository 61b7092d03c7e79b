CREATE TABLE "bank_statement_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_periods_order" CHECK ("bank_statement_periods"."from_date" <= "bank_statement_periods"."to_date")
);
--> statement-breakpoint
ALTER TABLE "bank_statement_periods" ADD CONSTRAINT "bank_statement_periods_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_periods" ADD CONSTRAINT "bank_statement_periods_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_periods_account_unique" ON "bank_statement_periods" USING btree ("bank_account_id","from_date","to_date");--> statement-breakpoint
CREATE INDEX "bank_statement_periods_organisation_idx" ON "bank_statement_periods" USING btree ("organisation_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "bank_account_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_bank_account_idx" ON "transactions" USING btree ("bank_account_id");--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "salary_bank_account_id" integer;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_salary_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("salary_bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The statements imported before this migration (docs/bank-statements.md "Coverage"): the entries of
-- one import share their created_at (one transaction), so each import's first and last booking dates
-- per account are its period.
INSERT INTO "bank_statement_periods" ("organisation_id", "bank_account_id", "from_date", "to_date")
  SELECT "organisation_id", "bank_account_id", min("booking_date"), max("booking_date")
  FROM "bank_entries" GROUP BY "organisation_id", "bank_account_id", "created_at"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The forecast reads the periods (docs/plan-actual.md "Coverage"): each write raises the
-- organisation's version of the table (the function of migration 0006).
CREATE TRIGGER bank_statement_periods_insert_data_version AFTER INSERT ON bank_statement_periods REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_statement_periods_update_data_version AFTER UPDATE ON bank_statement_periods REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER bank_statement_periods_delete_data_version AFTER DELETE ON bank_statement_periods REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
