-- Who computes an organisation's Übersicht row in the background (docs/cockpit.md "Stored rows"):
-- an instance claims it for a minute before computing, so two instances on one database never
-- compute the same row side by side; a claim of an instance that died runs out by itself.
CREATE TABLE "portfolio_refresh_claims" (
	"organisation_id" integer PRIMARY KEY NOT NULL REFERENCES "organisations"("id") ON DELETE cascade,
	"claim" text NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);
