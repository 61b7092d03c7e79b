CREATE TYPE "public"."cycle" AS ENUM('monthly', 'quarterly', 'biannually', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."transaction_type" AS ENUM('single', 'repeating');--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"amount" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"balance_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"link" varchar(2048),
	"amount" bigint NOT NULL,
	"vat_included" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"type" "transaction_type" NOT NULL,
	"cycle" "cycle",
	"start_date" date NOT NULL,
	"end_date" date,
	"category_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"employee_id" integer,
	"vat_rate_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_not_zero" CHECK ("transactions"."amount" <> 0),
	CONSTRAINT "transactions_cycle_matches_type" CHECK (("transactions"."type" = 'repeating') = ("transactions"."cycle" is not null)),
	CONSTRAINT "transactions_end_after_start" CHECK ("transactions"."end_date" is null or ("transactions"."type" = 'repeating' and "transactions"."end_date" >= "transactions"."start_date"))
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_vat_rate_id_vat_rates_id_fk" FOREIGN KEY ("vat_rate_id") REFERENCES "public"."vat_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_organisation_name_idx" ON "bank_accounts" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "bank_accounts_organisation_amount_idx" ON "bank_accounts" USING btree ("organisation_id","amount");--> statement-breakpoint
CREATE INDEX "employees_organisation_name_idx" ON "employees" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "transactions_organisation_name_idx" ON "transactions" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "transactions_organisation_start_idx" ON "transactions" USING btree ("organisation_id","start_date");--> statement-breakpoint
CREATE INDEX "transactions_category_idx" ON "transactions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "transactions_employee_idx" ON "transactions" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "transactions_vat_rate_idx" ON "transactions" USING btree ("vat_rate_id");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_organisation_name_unique" ON "categories" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_organisation_value_unique" ON "vat_rates" USING btree ("organisation_id","value");--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_value_positive" CHECK ("vat_rates"."value" > 0);