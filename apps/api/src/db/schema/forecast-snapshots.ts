import { jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import type { SnapshotData } from '@saldopilot/shared';
import { organisationOwned } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * The base forecast as it stood at the start of a month (docs/plan-actual.md "Accuracy per
 * horizon"): the 12 months after it, their totals, end balances and leaves. One per organisation
 * and month (the key makes the monthly job run once across instances); kept 24 months.
 */
export const forecastSnapshots = pgTable(
  'forecast_snapshots',
  {
    organisationId: organisationOwned(),
    month: varchar('month', { length: 7 }).notNull(),
    data: jsonb('data').$type<SnapshotData>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.month] })],
);
