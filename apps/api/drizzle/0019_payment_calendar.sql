-- The payment calendar (docs/payment-calendar.md): who each salary cost is paid to, and per
-- organisation the rhythm of each fund. Every existing cost stays "direct" (paid with the salary, as
-- before), so nothing changes for an organisation until it saves a calendar.
ALTER TABLE "salary_costs" ADD COLUMN "fund" varchar(16) DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_costs" ADD CONSTRAINT "salary_costs_fund" CHECK ("salary_costs"."fund" in ('direct', 'ahv', 'bvg', 'uvg', 'ktg', 'withholdingTax'));--> statement-breakpoint
CREATE TABLE "payment_calendars" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"calendar" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "payment_calendars" ADD CONSTRAINT "payment_calendars_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER payment_calendars_insert_data_version AFTER INSERT ON payment_calendars REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER payment_calendars_update_data_version AFTER UPDATE ON payment_calendars REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
CREATE TRIGGER payment_calendars_delete_data_version AFTER DELETE ON payment_calendars REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_organisation_data_version('SELECT r.organisation_id FROM %I r');
--> statement-breakpoint
-- Annual VAT (docs/vat.md "Annual settlement (Art. 86a)"): the previous year's tax the instalments are
-- computed from. A yearly setting no longer pays the whole year in one sum: it pays instalments and
-- the balance with the return by the end of February, the ESTV's term, so existing yearly settings
-- move to that term (their offset no longer applies).
ALTER TABLE "vat_settings" ADD COLUMN "previous_year_tax" bigint;--> statement-breakpoint
ALTER TABLE "vat_settings" ADD CONSTRAINT "vat_settings_previous_year_tax" CHECK ("vat_settings"."previous_year_tax" is null or "vat_settings"."previous_year_tax" >= 0);--> statement-breakpoint
UPDATE "vat_settings" SET "payment_term" = 'estv' WHERE "interval" = 'yearly';
