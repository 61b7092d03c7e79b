import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PaymentCalendar } from '@saldopilot/shared';
import { organisationOwned, organisations } from './accounts.js';
import { salaries, salaryCostLabels } from './employees.js';
import { cycleEnum, transactions } from './finance.js';

const month = () => varchar('month', { length: 7 }).notNull();

// Exclusions (docs/forecast.md "Exclusions"): one table per kind of leaf, so deleting the item
// deletes its exclusions by foreign key. Each carries the organisation for the one-query load.

export const transactionExclusions = pgTable(
  'transaction_exclusions',
  {
    organisationId: organisationOwned(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    month: month(),
  },
  (table) => [
    primaryKey({ columns: [table.transactionId, table.month] }),
    index('transaction_exclusions_organisation_idx').on(table.organisationId),
  ],
);

export const salaryExclusions = pgTable(
  'salary_exclusions',
  {
    organisationId: organisationOwned(),
    salaryId: integer('salary_id')
      .notNull()
      .references(() => salaries.id, { onDelete: 'cascade' }),
    month: month(),
  },
  (table) => [
    primaryKey({ columns: [table.salaryId, table.month] }),
    index('salary_exclusions_organisation_idx').on(table.organisationId),
  ],
);

/** By label across all salaries; `labelId` null = the "<Kein Label>" leaf (relatedId 0). */
export const salaryCostLabelExclusions = pgTable(
  'salary_cost_label_exclusions',
  {
    organisationId: organisationOwned(),
    labelId: integer('label_id').references(() => salaryCostLabels.id, { onDelete: 'cascade' }),
    month: month(),
  },
  (table) => [
    unique('salary_cost_label_exclusions_unique')
      .on(table.organisationId, table.labelId, table.month)
      .nullsNotDistinct(),
  ],
);

/**
 * The payment calendar's leaves (docs/payment-calendar.md "Exclusions"): by the leaf's id, the hash of
 * its name (negative, the same in every month); no row to refer to, so removing the calendar leaves
 * them without effect.
 */
export const calendarLeafExclusions = pgTable(
  'calendar_leaf_exclusions',
  {
    organisationId: organisationOwned(),
    leafId: integer('leaf_id').notNull(),
    month: month(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.leafId, table.month] }),
    check('calendar_leaf_exclusions_leaf_id', sql`${table.leafId} < 0`),
  ],
);

/** The automatic VAT settlement (docs/vat.md): at most one per organisation. */
export const vatSettings = pgTable(
  'vat_settings',
  {
    organisationId: integer('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    billingDate: date('billing_date', { mode: 'string' }).notNull(),
    interval: cycleEnum('interval').notNull().default('quarterly'),
    transactionMonthOffset: smallint('transaction_month_offset').notNull().default(0),
    /**
     * `offset`: paid `transactionMonthOffset` months after the billing date; `estv`: 60 days after
     * the period (docs/vat.md).
     */
    paymentTerm: varchar('payment_term', { length: 8 }).$type<'offset' | 'estv'>().notNull().default('offset'),
    /** `effective` (output tax − input tax) or `netTaxRate` (Saldosteuersatz), docs/vat.md. */
    method: varchar('method', { length: 16 }).$type<'effective' | 'netTaxRate'>().notNull().default('effective'),
    /**
     * Net tax rates in thousandths of a percent (6200 = 6.2 %); the second applies to
     * `netTaxRate2Share` % of revenue.
     */
    netTaxRate: integer('net_tax_rate'),
    netTaxRate2: integer('net_tax_rate_2'),
    netTaxRate2Share: smallint('net_tax_rate_2_share'),
    /** Yearly settings: the previous year's tax, minor units (docs/vat.md "Annual settlement (Art. 86a)"). */
    previousYearTax: bigint('previous_year_tax', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vat_settings_offset_range', sql`${table.transactionMonthOffset} between 0 and 12`),
    check('vat_settings_payment_term', sql`${table.paymentTerm} in ('offset', 'estv')`),
    check('vat_settings_previous_year_tax', sql`${table.previousYearTax} is null or ${table.previousYearTax} >= 0`),
    check('vat_settings_method', sql`${table.method} in ('effective', 'netTaxRate')`),
    check(
      'vat_settings_net_tax_rates',
      sql`(${table.netTaxRate} is null or ${table.netTaxRate} between 1 and 10000)
      and (${table.netTaxRate2} is null or ${table.netTaxRate2} between 1 and 10000)
      and (${table.netTaxRate2Share} is null or ${table.netTaxRate2Share} between 1 and 99)`,
    ),
  ],
);

/**
 * The payment calendar (docs/payment-calendar.md): at most one per organisation, the blocks of
 * `PUT /api/payment-calendar` as checked by the shared schema (every field of a block filled in).
 */
export const paymentCalendars = pgTable('payment_calendars', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  calendar: jsonb('calendar').$type<PaymentCalendar>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A counter per organisation and table that every write to a table the forecast reads raises
 * (statement triggers of migration 0006; organisation 0 stands for the shared rows without an
 * organisation). The forecast keeps what it loaded in memory per part under these numbers: an
 * unchanged number means unchanged rows, and a change reloads only the parts read from that table.
 * No foreign key: the counter must be raisable while its organisation is deleted.
 */
export const organisationDataVersions = pgTable(
  'organisation_data_versions',
  {
    organisationId: integer('organisation_id').notNull(),
    tableName: varchar('table_name', { length: 63 }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    /** Row changes up to this version were pruned (`organisationRowChanges`): older copies load anew. */
    prunedVersion: bigint('pruned_version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.tableName] })],
);

/**
 * Which rows of a table each version changed, for the tables whose forecast part refreshes row by
 * row (migration 0009): the same statement trigger that raises the table's version records the ids
 * the part reloads by — of the transactions, salaries and employees their own, of the salary costs
 * and their payments the salary's — for the rows it wrote or deleted, under that version. The
 * version row is locked until the writing transaction commits, so versions follow commit order and
 * "the rows changed after version v" is exact. One row per row id (the latest version); entries
 * older than two days are pruned hourly, raising `prunedVersion`.
 */
export const organisationRowChanges = pgTable(
  'organisation_row_changes',
  {
    organisationId: integer('organisation_id').notNull(),
    tableName: varchar('table_name', { length: 63 }).notNull(),
    rowId: integer('row_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.tableName, table.rowId] }),
    index('organisation_row_changes_version_idx').on(table.organisationId, table.tableName, table.version),
    index('organisation_row_changes_changed_at_idx').on(table.changedAt),
  ],
);
