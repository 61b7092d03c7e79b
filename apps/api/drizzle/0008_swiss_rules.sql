ALTER TYPE "public"."amount_type" ADD VALUE 'bvgMinimum';--> statement-breakpoint
ALTER TABLE "salaries" ADD COLUMN "has_thirteenth_salary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "salaries" ADD COLUMN "thirteenth_salary_month" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "salaries" ADD COLUMN "net_adjustments" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "vat_settings" ADD COLUMN "payment_term" varchar(8) DEFAULT 'offset' NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_settings" ADD COLUMN "method" varchar(16) DEFAULT 'effective' NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_settings" ADD COLUMN "net_tax_rate" integer;--> statement-breakpoint
ALTER TABLE "vat_settings" ADD COLUMN "net_tax_rate_2" integer;--> statement-breakpoint
ALTER TABLE "vat_settings" ADD COLUMN "net_tax_rate_2_share" smallint;--> statement-breakpoint
ALTER TABLE "salaries" ADD CONSTRAINT "salaries_thirteenth_month" CHECK ("salaries"."thirteenth_salary_month" in (11, 12));--> statement-breakpoint
ALTER TABLE "salary_costs" ADD CONSTRAINT "salary_costs_bvg_rate_range" CHECK ("salary_costs"."amount_type"::text <> 'bvgMinimum' or "salary_costs"."amount" <= 100000);--> statement-breakpoint
ALTER TABLE "vat_settings" ADD CONSTRAINT "vat_settings_payment_term" CHECK ("vat_settings"."payment_term" in ('offset', 'estv'));--> statement-breakpoint
ALTER TABLE "vat_settings" ADD CONSTRAINT "vat_settings_method" CHECK ("vat_settings"."method" in ('effective', 'netTaxRate'));--> statement-breakpoint
ALTER TABLE "vat_settings" ADD CONSTRAINT "vat_settings_net_tax_rates" CHECK (("vat_settings"."net_tax_rate" is null or "vat_settings"."net_tax_rate" between 1 and 10000)
      and ("vat_settings"."net_tax_rate_2" is null or "vat_settings"."net_tax_rate_2" between 1 and 10000)
      and ("vat_settings"."net_tax_rate_2_share" is null or "vat_settings"."net_tax_rate_2_share" between 1 and 99));