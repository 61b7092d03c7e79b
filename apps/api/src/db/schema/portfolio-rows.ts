import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PortfolioRow } from '@saldopilot/shared';
import { organisationOwned } from './accounts.js';

/**
 * Each organisation's Übersicht row as last computed (docs/cockpit.md "Stored rows"), under the key
 * of the data and day it was computed from: a read whose key differs computes it again. The row
 * holds every fund and tax payment, the salary costs too; a caller without salary rights gets them
 * filtered out on the read. Name and role are the membership's, set on the read.
 */
export const portfolioRows = pgTable('portfolio_rows', {
  organisationId: organisationOwned().primaryKey(),
  dataKey: text('data_key').notNull(),
  row: jsonb('row').$type<PortfolioRow>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/**
 * The background computation of an organisation's row, claimed by one instance until
 * `claimedUntil` (docs/cockpit.md "Stored rows"): the claim's token releases only its own claim.
 */
export const portfolioRefreshClaims = pgTable('portfolio_refresh_claims', {
  organisationId: organisationOwned().primaryKey(),
  claim: text('claim').notNull(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
});
