CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(3) NOT NULL,
	"description" text NOT NULL,
	"locale_code" text NOT NULL,
	"minor_units" smallint NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "eur_rates" (
	"currency_code" varchar(3) PRIMARY KEY NOT NULL,
	"rate" double precision NOT NULL,
	"rate_date" date NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "categories_system_name_unique" ON "categories" USING btree ("name") WHERE "categories"."organisation_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_system_value_unique" ON "vat_rates" USING btree ("value") WHERE "vat_rates"."organisation_id" is null;