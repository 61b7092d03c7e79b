import {
  formatAmount,
  formatDate,
  type BankEntry,
  type BankEntryList,
  type BankEntryListQuery,
  type BankEntryUpdate,
  type CsvMapping,
  type CsvMappingAnswer,
  type EntryPlan,
  type OccurrenceKind,
  type StatementFilePreview,
  type StatementImportQuery,
  type StatementImportResult,
  type StatementPreview,
  describePage,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Tenant } from '../../lib/tenant.js';
import { bankAccountMessages, type BankAccountsService } from '../bank-accounts/bank-accounts.service.js';
import {
  findBankAccount,
  findCsvMapping,
  listAccountsForImport,
  setCsvMapping as storeCsvMapping,
  type BankAccountRow,
} from '../bank-accounts/bank-accounts.repository.js';
import { findVisibleCategory } from '../categories/categories.repository.js';
import type { ReferenceService } from '../reference/reference.service.js';
import {
  findEntry,
  findTakenIdentities,
  insertEntries,
  insertStatementPeriods,
  listEntries,
  setEntryCategory,
  updateBalanceIfNewer,
  type BankEntryRow,
  type NewBankEntry,
} from './bank-statements.repository.js';
import { entryIdentities } from './lib/identity.js';
import { readStatementFile } from './lib/read-file.js';
import { StatementFileError, type ParsedEntry, type ParsedStatement } from './lib/statement.js';

export const bankStatementMessages = {
  missingFile: 'Bitte senden Sie eine Datei (camt.053, camt.054, ZIP oder CSV).',
  entryNotFound: 'Die Buchung wurde nicht gefunden.',
  invalidCategory: 'Ungültige Kategorie',
  notImportable: 'Die Datei kann nicht importiert werden',
} as const;

/** How many entries of each statement the preview shows. */
export const PREVIEW_ENTRIES = 20;
/** How many warnings and errors of each statement the preview lists (a last line counts the rest). */
export const PREVIEW_MESSAGES = 50;

/** The first messages of a list, and one line saying how many more there are. */
function firstMessages(messages: string[]): string[] {
  if (messages.length <= PREVIEW_MESSAGES) return messages;
  return [...messages.slice(0, PREVIEW_MESSAGES), `… und ${messages.length - PREVIEW_MESSAGES} weitere`];
}

export interface StatementFile {
  bytes: Uint8Array | undefined;
  contentType: string | undefined;
}

export interface BankStatementsServiceDeps {
  db: AppDatabase;
  reference: ReferenceService;
  bankAccounts: BankAccountsService;
}

/** One statement with its account, identities and what the import would do (shared by preview and import). */
interface PlannedStatement {
  statement: ParsedStatement;
  account: BankAccountRow | null;
  matchedBy: 'iban' | 'chosen' | null;
  accountCurrency: string | null;
  identities: string[];
  /** Per entry: its identity is taken already (stored, or earlier in this upload). */
  taken: boolean[];
  balanceUpdate: { updates: boolean; reason: string | null };
  balanceCheck: StatementPreview['balanceCheck'];
  warnings: string[];
  errors: string[];
}

export type BankStatementsService = ReturnType<typeof createBankStatementsService>;

/** Where the entry stands to the plan (docs/plan-actual.md "Matching"): matched, "nicht geplant" or open. */
function entryPlanOf(row: BankEntryRow): EntryPlan {
  if (row.matchKind !== null && row.matchItemId !== null && row.matchDueDate !== null) {
    return {
      state: 'matched',
      occurrence: {
        kind: row.matchKind as OccurrenceKind,
        id: row.matchItemId,
        dueDate: row.matchDueDate,
        name: row.matchName ?? '',
        category: row.matchCategory ?? '',
        amount: row.matchAmount ?? 0,
      },
    };
  }
  return { state: row.unplanned ? 'unplanned' : 'open', occurrence: null };
}

/**
 * Bank statements in (docs/bank-statements.md): a file is read into statements, each matched to an
 * account of the organisation, its entries checked against the stored ones; the preview answers
 * that, the import stores it in one transaction.
 */
