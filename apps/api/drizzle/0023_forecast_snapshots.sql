-- The base forecast kept at the start of every month (docs/plan-actual.md "Accuracy per horizon"):
-- one row per organisation and month, the months after it and their leaves as JSON; kept 24 months.
CREATE TABLE "forecast_snapshots" (
	"organisation_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE cascade,
	"month" varchar(7) NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_snapshots_organisation_id_month_pk" PRIMARY KEY("organisation_id","month")
);
