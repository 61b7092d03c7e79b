-- The per-salary cost counters of 0007 gave way to the row changes of 0009: their triggers go
-- first (they would write into the dropped table), then the function and the table.
DROP TRIGGER salary_costs_insert_cost_version ON salary_costs;
--> statement-breakpoint
DROP TRIGGER salary_costs_update_cost_version ON salary_costs;
--> statement-breakpoint
DROP TRIGGER salary_costs_delete_cost_version ON salary_costs;
--> statement-breakpoint
DROP TRIGGER salary_cost_details_insert_cost_version ON salary_cost_details;
--> statement-breakpoint
DROP TRIGGER salary_cost_details_update_cost_version ON salary_cost_details;
--> statement-breakpoint
DROP TRIGGER salary_cost_details_delete_cost_version ON salary_cost_details;
--> statement-breakpoint
DROP FUNCTION raise_salary_cost_version();
--> statement-breakpoint
DROP TABLE "salary_cost_versions" CASCADE;
