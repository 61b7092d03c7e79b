import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bankAccounts, categories } from './finance.js';
import { createdAt, cents, organisationOwned } from './columns.js';

/**
 * The booked entries of a bank account, imported from camt.053/054 or CSV (docs/bank-statements.md).
 * `identity` is the account's key of an entry: the bank's reference where the file has one, else a
 * fingerprint; the unique index makes a second import (also a concurrent one) add nothing twice.
 */
export const bankEntries = pgTable(
  'bank_entries',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    identity: varchar('identity', { length: 100 }).notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    /** Signed by the booking direction: credits > 0, debits < 0 (reversals too). */
    amount: cents('amount').notNull(),
    /** ISO 4217 code of the entry's amount; may differ from the account's (flagged in answers). */
    currency: varchar('currency', { length: 3 }).notNull(),
    counterpartyName: varchar('counterparty_name', { length: 140 }),
    counterpartyIban: varchar('counterparty_iban', { length: 34 }),
    remittanceInformation: varchar('remittance_information', { length: 1000 }),
    reference: varchar('reference', { length: 35 }),
    referenceType: varchar('reference_type', { length: 4 }),
    bankReference: varchar('bank_reference', { length: 35 }),
    isReversal: boolean('is_reversal').notNull().default(false),
    /** Charges the bank reported with the entry (minor units, positive), kept as information. */
    charges: cents('charges'),
    source: varchar('source', { length: 8 }).notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('bank_entries_account_identity_unique').on(table.bankAccountId, table.identity),
    index('bank_entries_account_booking_idx').on(table.bankAccountId, table.bookingDate),
    index('bank_entries_organisation_idx').on(table.organisationId),
    index('bank_entries_category_idx').on(table.categoryId),
    check('bank_entries_reference_type', sql`${table.referenceType} in ('QRR', 'SCOR', 'ISR')`),
  ],
);
