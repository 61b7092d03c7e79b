import {
  describePage,
  type BankEntry,
  type BankEntryList,
  type BankEntryListQuery,
  type BankEntryUpdate,
  type CsvMapping,
  type CsvMappingAnswer,
  type EntryPlan,
  type OccurrenceKind,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Tenant } from '../../lib/tenant.js';
import type { BankAccountsService } from '../bank-accounts/bank-accounts.service.js';
import type { CategoriesService } from '../categories/categories.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { findEntry, listEntries, setEntryCategory, type BankEntryRow } from './bank-statements.repository.js';

export const bankEntryMessages = {
  entryNotFound: 'Die Buchung wurde nicht gefunden.',
  invalidCategory: 'Ungültige Kategorie',
};

export interface BankEntriesServiceDeps {
  db: AppDatabase;
  reference: ReferenceService;
  bankAccounts: BankAccountsService;
  categories: CategoriesService;
}

export type BankEntriesService = ReturnType<typeof createBankEntriesService>;

/** Where the entry stands to the plan (docs/plan-actual.md "Matching"): matched, "nicht geplant" or open. */
function entryPlanOf(row: BankEntryRow): EntryPlan {
  const occurrences = row.matches.map((match) => ({ ...match, kind: match.kind as OccurrenceKind }));
  if (occurrences.length > 0) return { state: 'matched', occurrence: occurrences[0] ?? null, occurrences };
  return { state: row.unplanned ? 'unplanned' : 'open', occurrence: null, occurrences: [] };
}

function toBankEntry(row: BankEntryRow, accountCurrency: string): BankEntry {
  return {
    id: row.id,
    bookingDate: row.bookingDate,
    valueDate: row.valueDate,
    amount: row.amount,
    currency: row.currency,
    foreignCurrency: row.currency !== accountCurrency,
    counterpartyName: row.counterpartyName,
    counterpartyIban: row.counterpartyIban,
    remittanceInformation: row.remittanceInformation,
    reference: row.reference,
    referenceType: row.referenceType as BankEntry['referenceType'],
    bankReference: row.bankReference,
    isReversal: row.isReversal,
    charges: row.charges,
    source: row.source as BankEntry['source'],
    category:
      row.categoryId !== null && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null,
    plan: entryPlanOf(row),
  };
}

/**
 * The booked entries of the bank accounts (docs/bank-statements.md): /api/bank-accounts/{id}/entries
 * and an entry's category, one entry as plan vs actual answers it, and the CSV mapping remembered
 * per account (the import reads files with it: bank-statements.service.ts).
 */
export function createBankEntriesService({ db, reference, bankAccounts, categories }: BankEntriesServiceDeps) {
  return {
    async listEntries(tenant: Tenant, bankAccountId: number, query: BankEntryListQuery): Promise<BankEntryList> {
      const account = await bankAccounts.requireRow(db, tenant, bankAccountId);
      const { rows, totalCount } = await listEntries(db, tenant.organisationId, bankAccountId, query);
      const currency = reference.codeOf(account.currencyId);
      return { data: rows.map((row) => toBankEntry(row, currency)), pagination: describePage(query, totalCount) };
    },

    /** The CSV mapping remembered for the account (null: the headers are recognised by their names). */
    async getCsvMapping(tenant: Tenant, bankAccountId: number): Promise<CsvMappingAnswer> {
      return { csvMapping: await bankAccounts.csvMappingOf(db, tenant, bankAccountId) };
    },

    /** Remembers how the account's CSV exports are read (null forgets it). */
    async setCsvMapping(
      tenant: Tenant,
      bankAccountId: number,
      csvMapping: CsvMapping | null,
    ): Promise<CsvMappingAnswer> {
      await bankAccounts.setCsvMapping(tenant, bankAccountId, csvMapping);
      return { csvMapping };
    },

    /** Sets or removes an entry's category (a system category or one of the organisation's). */
    async updateEntry(
      tenant: Tenant,
      bankAccountId: number,
      entryId: number,
      changes: BankEntryUpdate,
    ): Promise<BankEntry> {
      const account = await bankAccounts.requireRow(db, tenant, bankAccountId);
      await db.transaction(async (tx) => {
        if (changes.categoryId !== null && !(await categories.isVisible(tx, tenant, changes.categoryId, 'share'))) {
          throw new AppError('VALIDATION_FAILED', bankEntryMessages.invalidCategory, {
            fields: { categoryId: bankEntryMessages.invalidCategory },
          });
        }
        if (!(await setEntryCategory(tx, tenant.organisationId, bankAccountId, entryId, changes.categoryId))) {
          throw notFound(bankEntryMessages.entryNotFound);
        }
      });
      const row = await findEntry(db, tenant.organisationId, bankAccountId, entryId);
      if (!row) throw notFound(bankEntryMessages.entryNotFound);
      return toBankEntry(row, reference.codeOf(account.currencyId));
    },

    /** One entry of the organisation, whatever its account (the plan-vs-actual routes name entries alone). */
    async entry(tenant: Tenant, entryId: number): Promise<BankEntry> {
      const row = await findEntry(db, tenant.organisationId, null, entryId);
      if (!row) throw notFound(bankEntryMessages.entryNotFound);
      const account = await bankAccounts.requireRow(db, tenant, row.bankAccountId);
      return toBankEntry(row, reference.codeOf(account.currencyId));
    },
  };
}
