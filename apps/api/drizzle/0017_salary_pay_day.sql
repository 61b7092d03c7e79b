-- Salary occurrences are due on their pay day, no longer on the month's last day (docs/plan-actual.md
-- "Planned occurrences"): the matches and "entfällt" marks stored under a month's last day move to the
-- day of the salary's start in that month (clamped to the month), so nothing matched becomes open again.
UPDATE "bank_entry_matches" AS m
SET "due_date" = make_date(
  extract(year FROM m."due_date")::int,
  extract(month FROM m."due_date")::int,
  least(extract(day FROM s."from_date")::int, extract(day FROM m."due_date")::int)
)
FROM "salaries" AS s
WHERE m."kind" = 'salaries'
  AND s."id" = m."item_id"
  AND m."due_date" = (date_trunc('month', m."due_date") + interval '1 month' - interval '1 day')::date;--> statement-breakpoint
UPDATE "occurrence_dismissals" AS d
SET "due_date" = make_date(
  extract(year FROM d."due_date")::int,
  extract(month FROM d."due_date")::int,
  least(extract(day FROM s."from_date")::int, extract(day FROM d."due_date")::int)
)
FROM "salaries" AS s
WHERE d."kind" = 'salaries'
  AND s."id" = d."item_id"
  AND d."due_date" = (date_trunc('month', d."due_date") + interval '1 month' - interval '1 day')::date;
