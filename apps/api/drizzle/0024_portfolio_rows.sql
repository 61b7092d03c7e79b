-- Each organisation's Übersicht row as last computed (docs/cockpit.md "Stored rows"): computed after
-- the writes that move it and on a read that finds it stale (its data key differs).
CREATE TABLE "portfolio_rows" (
	"organisation_id" integer PRIMARY KEY NOT NULL REFERENCES "organisations"("id") ON DELETE cascade,
	"data_key" text NOT NULL,
	"row" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
