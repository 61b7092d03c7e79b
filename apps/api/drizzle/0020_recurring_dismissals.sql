CREATE TABLE "recurring_dismissals" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"series_key" varchar(300) NOT NULL,
	"fingerprint" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recurring_dismissals" ADD CONSTRAINT "recurring_dismissals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_dismissals_unique" ON "recurring_dismissals" USING btree ("organisation_id","series_key","fingerprint");--> statement-breakpoint
CREATE INDEX "recurring_dismissals_organisation_idx" ON "recurring_dismissals" USING btree ("organisation_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "apply_learned_delay" boolean DEFAULT false NOT NULL;
