import {
  accountKeyOf,
  formatAmount,
  formatDate,
  formatIban,
  isValidIban,
  type CsvMapping,
  type StatementFilePreview,
  type StatementImportQuery,
  type StatementImportResult as ImportResult,
  type StatementImportResult,
  type StatementPreview,
  exactSum,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Tenant } from '../../lib/tenant.js';
import {
  bankAccountMessages,
  type BankAccountsService,
  type ImportAccountRow,
} from '../bank-accounts/bank-accounts.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import {
  findTakenIdentities,
  insertEntries,
  insertStatementPeriods,
  updateBalanceIfNewer,
  type NewBankEntry,
} from './bank-statements.repository.js';
import { entryIdentities } from './lib/identity.js';
import type { ParsedEntry, ParsedStatement } from './lib/statement.js';
import type { StatementReader } from './statement-reader.js';

export const bankStatementMessages = {
  missingFile: 'Bitte senden Sie eine Datei (camt.053, camt.054, ZIP oder CSV).',
  notImportable: 'Die Datei kann nicht importiert werden',
  noSuchStatement: (index: number, count: number) =>
    `Ungültige Zuordnung: Auszug ${index} gibt es nicht (die Datei hat ${count} Auszug/Auszüge, gezählt ab 0).`,
  unknownCurrency: (code: string) => `Die Währung ${code} ist unbekannt: das Konto kann nicht angelegt werden.`,
  ibanTaken: (iban: string, name: string) =>
    `Das Konto «${name}» hat die IBAN ${iban} bereits: bitte wählen Sie es, statt ein neues anzulegen.`,
};

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
  /** Reads uploaded files in worker threads, within the limits per instance and organisation. */
  reader: StatementReader;
}

type AccountMatch = NonNullable<StatementPreview['accountMatchedBy']>;

/**
 * The account an import creates from a statement (`assign=…:new`): until the import it stands in
 * its statement's import plan with a negative id and an unknown "Stand per", so the statement's balance becomes its own.
 */
interface NewAccount {
  row: ImportAccountRow;
  preview: NonNullable<StatementPreview['newAccount']>;
}

