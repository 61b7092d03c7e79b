import {
  addDays,
  addMonthsToMonth,
  forecastHorizonEnd,
  lastDayOfMonth,
  monthOf,
  type Cycle,
  type DelayLever,
  type LoanLever,
  type PercentageLever,
  type Transaction,
  type TransactionCreate,
} from '@saldopilot/shared';
import {
  LOAN_CATEGORIES,
  loanSchedule,
  occurrenceDates,
  scaledAmount,
  seriesRows,
  type DatedPayment,
  type SeriesRow,
} from '@saldopilot/forecast';
import type { Tenant } from '../../lib/tenant.js';
import type { CategoriesService } from '../categories/categories.service.js';
import type { createTransactionsService } from '../transactions/transactions.service.js';

/** The transaction cycle a loan's payments repeat in. */
const loanTransactionCycles: Record<LoanLever['cycle'], Cycle> = {
  monthly: 'monthly',
  quarterly: 'quarterly',
  halfYearly: 'biannually',
  yearly: 'yearly',
};

/** A year after `date`'s month: far enough to find the next occurrence of any cycle. */
function yearAfter(date: string): string {
  return lastDayOfMonth(addMonthsToMonth(monthOf(date), 12));
}

/**
 * What promote writes transactions with (docs/scenarios.md "Promote"): the transactions and
 * categories services bound to the promote's database transaction, and the rows each base
 * transaction was split into so far, so a later lever on the same transaction reaches them all, as
 * it reaches them in the scenario (the apply step keeps the id on every part).
 */
export interface TransactionWriter {
  tenant: Tenant;
  today: string;
  transactions: ReturnType<typeof createTransactionsService>;
  categories: CategoriesService;
  parts: Map<number, number[]>;
}

/** The base transaction and the rows it was split into by earlier levers of this promote. */
function partsOf(writer: TransactionWriter, transactionId: number): number[] {
  return [transactionId, ...(writer.parts.get(transactionId) ?? []).flatMap((part) => partsOf(writer, part))];
}

function keepParts(writer: TransactionWriter, id: number, added: readonly number[]): void {
  if (added.length > 0) writer.parts.set(id, [...(writer.parts.get(id) ?? []), ...added]);
}

function rowOf(base: Transaction, row: SeriesRow): TransactionCreate {
  return {
    name: base.name,
    amount: row.amount,
    type: row.cycle ? 'repeating' : 'single',
    cycle: row.cycle,
    startDate: row.startDate,
    ...(row.cycle ? { endDate: row.endDate } : { endDate: null }),
    categoryId: base.category.id,
    currencyId: base.currency.id,
    vatId: base.vat?.id ?? null,
    vatIncluded: base.vatIncluded,
    employeeId: base.employee?.id ?? null,
    bankAccountId: base.bankAccountId,
  };
}

/**
 * The base transaction keeps its occurrences before `from`; from there it is `rows`: it ends the
 * day before (or, starting on or after `from`, becomes the first row, or is disabled when there is
 * none) and the other rows are added. The split of "a transaction changed from a date", shared by
 * every lever on transactions. Answers the ids of the added rows.
 */
async function replaceFrom(
  writer: TransactionWriter,
  base: Transaction,
  from: string,
  rows: readonly SeriesRow[],
): Promise<number[]> {
  const { tenant, transactions } = writer;
  let rest = rows;
  if (base.startDate >= from) {
    const [first, ...others] = rows;
    if (first) await transactions.update(tenant, base.id, rowOf(base, first));
    else await transactions.update(tenant, base.id, { isDisabled: true });
    rest = others;
  } else if (base.type === 'repeating' && (base.endDate === null || base.endDate >= from)) {
    await transactions.update(tenant, base.id, { endDate: addDays(from, -1) });
  }
  const added: number[] = [];
  for (const row of rest) added.push((await transactions.create(tenant, rowOf(base, row))).id);
  return added;
}

/**
 * How a lever changes a transaction's occurrences on or after `from`: the payments it makes of the
 * occurrence dates up to `until` (the first one after it included, where the series goes on), and
 * the end of the series after them (undefined: the original's).
 */
interface OccurrenceChange {
  from: string;
  until: string;
  payments: (dates: readonly string[], amount: number) => DatedPayment[];
  endAfter?: (endDate: string | null) => string | null;
}

/**
 * Rewrites one base transaction's occurrences as `change` says and writes the result as the
 * fewest exact rows (`seriesRows`): within the longest forecast horizon the payments are those of
 * the scenario to the day and the Rappen; after it the last row goes on in the original rhythm.
 */
async function changeOccurrences(writer: TransactionWriter, transactionId: number, change: OccurrenceChange) {
  const base = await writer.transactions.get(writer.tenant, transactionId);
  if (base.isDisabled) return [];
  const all = occurrenceDates(base, change.from, yearAfter(change.until));
  const inside = all.filter((date) => date <= change.until);
  const next = base.type === 'repeating' ? all.find((date) => date > change.until) : undefined;
  if (inside.length === 0 && next === undefined) return [];
  const dates = next === undefined ? inside : [...inside, next];
  const payments = change.payments(dates, base.amount).filter((payment) => payment.amount !== 0);
  const endAfter = change.endAfter ?? ((endDate: string | null) => endDate);
  const rows = seriesRows(
    payments,
    base.cycle ?? 'monthly',
    next === undefined || payments.length === 0 ? undefined : { endDate: endAfter(base.endDate) },
  );
  return replaceFrom(writer, base, change.from, rows);
}

