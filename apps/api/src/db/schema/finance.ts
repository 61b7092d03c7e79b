import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CsvMapping } from '@saldopilot/shared';
import { organisationOwned, organisations } from './accounts.js';
import { currencies } from './reference.js';
import { createdAt, cents } from './columns.js';

/** System categories have no organisation; own ones are unique by name within theirs. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('categories_system_name_unique')
      .on(table.name)
      .where(sql`${table.organisationId} is null`),
    uniqueIndex('categories_organisation_name_unique').on(table.organisationId, table.name),
  ],
);

/** VAT rates in basis points (8.1 % = 810); system rates have no organisation. */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('vat_rates_system_value_unique')
      .on(table.value)
      .where(sql`${table.organisationId} is null`),
    uniqueIndex('vat_rates_organisation_value_unique').on(table.organisationId, table.value),
    check('vat_rates_value_positive', sql`${table.value} > 0`),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    name: varchar('name', { length: 100 }).notNull(),
    amount: cents('amount').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** "Stand per": the day the balance was last set; null while unknown, until a statement sets it. */
    balanceDate: date('balance_date', { mode: 'string' }),
    /** ISO 13616, without spaces in capitals; statements are matched to the account by it. */
    iban: varchar('iban', { length: 34 }),
    /** "Kontonummer": the bank's own number, matched against a statement's `<Othr><Id>` (docs/bank-statements.md "Accounts"). */
    accountNumber: varchar('account_number', { length: 34 }),
    /** Statement accounts (IBAN or number, as keys) a person assigned to this account: the next import finds it by them. */
    statementAccountIds: text('statement_account_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How a CSV export of this account is read, when its headers are not recognised (docs/bank-statements.md "CSV"). */
    csvMapping: jsonb('csv_mapping').$type<CsvMapping>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('bank_accounts_organisation_name_idx').on(table.organisationId, table.name),
    index('bank_accounts_organisation_amount_idx').on(table.organisationId, table.amount),
    uniqueIndex('bank_accounts_organisation_iban_unique').on(table.organisationId, table.iban),
  ],
);

/** Employees; their salaries arrive with the employees area. */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Needed for BVG by age (docs/salary-rules.md); optional otherwise. */
    birthDate: date('birth_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (table) => [index('employees_organisation_name_idx').on(table.organisationId, table.name)],
);

export const cycleEnum = pgEnum('cycle', ['monthly', 'quarterly', 'biannually', 'yearly']);
export const transactionTypeEnum = pgEnum('transaction_type', ['single', 'repeating']);

/** Revenues (amount > 0) and expenses (amount < 0), once or repeating. */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    name: varchar('name', { length: 255 }).notNull(),
    link: varchar('link', { length: 2048 }),
    amount: cents('amount').notNull(),
    vatIncluded: boolean('vat_included').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    type: transactionTypeEnum('type').notNull(),
    cycle: cycleEnum('cycle'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    // A category in use is reassigned before it is deleted, so the reference never dangles.
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    vatRateId: integer('vat_rate_id').references(() => vatRates.id, { onDelete: 'set null' }),
    /** A QR or Creditor Reference its payments carry (docs/plan-actual.md "References"). */
    reference: varchar('reference', { length: 27 }),
    /** The account it is paid from or into (docs/plan-actual.md "Coverage"); null: none named. */
    bankAccountId: integer('bank_account_id').references((): AnyPgColumn => bankAccounts.id, { onDelete: 'set null' }),
    /** "gelernte Verzögerung anwenden" (docs/recurring.md "Payment delays"): the forecast moves its future occurrences. */
    applyLearnedDelay: boolean('apply_learned_delay').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('transactions_bank_account_idx').on(table.bankAccountId),
    index('transactions_organisation_reference_idx').on(table.organisationId, table.reference),
    index('transactions_organisation_name_idx').on(table.organisationId, table.name),
    index('transactions_organisation_start_idx').on(table.organisationId, table.startDate),
    index('transactions_category_idx').on(table.categoryId),
    index('transactions_employee_idx').on(table.employeeId),
    index('transactions_vat_rate_idx').on(table.vatRateId),
    check('transactions_amount_not_zero', sql`${table.amount} <> 0`),
    check('transactions_cycle_matches_type', sql`(${table.type} = 'repeating') = (${table.cycle} is not null)`),
    check(
      'transactions_end_after_start',
      sql`${table.endDate} is null or (${table.type} = 'repeating' and ${table.endDate} >= ${table.startDate})`,
    ),
  ],
);
