import {
  detectRecurring,
  learnDelays,
  normaliseCounterpartyName,
  RECURRING_CONFIDENCE_THRESHOLD,
  type RecurringSeries,
  type StatementEntry,
} from '@saldopilot/forecast';
import {
  addMonths,
  lastDayOfMonth,
  normalizeIban,
  plannedAmountOf,
  recurringMessages,
  type Cycle,
  type LearnedDelays,
  type RecurringAccept,
  type RecurringAcceptResult,
  type RecurringDismiss,
  type RecurringDismissResult,
  type RecurringSuggestion,
  type RecurringSuggestionList,
  type Transaction,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound, validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { BankAccountsService } from '../bank-accounts/bank-accounts.service.js';
import type { MatchService } from '../plan-actual/match.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import type { TransactionsService } from '../transactions/transactions.service.js';
import {
  categoriesOf,
  categoryHintsOf,
  dismissalsOf,
  insertDismissals,
  matchedTransactionPayments,
  openEntriesFrom,
} from './recurring.repository.js';

export interface RecurringServiceDeps {
  db: AppDatabase;
  clock: Clock;
  reference: ReferenceService;
  bankAccounts: BankAccountsService;
  transactions: TransactionsService;
  planMatches: MatchService;
}

export type RecurringService = ReturnType<typeof createRecurringService>;

/** A counterparty's proposed category and VAT rate, from how its earlier entries were categorised or matched. */
export interface CategoryProposal {
  categoryId: number | null;
  categoryName: string | null;
  vatId: number | null;
}

/** How far back the detector reads (docs/recurring.md "Finding series"): 25 months, two yearly payments. */
const MONTHS_READ = 25;

/** A category's name that says "salaries" (the proposal for a salary run without history). */
const SALARY_CATEGORY = /lohn|löhne|loehne|gehalt|personal|salär/i;

function identityOf(iban: string | null, name: string | null): string {
  return iban ? `iban:${normalizeIban(iban)}` : `name:${normaliseCounterpartyName(name ?? '')}`;
}

function monthIndexOf(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** The plan's first date: the rule's date of the first payment; the month's last day for "last business day". */
function startDateOf(series: RecurringSeries): string {
  const first = series.occurrences[0]?.expectedDate ?? series.firstDate;
  return series.rule.kind === 'lastBusinessDay' ? lastDayOfMonth(first.slice(0, 7)) : first;
}

/** The most frequent value (the first seen of equal counts). */
function mostFrequent<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined;
  let bestCount = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Recurring payments found in the statements (docs/recurring.md): the detector
 * (`packages/forecast/src/recurring`) over the organisation's open entries, suggestions with what
 * accepting would create, accepting (a planned transaction and its past entries matched, in one
 * database transaction) and dismissing (a tombstone per series and pattern).
 */
export function createRecurringService({
  db,
  clock,
  reference,
  bankAccounts,
  transactions,
  planMatches,
}: RecurringServiceDeps) {
  /** Every series at or above the threshold, not dismissed; per account, as of its latest booking. */
  async function currentSeries(tenant: Tenant, bankAccountId?: number): Promise<RecurringSeries[]> {
    const from = addMonths(`${clock.today().slice(0, 7)}-01`, -MONTHS_READ);
    const [entries, dismissed] = await Promise.all([
      openEntriesFrom(db, tenant.organisationId, from, bankAccountId),
      dismissalsOf(db, tenant.organisationId),
    ]);
    const byAccount = new Map<number, StatementEntry[]>();
    for (const entry of entries) {
      const list = byAccount.get(entry.bankAccountId);
      if (list) list.push(entry);
      else byAccount.set(entry.bankAccountId, [entry]);
    }
    const found: RecurringSeries[] = [];
    for (const list of byAccount.values()) {
      const asOf = list.reduce((latest, entry) => (entry.bookingDate > latest ? entry.bookingDate : latest), '');
      for (const series of detectRecurring(list, asOf)) {
        if (series.confidence < RECURRING_CONFIDENCE_THRESHOLD) continue;
        if (series.kind === 'salaryRun' && !tenant.seesSalaries) continue;
        if (dismissed.has(`${keyOf(series)}#${series.fingerprint}`)) continue;
        found.push(series);
      }
    }
    return found.sort((a, b) => b.confidence - a.confidence || keyOf(a).localeCompare(keyOf(b)));
  }

  /** The key the API names a series by: its group, on its account. */
  function keyOf(series: RecurringSeries): string {
    return `${series.bankAccountId}|${series.key}`;
  }

  /**
   * The proposals of the organisation's counterparties (docs/recurring.md "Suggestions"): the most
   * frequent category of the entries with the same IBAN (else normalised name), and the most frequent
   * VAT rate of those with that category; `fallback` when nothing is known.
   */
  async function categoryProposals(tenant: Tenant) {
    const [hints, categoryRows] = await Promise.all([
      categoryHintsOf(db, tenant.organisationId),
      categoriesOf(db, tenant.organisationId),
    ]);
    const categoryNames = new Map(categoryRows.map((row) => [row.id, row.name]));
    const hintsByIdentity = new Map<string, { categoryId: number | null; vatId: number | null }[]>();
    for (const hint of hints) {
      const identity = identityOf(hint.iban, hint.name);
      const list = hintsByIdentity.get(identity);
      if (list) list.push(hint);
      else hintsByIdentity.set(identity, [hint]);
    }
    const salaryCategory = categoryRows.find((row) => SALARY_CATEGORY.test(row.name))?.id ?? null;
    return {
      salaryCategory,
      of(iban: string | null, name: string | null, fallback: number | null = null): CategoryProposal {
        const known = hintsByIdentity.get(identityOf(iban, name)) ?? [];
        const categoryId =
          mostFrequent(
            known.map((hint) => hint.categoryId).filter((id): id is number => id !== null && categoryNames.has(id)),
          ) ?? fallback;
        const vatId =
          mostFrequent(
            known
              .filter((hint) => hint.categoryId === categoryId)
              .map((hint) => hint.vatId)
              .filter((id): id is number => id !== null),
          ) ?? null;
        return {
          categoryId,
          categoryName: categoryId === null ? null : (categoryNames.get(categoryId) ?? null),
          vatId,
        };
      },
    };
  }

  async function toSuggestions(tenant: Tenant, found: readonly RecurringSeries[]): Promise<RecurringSuggestion[]> {
    if (found.length === 0) return [];
    const proposals = await categoryProposals(tenant);
    return found.map((series) => {
      const { categoryId, categoryName, vatId } = proposals.of(
        series.counterpartyIban,
        series.counterpartyName,
        series.kind === 'salaryRun' ? proposals.salaryCategory : null,
      );
      return {
        key: keyOf(series),
        fingerprint: series.fingerprint,
        kind: series.kind,
        counterparty: { name: series.counterpartyName, iban: series.counterpartyIban },
        direction: series.direction,
        currency: series.currency,
        bankAccountId: series.bankAccountId,
        cycle: series.cycle,
        amount: series.amount,
        amountMin: series.amountMin,
        amountMax: series.amountMax,
        amountBasis: series.amountBasis,
        firstDate: series.firstDate,
        lastDate: series.lastDate,
        nextDate: series.nextDate,
        entryIds: series.entryIds,
        confidence: series.confidence,
        reasons: series.reasons,
        plannable: series.plannable,
        proposed: {
          name: (series.counterpartyName || 'Wiederkehrende Zahlung').slice(0, 255),
          // docs/recurring.md "Weekly series": a weekly series is planned monthly, with its monthly sum.
          amount: plannedAmountOf(series.cycle, series.amount),
          cycle: series.plannable ? (series.cycle as Cycle) : 'monthly',
          startDate: startDateOf(series),
          categoryId,
          categoryName,
          vatId,
        },
      };
    });
  }

  return {
    /** The category and VAT rate proposed for a payment to this counterparty (docs/qr-bills.md "Preview"). */
    async proposeCategory(tenant: Tenant, iban: string | null, name: string | null): Promise<CategoryProposal> {
      return (await categoryProposals(tenant)).of(iban, name);
    },

    /** `GET /recurring-suggestions`: of one account (404 when the organisation has none such) or all. */
    async suggestions(tenant: Tenant, bankAccountId?: number): Promise<RecurringSuggestionList> {
      if (bankAccountId !== undefined) await bankAccounts.requireRow(db, tenant, bankAccountId);
      const suggestions = await toSuggestions(tenant, await currentSeries(tenant, bankAccountId));
      return { threshold: RECURRING_CONFIDENCE_THRESHOLD, suggestions };
    },

    /**
     * `POST /recurring-suggestions/accept`: each suggestion becomes a repeating transaction (its
     * fields as proposed unless the request edits them) and its entries are matched to the
     * transaction's occurrences — all in one database transaction, all or nothing.
     */
    async accept(tenant: Tenant, request: RecurringAccept): Promise<RecurringAcceptResult> {
      const current = await currentSeries(tenant);
      const suggestions = new Map((await toSuggestions(tenant, current)).map((s) => [s.key, s]));
      const seriesByKey = new Map(current.map((series) => [keyOf(series), series]));
      const fields: Record<string, string> = {};
      const chosen = request.items.map((item, index) => {
        const suggestion = suggestions.get(item.key);
        const series = seriesByKey.get(item.key);
        if (!suggestion || !series) throw notFound(recurringMessages.notFound);
        if (suggestion.fingerprint !== item.fingerprint) throw new AppError('CONFLICT', recurringMessages.changed);
        const amount = item.amount ?? suggestion.proposed.amount;
        const categoryId = item.categoryId ?? suggestion.proposed.categoryId;
        if (Math.sign(amount) !== Math.sign(suggestion.amount))
          fields[`items.${index}.amount`] = recurringMessages.direction;
        if (categoryId === null) fields[`items.${index}.categoryId`] = recurringMessages.categoryRequired;
        return { item, suggestion, series, amount, categoryId };
      });
      if (Object.keys(fields).length > 0) throw validationFailed(fields);
      const currencies = new Map(reference.listCurrencyDefinitions().map((currency) => [currency.code, currency.id]));
      return db.transaction(async (tx) => {
        const created: Transaction[] = [];
        let matchedEntries = 0;
        for (const { item, suggestion, series, amount, categoryId } of chosen) {
          const startDate = suggestion.proposed.startDate;
          const transaction = await transactions.create(
            tenant,
            {
              name: item.name ?? suggestion.proposed.name,
              amount,
              type: 'repeating',
              cycle: suggestion.proposed.cycle,
              startDate,
              endDate: null,
              categoryId: categoryId as number,
              currencyId: currencies.get(series.currency) ?? tenant.currencyId,
              vatId: item.vatId === undefined ? suggestion.proposed.vatId : item.vatId,
              // Bank amounts are what was paid: the VAT is in them.
              vatIncluded: true,
              bankAccountId: series.bankAccountId,
            },
            tx,
          );
          // The transaction's occurrence of a payment's month: its start day clamped to that month (docs/forecast.md "Transactions").
          const links = series.occurrences.flatMap((occurrence) => {
            const dueDate = addMonths(startDate, monthIndexOf(occurrence.expectedDate) - monthIndexOf(startDate));
            return occurrence.entryIds.map((entryId) => ({ entryId, dueDate }));
          });
          matchedEntries += await planMatches.linkNewSeries(
            tx,
            tenant,
            {
              transactionId: transaction.id,
              name: transaction.name,
              categoryName: transaction.category.name,
              amount: transaction.amount,
              currency: transaction.currency.code,
            },
            links,
          );
          created.push(transaction);
        }
        return { transactions: created, matchedEntries };
      });
    },

    /**
     * `GET /recurring-suggestions/delays` (docs/recurring.md "Payment delays"): the median delay of
     * the last 6 months per planned transaction and per counterparty, from the matched payments.
     */
    async delays(tenant: Tenant): Promise<LearnedDelays> {
      const today = clock.today();
      const rows = await matchedTransactionPayments(db, tenant.organisationId, addMonths(today, -7));
      const names = new Map(rows.map((row) => [row.transactionId, { name: row.name, applied: row.applied }]));
      const { byTransaction, byCounterparty } = learnDelays(
        rows.map((row) => ({
          transactionId: row.transactionId,
          counterpartyKey:
            row.counterpartyIban || row.counterpartyName
              ? identityOf(row.counterpartyIban, row.counterpartyName)
              : null,
          counterpartyName: row.counterpartyName,
          dueDate: row.dueDate,
          bookingDate: row.bookingDate,
        })),
        today,
      );
      return {
        transactions: [...byTransaction]
          .map(([transactionId, delay]) => ({
            transactionId,
            name: names.get(transactionId)?.name ?? '',
            applied: names.get(transactionId)?.applied ?? false,
            ...delay,
          }))
          .sort((a, b) => a.transactionId - b.transactionId),
        counterparties: [...byCounterparty]
          .map(([key, delay]) => ({ key, ...delay }))
          .sort((a, b) => a.key.localeCompare(b.key)),
      };
    },

    /** `PUT /recurring-suggestions/delays/{id}`: the switch of one transaction (404 for another organisation's). */
    async applyDelay(tenant: Tenant, transactionId: number, apply: boolean): Promise<void> {
      await transactions.setApplyLearnedDelay(tenant, transactionId, apply);
    },

    /** `POST /recurring-suggestions/dismiss`: tombstones; a series returns only with another pattern. */
    async dismiss(tenant: Tenant, request: RecurringDismiss): Promise<RecurringDismissResult> {
      await insertDismissals(db, tenant.organisationId, request.items);
      return { dismissed: request.items.length };
    },
  };
}