export function createBankStatementsService({ db, reference, bankAccounts }: BankStatementsServiceDeps) {
  function currencyCode(currencyId: number): string {
    return reference.currencyById(currencyId)?.code ?? '';
  }

  function readFile(file: StatementFile, csvMapping: CsvMapping | undefined): ParsedStatement[] {
    if (!file.bytes || file.bytes.length === 0) {
      throw new AppError('VALIDATION_FAILED', bankStatementMessages.missingFile);
    }
    try {
      return readStatementFile(file.bytes, file.contentType, csvMapping);
    } catch (error) {
      if (error instanceof StatementFileError) throw new AppError('VALIDATION_FAILED', error.message);
      throw error;
    }
  }

  async function plan(reader: AppDatabase, tenant: Tenant, file: StatementFile, query: StatementImportQuery) {
    const accounts = await listAccountsForImport(reader, tenant.organisationId);
    const chosen = query.bankAccountId === undefined ? undefined : accounts.find((a) => a.id === query.bankAccountId);
    if (query.bankAccountId !== undefined && !chosen) throw notFound(bankAccountMessages.notFound);
    // A CSV is read with the chosen account's remembered mapping, where it has one.
    const remembered = chosen ? (await findCsvMapping(reader, tenant.organisationId, chosen.id))?.csvMapping : null;
    const statements = readFile(file, remembered ?? undefined);
    const byIban = new Map(accounts.filter((a) => a.iban).map((a) => [a.iban!, a]));
    const seen = new Map<number, Set<string>>();
    const planned: PlannedStatement[] = [];
    for (const statement of statements) {
      const warnings = [...statement.warnings];
      const errors = [...statement.errors];
      const matched = statement.iban ? byIban.get(statement.iban) : undefined;
      const account = matched ?? chosen ?? null;
      const matchedBy = matched ? 'iban' : chosen ? 'chosen' : null;
      if (!account) {
        errors.push(
          statement.iban
            ? `Kein Bankkonto mit der IBAN ${statement.iban}: bitte wählen Sie ein Konto.`
            : 'Die Datei nennt keine IBAN: bitte wählen Sie ein Konto.',
        );
      } else if (!matched && chosen?.iban && statement.iban && chosen.iban !== statement.iban) {
        warnings.push(`Die IBAN des Auszugs (${statement.iban}) ist nicht die des gewählten Kontos (${chosen.iban}).`);
      }
      const accountCurrency = account ? currencyCode(account.currencyId) : null;
      const foreign = statement.entries.filter(
        (entry) => accountCurrency && (entry.currency ?? accountCurrency) !== accountCurrency,
      );
      if (foreign.length > 0) {
        const codes = [...new Set(foreign.map((entry) => entry.currency))].join(', ');
        warnings.push(
          `${foreign.length} Buchung(en) in ${codes}, nicht in der Kontowährung ${accountCurrency}: übernommen und markiert.`,
        );
      }
      const identities = entryIdentities(statement.entries);
      const stored = account ? await findTakenIdentities(reader, account.id, identities) : new Set<string>();
      const upload = account ? (seen.get(account.id) ?? new Set<string>()) : new Set<string>();
      if (account) seen.set(account.id, upload);
      const taken = identities.map((identity) => {
        const already = stored.has(identity) || upload.has(identity);
        upload.add(identity);
        return already;
      });
      planned.push({
        statement,
        account,
        matchedBy,
        accountCurrency,
        identities,
        taken,
        balanceUpdate: { updates: false, reason: null },
        balanceCheck: balanceCheckOf(statement, warnings),
        warnings,
        errors,
      });
    }
    decideBalances(planned);
    return planned;
  }

  /** camt.053: the entries in the statement's currency against closing − opening; a difference is warned. */
  function balanceCheckOf(statement: ParsedStatement, warnings: string[]): StatementPreview['balanceCheck'] {
    const { opening, closing } = statement;
    if (statement.kind !== 'camt.053' || !opening || !closing) return null;
    const entriesTotal = statement.entries
      .filter((entry) => !entry.currency || !statement.currency || entry.currency === statement.currency)
      .reduce((sum, entry) => sum + entry.amount, 0);
    const balanceChange = closing.amount - opening.amount;
    const matches = entriesTotal === balanceChange;
    if (!matches) {
      warnings.push(
        `Die Buchungen ergeben ${formatAmount(entriesTotal)}, der Saldo ändert sich aber um ${formatAmount(balanceChange)}.`,
      );
    }
    return { entriesTotal, balanceChange, matches };
  }

  /**
   * Which closing balance becomes its account's balance: the newest per account, only when newer
   * than the account's "Stand per" and in the account's currency; every other says why not.
   */
  function decideBalances(planned: PlannedStatement[]): void {
    const newest = new Map<number, PlannedStatement>();
    for (const item of planned) {
      const closing = item.statement.closing;
      if (!item.account || !closing) continue;
      const current = newest.get(item.account.id);
      if (!current || closing.date > current.statement.closing!.date) newest.set(item.account.id, item);
    }
    for (const item of planned) {
      const closing = item.statement.closing;
      const account = item.account;
      let reason: string | null = null;
      if (!closing)
        reason =
          item.statement.kind === 'camt.054'
            ? 'Eine Avisierung (camt.054) enthält keinen Saldo.'
            : 'Die Datei enthält keinen Saldo.';
      else if (!account) reason = 'Kein Konto gewählt.';
      else if (item.statement.currency && item.statement.currency !== item.accountCurrency) {
        reason = `Der Auszug ist in ${item.statement.currency}, das Konto in ${item.accountCurrency}: der Kontostand bleibt.`;
      } else if (closing.date <= account.balanceDate) {
        reason = `Der Saldo per ${formatDate(closing.date)} ist nicht neuer als «Stand per» ${formatDate(account.balanceDate)}: der Kontostand bleibt.`;
      } else if (newest.get(account.id) !== item) reason = 'Ein neuerer Auszug derselben Datei setzt den Kontostand.';
      item.balanceUpdate = { updates: reason === null, reason };
    }
  }

  function toEntryFields(entry: ParsedEntry, accountCurrency: string | null) {
    const currency = entry.currency ?? accountCurrency ?? '';
    return {
      bookingDate: entry.bookingDate,
      valueDate: entry.valueDate,
      amount: entry.amount,
      currency,
      foreignCurrency: accountCurrency !== null && currency !== accountCurrency,
      counterpartyName: entry.counterpartyName,
      counterpartyIban: entry.counterpartyIban,
      remittanceInformation: entry.remittanceInformation,
      reference: entry.reference,
      referenceType: entry.referenceType,
      bankReference: entry.bankReference,
      isReversal: entry.isReversal,
      charges: entry.charges,
    };
  }

  function toPreview(item: PlannedStatement): StatementPreview {
    const { statement, account } = item;
    const duplicateCount = item.taken.filter(Boolean).length;
    const newCount = item.taken.length - duplicateCount;
    return {
      fileName: statement.fileName,
      kind: statement.kind,
      version: statement.version,
      statementId: statement.statementId,
      iban: statement.iban,
      account: account
        ? {
            id: account.id,
            name: account.name,
            currency: item.accountCurrency ?? '',
            amount: account.amount,
            balanceDate: account.balanceDate,
          }
        : null,
      accountMatchedBy: item.matchedBy,
      currency: statement.currency ?? item.accountCurrency,
      period: statement.period,
      openingBalance: statement.opening,
      closingBalance: statement.closing,
      balanceCheck: item.balanceCheck,
      balanceUpdate: item.balanceUpdate,
      entryCount: statement.entries.length,
      newCount,
      duplicateCount,
      pendingCount: statement.pendingCount,
      summary: `${newCount} neu, ${duplicateCount} bereits importiert`,
      warnings: firstMessages(item.warnings),
      errors: firstMessages(item.errors),
      entries: statement.entries.slice(0, PREVIEW_ENTRIES).map((entry, index) => ({
        ...toEntryFields(entry, item.accountCurrency),
        alreadyImported: item.taken[index]!,
      })),
      csvColumns: statement.csvColumns ?? null,
    };
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

  async function requireAccount(tenant: Tenant, bankAccountId: number): Promise<BankAccountRow> {
    const account = await findBankAccount(db, tenant.organisationId, bankAccountId);
    if (!account) throw notFound(bankAccountMessages.notFound);
    return account;
  }

  return {
    /** What the import would do, per statement; nothing is stored. */
    async preview(tenant: Tenant, file: StatementFile, query: StatementImportQuery): Promise<StatementFilePreview> {
      const planned = await plan(db, tenant, file, query);
      return {
        statements: planned.map(toPreview),
        canImport: planned.every((item) => item.errors.length === 0),
      };
    },

    /**
     * Stores every new entry and the balances in one transaction, all or nothing: a file with an
     * error in any statement (a CSV row, a missing account) stores nothing (400 naming the errors).
     */
    async importFile(tenant: Tenant, file: StatementFile, query: StatementImportQuery): Promise<StatementImportResult> {
      return db.transaction(async (tx) => {
        const planned = await plan(tx, tenant, file, query);
        const errors = planned.flatMap((item) =>
          item.errors.map((error) => (item.statement.fileName ? `${item.statement.fileName}: ${error}` : error)),
        );
        if (errors.length > 0) {
          const shown =
            errors.slice(0, 10).join('; ') + (errors.length > 10 ? ` (und ${errors.length - 10} weitere)` : '');
          const missingAccount = planned.some((item) => !item.account);
          throw new AppError('VALIDATION_FAILED', `${bankStatementMessages.notImportable}: ${shown}`, {
            fields: missingAccount ? { bankAccountId: shown } : { file: shown },
          });
        }
        const rows: NewBankEntry[] = [];
        let total = 0;
        for (const item of planned) {
          const account = item.account!;
          item.statement.entries.forEach((entry, index) => {
            total += 1;
            if (item.taken[index]) return;
            rows.push({
              bankAccountId: account.id,
              identity: item.identities[index]!,
              ...toEntryFields(entry, item.accountCurrency),
              source: item.statement.kind,
            });
          });
        }
        const imported = await insertEntries(tx, tenant.organisationId, rows);
        // What each statement covers (docs/bank-statements.md "Coverage"), also when it added nothing new.
        await insertStatementPeriods(
          tx,
          tenant.organisationId,
          planned.flatMap(({ account, statement }) =>
            statement.period ? [{ bankAccountId: account!.id, ...statement.period }] : [],
          ),
        );
        let balancesUpdated = 0;
        for (const item of planned) {
          if (!item.balanceUpdate.updates) continue;
          if (await updateBalanceIfNewer(tx, tenant.organisationId, item.account!.id, item.statement.closing!)) {
            balancesUpdated += 1;
          }
        }
        // A new balance must keep "Total Bankguthaben" exact (ARCHITECTURE.md rule 7).
        if (balancesUpdated > 0) await bankAccounts.requireExactTotal(tx, tenant.organisationId, tenant.currencyId);
        return { imported, duplicates: total - imported, balancesUpdated };
      });
    },

    async listEntries(tenant: Tenant, bankAccountId: number, query: BankEntryListQuery): Promise<BankEntryList> {
      const account = await requireAccount(tenant, bankAccountId);
      const { rows, totalCount } = await listEntries(db, tenant.organisationId, bankAccountId, query);
      const currency = currencyCode(account.currencyId);
      return { data: rows.map((row) => toBankEntry(row, currency)), pagination: describePage(query, totalCount) };
    },

    /** The CSV mapping remembered for the account (null: the headers are recognised by their names). */
    async getCsvMapping(tenant: Tenant, bankAccountId: number): Promise<CsvMappingAnswer> {
      const row = await findCsvMapping(db, tenant.organisationId, bankAccountId);
      if (!row) throw notFound(bankAccountMessages.notFound);
      return { csvMapping: row.csvMapping };
    },

    /** Remembers how the account's CSV exports are read (null forgets it). */
    async setCsvMapping(
      tenant: Tenant,
      bankAccountId: number,
      csvMapping: CsvMapping | null,
    ): Promise<CsvMappingAnswer> {
      if (!(await storeCsvMapping(db, tenant.organisationId, bankAccountId, csvMapping))) {
        throw notFound(bankAccountMessages.notFound);
      }
      return { csvMapping };
    },

    /** Sets or removes an entry's category (a system category or one of the organisation's). */
    async updateEntry(
      tenant: Tenant,
      bankAccountId: number,
      entryId: number,
      changes: BankEntryUpdate,
    ): Promise<BankEntry> {
      const account = await requireAccount(tenant, bankAccountId);
      await db.transaction(async (tx) => {
        if (
          changes.categoryId !== null &&
          !(await findVisibleCategory(tx, tenant.organisationId, changes.categoryId, 'share'))
        ) {
          throw new AppError('VALIDATION_FAILED', bankStatementMessages.invalidCategory, {
            fields: { categoryId: bankStatementMessages.invalidCategory },
          });
        }
        if (!(await setEntryCategory(tx, tenant.organisationId, bankAccountId, entryId, changes.categoryId))) {
          throw notFound(bankStatementMessages.entryNotFound);
        }
      });
      const row = await findEntry(db, tenant.organisationId, bankAccountId, entryId);
      if (!row) throw notFound(bankStatementMessages.entryNotFound);
      return toBankEntry(row, currencyCode(account.currencyId));
    },

    /** One entry of the organisation, whatever its account (the plan-vs-actual routes name entries alone). */
    async entry(tenant: Tenant, entryId: number): Promise<BankEntry> {
      const row = await findEntry(db, tenant.organisationId, null, entryId);
      if (!row) throw notFound(bankStatementMessages.entryNotFound);
      const account = await requireAccount(tenant, row.bankAccountId);
      return toBankEntry(row, currencyCode(account.currencyId));
    },
  };
}
