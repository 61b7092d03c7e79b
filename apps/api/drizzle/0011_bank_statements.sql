CREATE TABLE "bank_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"identity" varchar(100) NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"counterparty_name" varchar(140),
	"counterparty_iban" varchar(34),
	"remittance_information" varchar(1000),
	"reference" varchar(35),
	"reference_type" varchar(4),
	"bank_reference" varchar(35),
	"is_reversal" boolean DEFAULT false NOT NULL,
	"charges" bigint,
	"source" varchar(8) NOT NULL,
	"category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_entries_reference_type" CHECK ("bank_entries"."reference_type" in ('QRR', 'SCOR', 'ISR'))
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "iban" varchar(34);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "csv_mapping" jsonb;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_entries_account_identity_unique" ON "bank_entries" USING btree ("bank_account_id","identity");--> statement-breakpoint
CREATE INDEX "bank_entries_account_booking_idx" ON "bank_entries" USING btree ("bank_account_id","booking_date");--> statement-breakpoint
CREATE INDEX "bank_entries_organisation_idx" ON "bank_entries" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "bank_entries_category_idx" ON "bank_entries" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_organisation_iban_unique" ON "bank_accounts" USING btree ("organisation_id","iban");