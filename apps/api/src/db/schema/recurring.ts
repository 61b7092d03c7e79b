import { index, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organisationOwned } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A recurring series the user dismissed (docs/recurring.md "Dismissed"): its key and the pattern it
 * had. The series is not suggested again while its pattern is the same.
 */
export const recurringDismissals = pgTable(
  'recurring_dismissals',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    seriesKey: varchar('series_key', { length: 300 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 300 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('recurring_dismissals_unique').on(table.organisationId, table.seriesKey, table.fingerprint),
    index('recurring_dismissals_organisation_idx').on(table.organisationId),
  ],
);
