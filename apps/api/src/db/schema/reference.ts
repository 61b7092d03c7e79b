import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  date,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 3 }).notNull().unique(),
  description: text('description').notNull(),
  localeCode: text('locale_code').notNull(),
  minorUnits: smallint('minor_units').notNull(),
});

/** System categories have no organisation; own categories arrive with organisations. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id'),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('categories_system_name_unique')
      .on(table.name)
      .where(sql`${table.organisationId} is null`),
  ],
);

/** VAT rates in basis points (8.1 % = 810); system rates have no organisation. */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id'),
    value: integer('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vat_rates_system_value_unique')
      .on(table.value)
      .where(sql`${table.organisationId} is null`),
  ],
);

/**
 * Reference rates against EUR (units of the currency per 1 EUR), the form the ECB publishes.
 * Rates for every other base are derived from these on read (cross rates through EUR).
 */
export const eurRates = pgTable('eur_rates', {
  currencyCode: varchar('currency_code', { length: 3 }).primaryKey(),
  rate: doublePrecision('rate').notNull(),
  rateDate: date('rate_date', { mode: 'string' }).notNull(),
  source: text('source').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
