import { doublePrecision, date, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 3 }).notNull().unique(),
  description: text('description').notNull(),
  localeCode: text('locale_code').notNull(),
  minorUnits: smallint('minor_units').notNull(),
});

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
