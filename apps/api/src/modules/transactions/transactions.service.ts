import {
  describePage,
  nextExecutionDate,
  transactionShapeErrors,
  vatAmount,
  type Affected,
  type Transaction,
  type TransactionBulk,
  type TransactionCreate,
  type TransactionList,
  type TransactionListQuery,
  type TransactionUpdate,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { notFound, validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { toVat } from '../vats/vats.service.js';
import {
  deleteTransaction,
  deleteTransactions,
  findReferences,
  findTransaction,
  findTransactionForUpdate,
  insertTransaction,
  listTransactions,
  lockTransactions,
  setTransactionsDisabled,
  updateTransaction,
  type TransactionRow,
  type TransactionValues,
  setApplyLearnedDelay,
} from './transactions.repository.js';

export const transactionMessages = {
  notFound: 'Die Transaktion wurde nicht gefunden.',
  someNotFound: 'Mindestens eine der gewählten Transaktionen wurde nicht gefunden. Es wurde nichts geändert.',
  invalidCategory: 'Ungültige Kategorie',
  invalidCurrency: 'Ungültige Währung',
  invalidEmployee: 'Ungültige Mitarbeitende',
  invalidVat: 'Ungültige Mehrwertsteuer',
  invalidBankAccount: 'Ungültiges Bankkonto',
} as const;

/** The referenced ids of a create or an update (absent = unchanged, null = cleared). */
interface References {
  categoryId?: number | undefined;
  currencyId?: number | undefined;
  employeeId?: number | null | undefined;
  vatId?: number | null | undefined;
  bankAccountId?: number | null | undefined;
}

function valuesOf(input: TransactionCreate): TransactionValues {
  return {
    name: input.name,
    link: input.link ?? null,
    amount: input.amount,
    type: input.type,
    cycle: input.cycle ?? null,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    categoryId: input.categoryId,
    currencyId: input.currencyId,
    employeeId: input.employeeId ?? null,
    vatRateId: input.vatId ?? null,
    vatIncluded: input.vatIncluded ?? false,
    reference: input.reference ?? null,
    bankAccountId: input.bankAccountId ?? null,
  };
}

/** The columns a partial update sets: only the fields it names (null clears an optional one). */
function changesOf(update: TransactionUpdate): Partial<TransactionValues> {
  const changes: Partial<TransactionValues> = {
    name: update.name,
    link: update.link,
    amount: update.amount,
    type: update.type,
    cycle: update.cycle,
    startDate: update.startDate,
    endDate: update.endDate,
    categoryId: update.categoryId,
    currencyId: update.currencyId,
    employeeId: update.employeeId,
    vatRateId: update.vatId,
    vatIncluded: update.vatIncluded,
    isDisabled: update.isDisabled,
    reference: update.reference,
    bankAccountId: update.bankAccountId,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;

/**
 * Transactions of the tenant's organisation: revenues (amount > 0) and expenses (< 0), once or
 * repeating. Answers carry the VAT amount and the next execution date, both by the shared rules
 * (`vatAmount`, `nextExecutionDate`) with today from the app clock. Referenced categories, VAT
 * rates, employees and currencies must be visible to the organisation, else 400 naming the field.
 */
export function createTransactionsService(deps: { db: AppDatabase; clock: Clock; reference: ReferenceService }) {
  const { db, clock, reference } = deps;

  function toTransaction(row: TransactionRow, today: string): Transaction {
    const currency = reference.currencyById(row.currencyId);
    // The foreign key keeps the currency; a miss means the seed and the data disagree.
    if (!currency) throw new Error(`transaction ${row.id} has an unknown currency ${row.currencyId}`);
    return {
      id: row.id,
      name: row.name,
      link: row.link,
      amount: row.amount,
      vatAmount: vatAmount(row.amount, row.vatValue, row.vatIncluded),
      vatIncluded: row.vatIncluded,
      isDisabled: row.isDisabled,
      cycle: row.cycle,
      type: row.type,
      startDate: row.startDate,
      endDate: row.endDate,
      category: { id: row.categoryId, name: row.categoryName },
      currency,
      employee: row.employeeId === null ? null : { id: row.employeeId, name: row.employeeName ?? '' },
      vat:
        row.vatId === null || row.vatValue === null
          ? null
          : toVat({ id: row.vatId, value: row.vatValue, organisationId: row.vatOrganisationId }),
      nextExecutionDate: nextExecutionDate(row, today),
      reference: row.reference,
      bankAccountId: row.bankAccountId,
    };
  }

  /** 400 naming every referenced id the organisation may not use; locks the ones it may. */
  async function requireReferences(tx: AppDatabase, tenant: Tenant, ids: References): Promise<void> {
    const found = await findReferences(tx, tenant.organisationId, {
      categoryId: ids.categoryId,
      vatRateId: ids.vatId ?? undefined,
      employeeId: ids.employeeId ?? undefined,
      bankAccountId: ids.bankAccountId ?? undefined,
    });
    const fields: Record<string, string> = {};
    if (ids.categoryId !== undefined && !found.category) fields.categoryId = transactionMessages.invalidCategory;
    if (ids.currencyId !== undefined && !reference.currencyById(ids.currencyId)) {
      fields.currencyId = transactionMessages.invalidCurrency;
    }
    if (typeof ids.employeeId === 'number' && !found.employee) fields.employeeId = transactionMessages.invalidEmployee;
    if (typeof ids.vatId === 'number' && !found.vatRate) fields.vatId = transactionMessages.invalidVat;
    if (typeof ids.bankAccountId === 'number' && !found.bankAccount) {
      fields.bankAccountId = transactionMessages.invalidBankAccount;
    }
    if (Object.keys(fields).length > 0) throw validationFailed(fields);
  }

  async function getOne(tenant: Tenant, id: number, database: AppDatabase = db): Promise<Transaction> {
    const row = await findTransaction(database, tenant.organisationId, id);
    if (!row) throw notFound(transactionMessages.notFound);
    return toTransaction(row, clock.today());
  }

  return {
    /** One page, filtered and sorted in SQL; the total counts the whole filtered list. */
    async list(tenant: Tenant, query: TransactionListQuery): Promise<TransactionList> {
      const today = clock.today();
      const { rows, totalCount } = await listTransactions(db, tenant.organisationId, query, today);
      return { data: rows.map((row) => toTransaction(row, today)), pagination: describePage(query, totalCount) };
    },

    get: getOne,

    /**
     * Creates a transaction (the schema has checked its fields and their combination); inside the
     * caller's database transaction `within` when given (a savepoint there).
     */
    async create(tenant: Tenant, input: TransactionCreate, within: AppDatabase = db): Promise<Transaction> {
      // Answered from inside the transaction: a committed create is never answered 503 (docs/api.md "Writes").
      return within.transaction(async (tx) => {
        await requireReferences(tx, tenant, input);
        return getOne(tenant, await insertTransaction(tx, tenant.organisationId, valuesOf(input)), tx);
      });
    },

    /**
     * A true partial update: absent fields stay, null clears an optional one. The rules across
     * fields are checked on the stored row merged with the changes, so `{ type: "single" }` on a
     * repeating transaction is refused until the same request also clears `cycle` (and `endDate`):
     * nothing is cleared silently.
     */
    async update(tenant: Tenant, id: number, update: TransactionUpdate): Promise<Transaction> {
      await db.transaction(async (tx) => {
        const stored = await findTransactionForUpdate(tx, tenant.organisationId, id);
        if (!stored) throw notFound(transactionMessages.notFound);
        const changes = changesOf(update);
        const shapeErrors = transactionShapeErrors({ ...stored, ...changes });
        if (Object.keys(shapeErrors).length > 0) throw validationFailed(shapeErrors);
        await requireReferences(tx, tenant, update);
        await updateTransaction(tx, tenant.organisationId, id, changes);
      });
      return getOne(tenant, id);
    },

    /** "gelernte Verzögerung anwenden" on or off (docs/recurring.md "Payment delays"); 404 for another organisation's. */
    async setApplyLearnedDelay(tenant: Tenant, id: number, apply: boolean): Promise<void> {
      if (!(await setApplyLearnedDelay(db, tenant.organisationId, id, apply)))
        throw notFound(transactionMessages.notFound);
    },

    async remove(tenant: Tenant, id: number): Promise<void> {
      if (!(await deleteTransaction(db, tenant.organisationId, id))) throw notFound(transactionMessages.notFound);
    },

    /**
     * Enables, disables or deletes several transactions in one database transaction. If any id is
     * not one of the organisation's transactions, the whole request is refused (404) and nothing changes.
     */
    async bulk(tenant: Tenant, request: TransactionBulk): Promise<Affected> {
      return db.transaction(async (tx) => {
        const found = await lockTransactions(tx, tenant.organisationId, request.ids);
        if (found.length !== request.ids.length) throw notFound(transactionMessages.someNotFound);
        if (request.action === 'delete') await deleteTransactions(tx, tenant.organisationId, request.ids);
        else await setTransactionsDisabled(tx, tenant.organisationId, request.ids, request.action === 'disable');
        return { affected: found.length };
      });
    },
  };
}
