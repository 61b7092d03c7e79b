import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bankAccounts, categories } from './finance.js';
import { organisationOwned } from './accounts.js';
import { createdAt, cents } from './columns.js';

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
    /** "nicht geplant" (docs/plan-actual.md "Matching"): an actual with no plan, counted under its category. */
    unplanned: boolean('unplanned').notNull().default(false),
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

/**
 * An entry linked to a planned occurrence (docs/plan-actual.md "Matching"): the occurrence by its
 * identity (kind, item id, due date), with what it was when matched (name, category, amount), which
 * stays shown when the plan changes later. An entry pays one occurrence, or several at once (a
 * salary run: a row each, each occurrence once per entry); several entries share an occurrence only
 * as the parts of a split payment (checked by the service).
 */
export const bankEntryMatches = pgTable(
  'bank_entry_matches',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    bankEntryId: integer('bank_entry_id')
      .notNull()
      .references(() => bankEntries.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    itemId: integer('item_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    categoryName: varchar('category_name', { length: 255 }).notNull(),
    plannedAmount: cents('planned_amount').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // An entry may pay several occurrences (a salary run), each once (docs/plan-actual.md "Matching").
    uniqueIndex('bank_entry_matches_entry_occurrence_unique').on(
      table.bankEntryId,
      table.kind,
      table.itemId,
      table.dueDate,
    ),
    index('bank_entry_matches_occurrence_idx').on(table.organisationId, table.kind, table.itemId, table.dueDate),
    check(
      'bank_entry_matches_kind',
      sql`${table.kind} in ('transactions', 'salaries', 'salary_cost_labels', 'vat_settlement')`,
    ),
  ],
);

/** An overdue occurrence marked "entfällt" (docs/plan-actual.md "The forecast counts nothing twice"). */
export const occurrenceDismissals = pgTable(
  'occurrence_dismissals',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    kind: varchar('kind', { length: 20 }).notNull(),
    itemId: integer('item_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('occurrence_dismissals_unique').on(table.organisationId, table.kind, table.itemId, table.dueDate),
    check(
      'occurrence_dismissals_kind',
      sql`${table.kind} in ('transactions', 'salaries', 'salary_cost_labels', 'vat_settlement')`,
    ),
  ],
);

/**
 * The booking period of an imported statement (docs/bank-statements.md "Coverage"): its FrToDt, or
 * the first and last dates of its entries and balances. The union of an account's periods is what its
 * statements cover (docs/plan-actual.md "Coverage"); the same period twice is stored once.
 */
export const bankStatementPeriods = pgTable(
  'bank_statement_periods',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('bank_statement_periods_account_unique').on(table.bankAccountId, table.fromDate, table.toDate),
    index('bank_statement_periods_organisation_idx').on(table.organisationId),
    check('bank_statement_periods_order', sql`${table.fromDate} <= ${table.toDate}`),
  ],
);
