-- The cockpit's alerts (docs/cockpit.md "Alerts"): the settings per user and organisation, the last
-- state of each kind, and the events ("Hinweise"), each once per state; the weekly digest's
-- subscribers and the weeks sent (once across instances).
CREATE TABLE "alert_settings" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"organisation_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE cascade,
	"shortfall" boolean DEFAULT true NOT NULL,
	"stale_days" integer,
	"unmatched_above" integer,
	"payment_above" bigint,
	"payment_within_days" integer,
	CONSTRAINT "alert_settings_user_id_organisation_id_pk" PRIMARY KEY("user_id","organisation_id")
);--> statement-breakpoint
CREATE TABLE "alert_states" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"organisation_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE cascade,
	"kind" varchar(20) NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "alert_states_user_id_organisation_id_kind_pk" PRIMARY KEY("user_id","organisation_id","kind")
);--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"organisation_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE cascade,
	"kind" varchar(20) NOT NULL,
	"state_key" varchar(300) NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_event_unique" ON "alerts" USING btree ("user_id","organisation_id","kind","state_key");--> statement-breakpoint
CREATE INDEX "alerts_user_created" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "digest_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade
);--> statement-breakpoint
CREATE TABLE "digest_runs" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"week" varchar(10) NOT NULL,
	"shortfalls" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_runs_user_id_week_pk" PRIMARY KEY("user_id","week")
);
