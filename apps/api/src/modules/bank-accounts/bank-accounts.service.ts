import {
  describePage,
  exactSum,
  type BankAccount,
  type BankAccountCreate,
  type BankAccountFreshness,
  freshnessNote,
  STALE_BALANCE_DAYS,
  staleAccounts,
  type BankAccountList,
  type BankAccountListQuery,
  type BankAccountUpdate,
  type Currency,
  type CsvMapping,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { lockOrganisationNames } from '../../lib/name-lock.js';
import { converterTo, type Converter } from '../../lib/rates/conversion.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ReferenceService } from '../reference/reference.service.js';
import {
  deleteBankAccount,
  findAccountWithIban,
  findBankAccount,
  findCsvMapping,
  insertBankAccount,
  listAccountsForImport,
  listBalances,
  listBankAccounts,
  rememberStatementAccounts,
  setCsvMapping,
  updateBankAccount,
  type BankAccountRow,
  type ImportAccountRow,
} from './bank-accounts.repository.js';

export type { BankAccountRow, ImportAccountRow };

/** What an import stores of a new account (`insertForImport`). */
export type NewBankAccountRow = Parameters<typeof insertBankAccount>[2];

export const bankAccountMessages = {
  notFound: 'Das Bankkonto wurde nicht gefunden.',
  unknownCurrency: 'Ungültige Währung',
  duplicateIban: 'Diese IBAN gehört bereits zu einem anderen Bankkonto.',
} as const;

export interface BankAccountsServiceDeps {
  db: AppDatabase;
  clock: Clock;
  reference: ReferenceService;
  rates: RatesService;
}

export type BankAccountsService = ReturnType<typeof createBankAccountsService>;

/**
 * Bank accounts of the caller's organisation: balances in their own currency, each also converted
 * into the organisation's currency, and "Total Bankguthaben" over all of them.
 */
export function createBankAccountsService({ db, clock, reference, rates }: BankAccountsServiceDeps) {
  function currencyOf(currencyId: number): Currency {
    const currency = reference.currencyById(currencyId);
    // Accounts reference currencies by foreign key and currencies are never deleted.
    if (!currency) throw new Error(`currency ${currencyId} of a bank account is not loaded`);
    return currency;
  }

  function requireCurrency(currencyId: number | undefined): void {
    if (currencyId !== undefined && !reference.currencyById(currencyId)) {
      throw new AppError('VALIDATION_FAILED', bankAccountMessages.unknownCurrency, {
        fields: { currencyId: bankAccountMessages.unknownCurrency },
      });
    }
  }

  function converterOf(currencyId: number): Converter {
    return converterTo(rates, currencyOf(currencyId).code);
  }

  function toBankAccount(row: BankAccountRow, converter: Converter): BankAccount {
    const currency = currencyOf(row.currencyId);
    return {
      id: row.id,
      name: row.name,
      amount: row.amount,
      currency,
      balanceDate: row.balanceDate,
      convertedAmount: converter.convert(row.amount, currency.code),
      iban: row.iban,
      accountNumber: row.accountNumber,
    };
  }

  /**
   * "Total Bankguthaben" in the currency `currencyId`: each balance converted and rounded once, then
   * summed (as the forecast's start). A balance or sum beyond exact integers throws
   * AmountOverflowError (400; ARCHITECTURE.md rule 7), never a rounded total.
   */
  function totalOf(currencyId: number, balances: { amount: number; currencyId: number }[]): BankAccountList['total'] {
    const converter = converterOf(currencyId);
    const amount = exactSum(
      balances.reduce((sum, row) => sum + converter.convert(row.amount, currencyOf(row.currencyId).code), 0),
      'Total Bankguthaben',
    );
    return { amount, currency: currencyOf(currencyId).code, missingRates: converter.missingRates() };
  }

  /** The account's row as stored, or 404 (another organisation's account too). */
  async function requireRow(reader: AppDatabase, tenant: Tenant, id: number): Promise<BankAccountRow> {
    const row = await findBankAccount(reader, tenant.organisationId, id);
    if (!row) throw notFound(bankAccountMessages.notFound);
    return row;
  }

  /** Throws AmountOverflowError unless the organisation's "Total Bankguthaben" in `currencyId` is exact. */
  async function requireExactTotal(reader: AppDatabase, organisationId: number, currencyId: number): Promise<void> {
    totalOf(currencyId, await listBalances(reader, organisationId));
  }

  /**
   * Runs a write in a transaction that is undone when "Total Bankguthaben" afterwards would be too large
   * to be exact (AmountOverflowError, 400): each balance is in range, but enough of the largest are not.
   */
  function keepingTotalExact<T>(tenant: Tenant, write: (tx: AppDatabase) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const result = await write(tx);
      await requireExactTotal(tx, tenant.organisationId, tenant.currencyId);
      return result;
    });
  }

  /**
   * 409 naming `iban` when another account of the organisation has it. The organisation's name lock
   * serialises the check with concurrent ones; the unique index stays the last word.
   */
  async function requireFreeIban(tx: AppDatabase, tenant: Tenant, iban: string | null | undefined, exceptId?: number) {
    if (!iban) return;
    await lockOrganisationNames(tx, tenant.organisationId);
    if ((await findAccountWithIban(tx, tenant.organisationId, iban, exceptId)) !== undefined) {
      throw new AppError('CONFLICT', bankAccountMessages.duplicateIban, {
        fields: { iban: bankAccountMessages.duplicateIban },
      });
    }
  }

  return {
    /**
     * `GET /bank-accounts/freshness` (docs/plan-actual.md "Freshness"): the accounts whose "Stand per"
     * is older than STALE_BALANCE_DAYS days, the oldest first, and the note naming the oldest.
     */
    async freshness(tenant: Tenant): Promise<BankAccountFreshness> {
      const rows = await listAccountsForImport(db, tenant.organisationId);
      const stale = staleAccounts(
        rows.map(({ id, name, balanceDate }) => ({ id, name, balanceDate })),
        clock.today(),
      );
      return { staleAfterDays: STALE_BALANCE_DAYS, stale, note: freshnessNote(stale) };
    },

    /** One page, and the total over every account of the organisation whatever the page or search. */
    async list(tenant: Tenant, query: BankAccountListQuery): Promise<BankAccountList> {
      const { rows, totalCount } = await listBankAccounts(db, tenant.organisationId, query);
      // A first page without search that holds every account already has all balances.
      const wholeList = query.page === 1 && !query.search && rows.length === totalCount;
      const balances = wholeList ? rows : await listBalances(db, tenant.organisationId);
      const converter = converterOf(tenant.currencyId);
      return {
        data: rows.map((row) => toBankAccount(row, converter)),
        pagination: describePage(query, totalCount),
        total: totalOf(tenant.currencyId, balances),
      };
    },

    async get(tenant: Tenant, id: number): Promise<BankAccount> {
      return toBankAccount(await requireRow(db, tenant, id), converterOf(tenant.currencyId));
    },

    /**
     * Creates an account; "Stand per" is today unless given, and stays unknown when given as null
     * (the first statement sets it). 0 and negative balances are allowed.
     */
    async create(tenant: Tenant, input: BankAccountCreate): Promise<BankAccount> {
      requireCurrency(input.currencyId);
      const row = await keepingTotalExact(tenant, async (tx) => {
        await requireFreeIban(tx, tenant, input.iban);
        return insertBankAccount(tx, tenant.organisationId, {
          name: input.name,
          amount: input.amount,
          currencyId: input.currencyId,
          balanceDate: input.balanceDate === undefined ? clock.today() : input.balanceDate,
          iban: input.iban ?? null,
          accountNumber: input.accountNumber ?? null,
        });
      });
      return toBankAccount(row, converterOf(tenant.currencyId));
    },

    /**
     * Changes only the given fields. A new balance without a "Stand per" is dated today: the old
     * date would claim the new balance was already true then.
     */
    async update(tenant: Tenant, id: number, changes: BankAccountUpdate): Promise<BankAccount> {
      requireCurrency(changes.currencyId);
      const row = await keepingTotalExact(tenant, async (tx) => {
        await requireFreeIban(tx, tenant, changes.iban, id);
        return updateBankAccount(tx, tenant.organisationId, id, {
          name: changes.name,
          amount: changes.amount,
          currencyId: changes.currencyId,
          balanceDate: changes.balanceDate,
          iban: changes.iban,
          accountNumber: changes.accountNumber,
          balanceDateIfAmountChanged: clock.today(),
        });
      });
      if (!row) throw notFound(bankAccountMessages.notFound);
      return toBankAccount(row, converterOf(tenant.currencyId));
    },

    requireExactTotal,

    async remove(tenant: Tenant, id: number): Promise<void> {
      if (!(await deleteBankAccount(db, tenant.organisationId, id))) throw notFound(bankAccountMessages.notFound);
    },

    // For the other areas (bank statements, plan vs actual): the rows as stored, read and written in
    // the caller's transaction (`reader`, `tx`) where one is open.

    requireRow,

    /** Every account of the organisation as a statement import sees it (docs/bank-statements.md "Accounts"). */
    accountsForImport(reader: AppDatabase, tenant: Tenant): Promise<ImportAccountRow[]> {
      return listAccountsForImport(reader, tenant.organisationId);
    },

    /**
     * An account a statement import creates (docs/bank-statements.md "Accounts"), under the
     * organisation's name lock; its total is checked by the import with `requireExactTotal`.
     */
    async insertForImport(tx: AppDatabase, tenant: Tenant, values: NewBankAccountRow): Promise<BankAccountRow> {
      await lockOrganisationNames(tx, tenant.organisationId);
      return insertBankAccount(tx, tenant.organisationId, values);
    },

    /** Remembers that statements of the statement accounts `keys` go to the account (see the repository). */
    rememberStatementAccounts(tx: AppDatabase, tenant: Tenant, id: number, keys: string[]): Promise<void> {
      return rememberStatementAccounts(tx, tenant.organisationId, id, keys);
    },

    /** The CSV mapping remembered for the account (null: none), or 404. */
    async csvMappingOf(reader: AppDatabase, tenant: Tenant, id: number): Promise<CsvMapping | null> {
      const row = await findCsvMapping(reader, tenant.organisationId, id);
      if (!row) throw notFound(bankAccountMessages.notFound);
      return row.csvMapping;
    },

    /** Remembers (or with null forgets) how the account's CSV exports are read, or 404. */
    async setCsvMapping(tenant: Tenant, id: number, csvMapping: CsvMapping | null): Promise<void> {
      if (!(await setCsvMapping(db, tenant.organisationId, id, csvMapping))) {
        throw notFound(bankAccountMessages.notFound);
      }
    },
  };
}