/** One statement's import plan: its account, identities and what the import would do (`prepareImport`; shared by preview and import). */
interface ImportPlan {
  statement: ParsedStatement;
  account: ImportAccountRow | null;
  matchedBy: AccountMatch | null;
  newAccount: NewAccount | null;
  /** The statement account's keys (IBAN, number) remembered for the chosen account after the import. */
  remember: string[];
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

/**
 * Bank statements in (docs/bank-statements.md): a file is read into statements, each matched to an
 * account of the organisation, its entries checked against the stored ones; the preview answers
 * that, the import stores it in one transaction.
 */
export function createBankStatementsService({ db, reference, bankAccounts, reader }: BankStatementsServiceDeps) {
  /**
   * The statements of the uploaded file, read in a worker (statement-reader.ts) outside any
   * transaction, with the chosen account's remembered CSV mapping where it has one (404 for an
   * account the organisation does not have, before the file is read).
   */
  async function readUpload(tenant: Tenant, file: StatementFile, query: StatementImportQuery) {
    let csvMapping: CsvMapping | undefined;
    if (query.bankAccountId !== undefined) {
      csvMapping = (await bankAccounts.csvMappingOf(db, tenant, query.bankAccountId)) ?? undefined;
    }
    if (!file.bytes || file.bytes.length === 0) {
      throw new AppError('VALIDATION_FAILED', bankStatementMessages.missingFile);
    }
    const statements = await reader.read(tenant.organisationId, file.bytes, file.contentType, csvMapping);
    requireExactEntries(statements);
    return statements;
  }

  /**
   * Any sum of an upload's entries must stay exact (ARCHITECTURE.md rule 7): each amount is in
   * range, but 91 of the largest together are not, and every later total (Plan/Ist, the forecast's
   * actuals) would be wrong. The sizes are added, so every partial sum is exact too; beyond,
   * AmountOverflowError answers the German 400 and nothing is stored.
   */
  function requireExactEntries(statements: ParsedStatement[]): void {
    let size = 0;
    for (const statement of statements) {
      for (const entry of statement.entries) size += Math.abs(entry.amount);
    }
    exactSum(size, 'the entries of a bank statement file');
  }

  /** `assign=0:12,1:new` as a map from the statement's place to an account id or `new`. */
  function assignmentsOf(query: StatementImportQuery, statementCount: number): Map<number, number | 'new'> {
    const assignments = new Map<number, number | 'new'>();
    for (const part of query.assign ? query.assign.split(',') : []) {
      const [index, target] = part.split(':') as [string, string];
      if (Number(index) >= statementCount) {
        throw new AppError('VALIDATION_FAILED', bankStatementMessages.noSuchStatement(Number(index), statementCount), {
          fields: { assign: bankStatementMessages.noSuchStatement(Number(index), statementCount) },
        });
      }
      assignments.set(Number(index), target === 'new' ? 'new' : Number(target));
    }
    return assignments;
  }

  /** The keys a statement names its account by: its IBAN or its account number (docs/bank-statements.md "Accounts"). */
  function statementKeys(statement: ParsedStatement): string[] {
    return [statement.iban, statement.accountNumber].filter((id): id is string => Boolean(id)).map(accountKeyOf);
  }

  /** The account a statement's IBAN or number names: by an account's IBAN or "Kontonummer", else by an earlier choice. */
  function recognise(
    keys: string[],
    accounts: ImportAccountRow[],
  ): { account: ImportAccountRow; by: AccountMatch } | null {
    if (keys.length === 0) return null;
    const byIban = accounts.find((a) => a.iban && keys.includes(accountKeyOf(a.iban)));
    if (byIban) return { account: byIban, by: 'iban' };
    const byNumber = accounts.find((a) => a.accountNumber && keys.includes(accountKeyOf(a.accountNumber)));
    if (byNumber) return { account: byNumber, by: 'accountNumber' };
    const remembered = accounts.find((a) => a.statementAccountIds.some((key) => keys.includes(key)));
    return remembered ? { account: remembered, by: 'remembered' } : null;
  }

  /**
   * The account created from a statement: its name (`Acct/Nm`, else "Konto" and its IBAN or number),
   * IBAN, number and currency (the statement's, `Acct/Ccy`, else its closing balance's, else the organisation's).
   * A German error when the currency is unknown or another account has the IBAN.
   */
  function newAccountOf(
    statement: ParsedStatement,
    tenant: Tenant,
    accounts: ImportAccountRow[],
    id: number,
  ): NewAccount | string {
    const code = statement.currency ?? statement.closing?.currency ?? reference.codeOf(tenant.currencyId);
    const currency = reference.listCurrencyDefinitions().find((candidate) => candidate.code === code);
    if (!currency) return bankStatementMessages.unknownCurrency(code);
    const iban = statement.iban && isValidIban(statement.iban) ? statement.iban : null;
    const holder = iban ? accounts.find((a) => a.iban === iban) : undefined;
    if (holder) return bankStatementMessages.ibanTaken(iban!, holder.name);
    const name = (
      statement.accountName ??
      (statement.iban
        ? `Konto ${formatIban(statement.iban)}`
        : statement.accountNumber
          ? `Konto ${statement.accountNumber}`
          : 'Konto aus Kontoauszug')
    ).slice(0, 100);
    const accountNumber = statement.accountNumber;
    return {
      row: {
        id,
        name,
        amount: 0,
        currencyId: currency.id,
        balanceDate: null,
        iban,
        accountNumber,
        statementAccountIds: [],
      },
      preview: { name, iban, accountNumber, currency: currency.code },
    };
  }

  /**
   * The import plan of every statement of the file, read in `reader` (the import's transaction):
   * the account each goes to, which entries are new, which balance updates its account. Nothing is
   * written.
   */
  async function prepareImport(
    reader: AppDatabase,
    tenant: Tenant,
    statements: ParsedStatement[],
    query: StatementImportQuery,
  ) {
    const accounts = await bankAccounts.accountsForImport(reader, tenant);
    const chosen = query.bankAccountId === undefined ? undefined : accounts.find((a) => a.id === query.bankAccountId);
    if (query.bankAccountId !== undefined && !chosen) throw notFound(bankAccountMessages.notFound);
    const assignments = assignmentsOf(query, statements.length);
    // Statements of one statement account assigned `new` share the one account created.
    const created = new Map<string, NewAccount>();
    const seen = new Map<number, Set<string>>();
    const prepared: ImportPlan[] = [];
    for (const [index, statement] of statements.entries()) {
      const warnings = [...statement.warnings];
      const errors = [...statement.errors];
      const keys = statementKeys(statement);
      const assigned = assignments.get(index);
      let account: ImportAccountRow | null = null;
      let matchedBy: AccountMatch | null = null;
      let newAccount: NewAccount | null = null;
      const recognised = recognise(keys, accounts);
      if (assigned === 'new') {
        const key = keys[0] ?? `#${index}`;
        const made = created.get(key) ?? newAccountOf(statement, tenant, accounts, -1 - created.size);
        if (typeof made === 'string') errors.push(made);
        else {
          created.set(key, made);
          ({ row: account } = made);
          newAccount = made;
          matchedBy = 'new';
        }
      } else if (assigned !== undefined) {
        account = accounts.find((a) => a.id === assigned) ?? null;
        if (!account) throw notFound(bankAccountMessages.notFound);
        matchedBy = recognised?.account === account ? recognised.by : 'chosen';
      } else if (recognised) {
        ({ account, by: matchedBy } = recognised);
      } else if (chosen) {
        account = chosen;
        matchedBy = 'chosen';
      }
      if (!account && errors.length === 0) {
        errors.push(
          statement.iban
            ? `Kein Bankkonto mit der IBAN ${statement.iban}: bitte wählen Sie ein Konto.`
            : statement.accountNumber
              ? `Kein Bankkonto mit der Kontonummer ${statement.accountNumber}: bitte wählen Sie ein Konto.`
              : 'Die Datei nennt keine IBAN: bitte wählen Sie ein Konto.',
        );
      } else if (matchedBy === 'chosen' && account?.iban && statement.iban && account.iban !== statement.iban) {
        warnings.push(`Die IBAN des Auszugs (${statement.iban}) ist nicht die des gewählten Kontos (${account.iban}).`);
      }
      const accountCurrency = account ? reference.codeOf(account.currencyId) : null;
      warnings.push(...currencyWarnings(statement, accountCurrency));
      const identities = entryIdentities(statement.entries);
      const stored =
        account && account.id > 0 ? await findTakenIdentities(reader, account.id, identities) : new Set<string>();
      const upload = account ? (seen.get(account.id) ?? new Set<string>()) : new Set<string>();
      if (account) seen.set(account.id, upload);
      const taken = identities.map((identity) => {
        const already = stored.has(identity) || upload.has(identity);
        upload.add(identity);
        return already;
      });
      prepared.push({
        statement,
        account,
        matchedBy,
        newAccount,
        // What a person chose for a statement account no account names is remembered (docs/bank-statements.md "Accounts").
        remember: matchedBy === 'chosen' || matchedBy === 'new' ? keys : [],
        accountCurrency,
        identities,
        taken,
        balanceUpdate: { updates: false, reason: null },
        balanceCheck: balanceCheckOf(statement, warnings),
        warnings,
        errors,
      });
    }
    decideBalances(prepared);
    return prepared;
  }

  /**
   * The entries' currency warnings: those booked in another currency than the account's and taken
   * in the account's currency from their amount details, and those kept foreign (no such amount).
   */
  function currencyWarnings(statement: ParsedStatement, accountCurrency: string | null): string[] {
    if (!accountCurrency) return [];
    const converted: ParsedEntry[] = [];
    const foreign: ParsedEntry[] = [];
    for (const entry of statement.entries) {
      if ((entry.currency ?? accountCurrency) === accountCurrency) continue;
      (toEntryFields(entry, accountCurrency).foreignCurrency ? foreign : converted).push(entry);
    }
    const codes = (entries: ParsedEntry[]) => [...new Set(entries.map((entry) => entry.currency))].join(', ');
    const warnings: string[] = [];
    if (converted.length > 0) {
      warnings.push(
        `${converted.length} Buchung(en) in ${codes(converted)}: mit dem Betrag in ${accountCurrency} aus den Betragsdetails übernommen.`,
      );
    }
    if (foreign.length > 0) {
      warnings.push(
        `${foreign.length} Buchung(en) in ${codes(foreign)}, nicht in der Kontowährung ${accountCurrency}: übernommen und markiert.`,
      );
    }
    return warnings;
  }

  /**
   * camt.053: the booked entries against closing − opening, all in the closing balance's currency;
   * a difference is warned, and balances in two currencies are not compared at all.
   */
  function balanceCheckOf(statement: ParsedStatement, warnings: string[]): StatementPreview['balanceCheck'] {
    const { opening, closing } = statement;
    if (statement.kind !== 'camt.053' || !opening || !closing) return null;
    const currency = closing.currency ?? statement.currency;
    const openingCurrency = opening.currency ?? statement.currency;
    if (currency && openingCurrency && currency !== openingCurrency) {
      warnings.push(`Anfangssaldo in ${openingCurrency}, Schlusssaldo in ${currency}: keine Saldoprüfung.`);
      return null;
    }
    const entriesTotal = statement.entries
      .filter((entry) => {
        const entryCurrency = entry.currency ?? statement.currency;
        return !currency || !entryCurrency || entryCurrency === currency;
      })
      .reduce((sum, entry) => sum + entry.amount, 0);
    const balanceChange = closing.amount - opening.amount;
    const matches = entriesTotal === balanceChange;
    if (!matches) {
      warnings.push(
        `Die Buchungen ergeben ${formatAmount(entriesTotal)}, der Saldo ändert sich aber um ${formatAmount(balanceChange)}.`,
      );
    }
    return { currency, entriesTotal, balanceChange, matches };
  }

  /**
   * Which closing balance becomes its account's balance: the newest per account, only when newer
   * than the account's "Stand per" and in the account's currency; every other says why not.
   */
  function decideBalances(prepared: ImportPlan[]): void {
    const newest = new Map<number, ImportPlan>();
    for (const item of prepared) {
      const closing = item.statement.closing;
      if (!item.account || !closing) continue;
      const current = newest.get(item.account.id);
      if (!current || closing.date > current.statement.closing!.date) newest.set(item.account.id, item);
    }
    for (const item of prepared) {
      const closing = item.statement.closing;
      const account = item.account;
      let reason: string | null = null;
      if (!closing)
        reason =
          item.statement.kind === 'camt.054'
            ? 'Eine Avisierung (camt.054) enthält keinen Saldo.'
            : 'Die Datei enthält keinen Saldo.';
      else if (!account) reason = 'Kein Konto gewählt.';
      else if ((closing.currency ?? item.statement.currency ?? item.accountCurrency) !== item.accountCurrency) {
        // Only a balance in the account's own currency is its balance (docs/bank-statements.md "Balances").
        reason = `Schlusssaldo in ${closing.currency ?? item.statement.currency}, Konto in ${item.accountCurrency}: nicht übernommen`;
      } else if (account.balanceDate !== null && closing.date <= account.balanceDate) {
        reason = `Der Saldo per ${formatDate(closing.date)} ist nicht neuer als «Stand per» ${formatDate(account.balanceDate)}: der Kontostand bleibt.`;
      } else if (newest.get(account.id) !== item) reason = 'Ein neuerer Auszug derselben Datei setzt den Kontostand.';
      item.balanceUpdate = { updates: reason === null, reason };
    }
  }

  /**
   * An entry as stored: booked in another currency than the account's, it takes the amount in the
   * account's currency from its amount details where the file gives one, and is foreign only where not.
   */
  function toEntryFields(entry: ParsedEntry, accountCurrency: string | null) {
    let currency = entry.currency ?? accountCurrency ?? '';
    let amount = entry.amount;
    const inAccountCurrency =
      accountCurrency && currency !== accountCurrency
        ? entry.amountDetails?.find((detail) => detail.currency === accountCurrency)
        : undefined;
    if (inAccountCurrency) ({ amount, currency } = inAccountCurrency);
    return {
      bookingDate: entry.bookingDate,
      valueDate: entry.valueDate,
      amount,
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

  /**
   * The currency a statement is shown in (docs/bank-statements.md "Balances"): the file's, else its
   * account's, else the one an account created from it would get (its closing balance's, else the
   * organisation's) — so a CSV without a currency column and without a chosen account still shows
   * its balances and amounts with a currency.
   */
  function shownCurrency(item: ImportPlan, tenant: Tenant): string {
    const { statement } = item;
    return (
      statement.currency ?? item.accountCurrency ?? statement.closing?.currency ?? reference.codeOf(tenant.currencyId)
    );
  }

  function toPreview(item: ImportPlan, tenant: Tenant): StatementPreview {
    const { statement, account } = item;
    const currency = shownCurrency(item, tenant);
    const duplicateCount = item.taken.filter(Boolean).length;
    const newCount = item.taken.length - duplicateCount;
    return {
      fileName: statement.fileName,
      kind: statement.kind,
      version: statement.version,
      statementId: statement.statementId,
      iban: statement.iban,
      accountNumber: statement.accountNumber,
      account:
        account && !item.newAccount
          ? {
              id: account.id,
              name: account.name,
              currency: item.accountCurrency ?? '',
              amount: account.amount,
              balanceDate: account.balanceDate,
            }
          : null,
      accountMatchedBy: item.matchedBy,
      newAccount: item.newAccount?.preview ?? null,
      currency,
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
      entries: statement.entries.slice(0, PREVIEW_ENTRIES).map((entry, index) => {
        const fields = toEntryFields(entry, item.accountCurrency);
        return { ...fields, currency: fields.currency || currency, alreadyImported: item.taken[index]! };
      }),
      csvColumns: statement.csvColumns ?? null,
    };
  }

  return {
    /** What the import would do, per statement; nothing is stored. */
    async preview(tenant: Tenant, file: StatementFile, query: StatementImportQuery): Promise<StatementFilePreview> {
      const statements = await readUpload(tenant, file, query);
      const prepared = await prepareImport(db, tenant, statements, query);
      return {
        statements: prepared.map((item) => toPreview(item, tenant)),
        canImport: prepared.every((item) => item.errors.length === 0),
      };
    },

    /**
     * Stores every new entry and the balances in one transaction, all or nothing: a file with an
     * error in any statement (a CSV row, a missing account) stores nothing (400 naming the errors).
     */
    async importFile(tenant: Tenant, file: StatementFile, query: StatementImportQuery): Promise<StatementImportResult> {
      // Read before the transaction opens: no connection is held while a worker reads the file.
      const statements = await readUpload(tenant, file, query);
      return db.transaction(async (tx) => {
        const prepared = await prepareImport(tx, tenant, statements, query);
        const errors = prepared.flatMap((item) =>
          item.errors.map((error) => (item.statement.fileName ? `${item.statement.fileName}: ${error}` : error)),
        );
        if (errors.length > 0) {
          const shown =
            errors.slice(0, 10).join('; ') + (errors.length > 10 ? ` (und ${errors.length - 10} weitere)` : '');
          const missingAccount = prepared.some((item) => !item.account);
          throw new AppError('VALIDATION_FAILED', `${bankStatementMessages.notImportable}: ${shown}`, {
            fields: missingAccount ? { bankAccountId: shown } : { file: shown },
          });
        }
        // The accounts to create from statements first: then every statement has its account.
        const createdAccounts: ImportResult['createdAccounts'] = [];
        const made = new Map<number, ImportAccountRow>();
        for (const item of prepared) {
          if (!item.newAccount) continue;
          const pseudo = item.newAccount.row;
          let row = made.get(pseudo.id);
          if (!row) {
            const { id: _pseudoId, statementAccountIds: _none, ...values } = pseudo;
            row = { ...(await bankAccounts.insertForImport(tx, tenant, values)), statementAccountIds: [] };
            made.set(pseudo.id, row);
            createdAccounts.push({ id: row.id, name: row.name });
          }
          item.account = row;
        }
        const rows: NewBankEntry[] = [];
        let total = 0;
        for (const item of prepared) {
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
          prepared.flatMap(({ account, statement }) =>
            statement.period ? [{ bankAccountId: account!.id, ...statement.period }] : [],
          ),
        );
        const balances: ImportResult['balances'] = [];
        for (const item of prepared) {
          if (!item.balanceUpdate.updates) continue;
          const closing = item.statement.closing!;
          if (await updateBalanceIfNewer(tx, tenant.organisationId, item.account!.id, closing)) {
            balances.push({
              bankAccountId: item.account!.id,
              name: item.account!.name,
              amount: closing.amount,
              currency: item.accountCurrency ?? '',
              date: closing.date,
            });
          }
        }
        for (const item of prepared) {
          await bankAccounts.rememberStatementAccounts(tx, tenant, item.account!.id, item.remember);
        }
        // A new balance must keep "Total Bankguthaben" exact (ARCHITECTURE.md rule 7).
        if (balances.length > 0) await bankAccounts.requireExactTotal(tx, tenant.organisationId, tenant.currencyId);
        return { imported, duplicates: total - imported, balancesUpdated: balances.length, balances, createdAccounts };
      });
    },
  };
}
