DROP INDEX "bank_entry_matches_entry_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "bank_entry_matches_entry_occurrence_unique" ON "bank_entry_matches" USING btree ("bank_entry_id","kind","item_id","due_date");