/**
 * The transactions a lever reaches: by id, the named one with every part it was split into; by
 * category or side (`byQuery`), the rows read now, which hold those parts already.
 */
export interface Reach {
  ids: readonly number[];
  byQuery: boolean;
}

function reached(writer: TransactionWriter, reach: Reach): number[] {
  return reach.byQuery ? [...reach.ids] : reach.ids.flatMap((id) => partsOf(writer, id));
}

/** Applies `change` to every transaction reached and keeps the new parts. */
async function changeEach(writer: TransactionWriter, reach: Reach, change: OccurrenceChange) {
  for (const id of reached(writer, reach)) keepParts(writer, id, await changeOccurrences(writer, id, change));
}

/** Stops the named transactions from `from` (a stop, a lost customer). */
export async function stopFrom(writer: TransactionWriter, reach: Reach, from: string): Promise<void> {
  const horizon = forecastHorizonEnd(writer.today);
  await changeEach(writer, reach, { from, until: horizon, payments: () => [] });
}

/**
 * A change from a date (amount, cycle, end): the transaction ends the day before and goes on from its
 * first occurrence on or after the date with the changed fields, as the scenario's row does.
 */
export async function changeFrom(
  writer: TransactionWriter,
  reach: Reach,
  from: string,
  apply: { amount?: number; cycle?: Cycle | null; endDate?: string | null },
): Promise<void> {
  for (const id of reached(writer, reach)) {
    const base = await writer.transactions.get(writer.tenant, id);
    const [first] = occurrenceDates(base, from, yearAfter(forecastHorizonEnd(writer.today)));
    if (first === undefined || base.isDisabled) continue;
    const cycle = apply.cycle === undefined ? base.cycle : apply.cycle;
    const row: SeriesRow = {
      startDate: first,
      amount: apply.amount ?? base.amount,
      cycle: cycle ?? null,
      endDate: cycle ? (apply.endDate === undefined ? base.endDate : apply.endDate) : null,
    };
    keepParts(writer, id, await replaceFrom(writer, base, from, [row]));
  }
}

/** A payment delay: every occurrence on or after `from` paid `days` later (the end moves with them). */
export async function delayFrom(writer: TransactionWriter, reach: Reach, lever: DelayLever) {
  await changeEach(writer, reach, {
    from: lever.from,
    until: forecastHorizonEnd(writer.today),
    payments: (dates, amount) => dates.map((date) => ({ date: addDays(date, lever.days), amount })),
    endAfter: (endDate) => (endDate === null ? null : addDays(endDate, lever.days)),
  });
}

/**
 * A percentage change: the occurrences from `from` up to `to` scaled (rounded once, as the scenario
 * does), the ones after `to` at the original amount again (docs/scenarios.md "Promote").
 */
export async function scaleFrom(writer: TransactionWriter, reach: Reach, lever: PercentageLever) {
  const horizon = forecastHorizonEnd(writer.today);
  const to = lever.to ?? null;
  await changeEach(writer, reach, {
    from: lever.from,
    until: to !== null && to > horizon ? to : horizon,
    payments: (dates, amount) =>
      dates.map((date) => ({
        date,
        amount: to === null || date <= to ? scaledAmount(amount, lever.percent) : amount,
      })),
  });
}

/**
 * A loan: the disbursement as a single transaction (category "Darlehen") and its repayment plan as
 * the fewest rows that pay exactly each payment (category "Zins und Amortisation"): equal payments
 * in one repeating row, the others single.
 */
export async function addLoan(writer: TransactionWriter, lever: LoanLever): Promise<void> {
  const { tenant, transactions, categories } = writer;
  const disbursement = await categories.ensureNamed(tenant, LOAN_CATEGORIES.disbursement);
  const repayments = await categories.ensureNamed(tenant, LOAN_CATEGORIES.payments);
  const common = { name: lever.name, currencyId: lever.currencyId };
  await transactions.create(tenant, {
    ...common,
    amount: lever.amount,
    type: 'single',
    startDate: lever.date,
    categoryId: disbursement,
  });
  const payments = loanSchedule(lever)
    .map((payment) => ({ date: payment.date, amount: -payment.total }))
    .filter((payment) => payment.amount !== 0);
  for (const row of seriesRows(payments, loanTransactionCycles[lever.cycle])) {
    await transactions.create(tenant, {
      ...common,
      amount: row.amount,
      type: row.cycle ? 'repeating' : 'single',
      cycle: row.cycle,
      startDate: row.startDate,
      endDate: row.cycle ? row.endDate : null,
      categoryId: repayments,
    });
  }
}
