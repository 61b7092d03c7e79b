CREATE TYPE "public"."amount_type" AS ENUM('fixed', 'percentage');--> statement-breakpoint
CREATE TYPE "public"."cost_cycle" AS ENUM('once', 'monthly', 'quarterly', 'biannually', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."distribution_type" AS ENUM('employee', 'employer', 'both');--> statement-breakpoint
CREATE TABLE "salaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"cycle" "cycle" DEFAULT 'monthly' NOT NULL,
	"hours_per_month" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"vacation_days_per_year" smallint NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"is_termination" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"currency_id" integer NOT NULL,
	"employee_deductions" bigint DEFAULT 0 NOT NULL,
	"employer_costs" bigint DEFAULT 0 NOT NULL,
	"schedule_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salaries_amount_not_negative" CHECK ("salaries"."amount" >= 0),
	CONSTRAINT "salaries_hours_range" CHECK ("salaries"."hours_per_month" between 0 and 480),
	CONSTRAINT "salaries_vacation_range" CHECK ("salaries"."vacation_days_per_year" between 0 and 365),
	CONSTRAINT "salaries_to_after_from" CHECK ("salaries"."to_date" is null or "salaries"."to_date" >= "salaries"."from_date")
);
--> statement-breakpoint
CREATE TABLE "salary_cost_base_links" (
	"cost_id" integer NOT NULL,
	"base_cost_id" integer NOT NULL,
	CONSTRAINT "salary_cost_base_links_cost_id_base_cost_id_pk" PRIMARY KEY("cost_id","base_cost_id"),
	CONSTRAINT "salary_cost_base_links_not_self" CHECK ("salary_cost_base_links"."cost_id" <> "salary_cost_base_links"."base_cost_id")
);
--> statement-breakpoint
CREATE TABLE "salary_cost_details" (
	"cost_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"amount" bigint NOT NULL,
	"divider" integer NOT NULL,
	"is_extra_month" boolean NOT NULL,
	CONSTRAINT "salary_cost_details_cost_id_month_pk" PRIMARY KEY("cost_id","month")
);
--> statement-breakpoint
CREATE TABLE "salary_cost_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"salary_id" integer NOT NULL,
	"label_id" integer,
	"cycle" "cost_cycle" DEFAULT 'monthly' NOT NULL,
	"amount_type" "amount_type" DEFAULT 'fixed' NOT NULL,
	"amount" bigint NOT NULL,
	"distribution_type" "distribution_type" DEFAULT 'employee' NOT NULL,
	"relative_offset" integer DEFAULT 1 NOT NULL,
	"target_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_costs_amount_not_negative" CHECK ("salary_costs"."amount" >= 0),
	CONSTRAINT "salary_costs_percentage_range" CHECK ("salary_costs"."amount_type" <> 'percentage' or "salary_costs"."amount" <= 100000),
	CONSTRAINT "salary_costs_offset_positive" CHECK ("salary_costs"."relative_offset" >= 1),
	CONSTRAINT "salary_costs_once_has_target" CHECK ("salary_costs"."cycle" <> 'once' or "salary_costs"."target_date" is not null)
);
--> statement-breakpoint
CREATE TABLE "salary_cost_label_exclusions" (
	"organisation_id" integer NOT NULL,
	"label_id" integer,
	"month" varchar(7) NOT NULL,
	CONSTRAINT "salary_cost_label_exclusions_unique" UNIQUE NULLS NOT DISTINCT("organisation_id","label_id","month")
);
--> statement-breakpoint
CREATE TABLE "salary_exclusions" (
	"organisation_id" integer NOT NULL,
	"salary_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	CONSTRAINT "salary_exclusions_salary_id_month_pk" PRIMARY KEY("salary_id","month")
);
--> statement-breakpoint
CREATE TABLE "transaction_exclusions" (
	"organisation_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	CONSTRAINT "transaction_exclusions_transaction_id_month_pk" PRIMARY KEY("transaction_id","month")
);
--> statement-breakpoint
CREATE TABLE "vat_settings" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"billing_date" date NOT NULL,
	"interval" "cycle" DEFAULT 'quarterly' NOT NULL,
	"transaction_month_offset" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_settings_offset_range" CHECK ("vat_settings"."transaction_month_offset" between 0 and 12)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "minimum_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salaries" ADD CONSTRAINT "salaries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salaries" ADD CONSTRAINT "salaries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salaries" ADD CONSTRAINT "salaries_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_cost_base_links" ADD CONSTRAINT "salary_cost_base_links_cost_id_salary_costs_id_fk" FOREIGN KEY ("cost_id") REFERENCES "public"."salary_costs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_cost_base_links" ADD CONSTRAINT "salary_cost_base_links_base_cost_id_salary_costs_id_fk" FOREIGN KEY ("base_cost_id") REFERENCES "public"."salary_costs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_cost_details" ADD CONSTRAINT "salary_cost_details_cost_id_salary_costs_id_fk" FOREIGN KEY ("cost_id") REFERENCES "public"."salary_costs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_cost_labels" ADD CONSTRAINT "salary_cost_labels_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_costs" ADD CONSTRAINT "salary_costs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_costs" ADD CONSTRAINT "salary_costs_salary_id_salaries_id_fk" FOREIGN KEY ("salary_id") REFERENCES "public"."salaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_costs" ADD CONSTRAINT "salary_costs_label_id_salary_cost_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."salary_cost_labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_cost_label_exclusions" ADD CONSTRAINT "salary_cost_label_exclusions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_cost_label_exclusions" ADD CONSTRAINT "salary_cost_label_exclusions_label_id_salary_cost_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."salary_cost_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_exclusions" ADD CONSTRAINT "salary_exclusions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_exclusions" ADD CONSTRAINT "salary_exclusions_salary_id_salaries_id_fk" FOREIGN KEY ("salary_id") REFERENCES "public"."salaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_exclusions" ADD CONSTRAINT "transaction_exclusions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_exclusions" ADD CONSTRAINT "transaction_exclusions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_settings" ADD CONSTRAINT "vat_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "salaries_employee_from_unique" ON "salaries" USING btree ("employee_id","from_date");--> statement-breakpoint
CREATE INDEX "salaries_organisation_idx" ON "salaries" USING btree ("organisation_id","employee_id");--> statement-breakpoint
CREATE INDEX "salary_cost_base_links_base_idx" ON "salary_cost_base_links" USING btree ("base_cost_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_cost_labels_organisation_name_unique" ON "salary_cost_labels" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "salary_costs_salary_idx" ON "salary_costs" USING btree ("salary_id");--> statement-breakpoint
CREATE INDEX "salary_costs_organisation_idx" ON "salary_costs" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "salary_costs_label_idx" ON "salary_costs" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "salary_exclusions_organisation_idx" ON "salary_exclusions" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "transaction_exclusions_organisation_idx" ON "transaction_exclusions" USING btree ("organisation_id");