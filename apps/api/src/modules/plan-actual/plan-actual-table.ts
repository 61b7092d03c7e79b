/**
 * The Plan/Ist table (docs/plan-actual.md "Plan/Ist"), pure: the planned occurrences and the booked
 * entries of a period, summed per month, side and category, with the variances and the end balances
 * (the plan's accuracy is plan-accuracy.ts, from the snapshots). Every amount is whole minor units
 * of the organisation currency; the only fractions are the percentages, rounded to one decimal in
 * `percentOf`.
 */
import {
  BASE_LOCALE,
  exactSum,
  percentOf,
  type PlanActual,
  type PlanActualCell,
  type PlanActualRow,
  type PlannedOccurrence,
} from '@saldopilot/shared';

/** The row of the entries neither matched nor "nicht geplant". */
export const UNMATCHED_ROW = 'Nicht zugeordnet';

type Side = 'revenue' | 'expense';

/** An entry as the table counts it: converted, with the category it counts under (null: unmatched). */
export interface CountedEntry {
  bookingDate: string;
  amount: number;
  category: string | null;
}

export interface PlanActualInput {
  currency: string;
  /** The months computed, oldest first: the period asked for. */
  months: readonly string[];
  /** The period answered (a part of `months`). */
  from: string;
  to: string;
  occurrences: readonly PlannedOccurrence[];
  entries: readonly CountedEntry[];
  /** The first day any statement covers, or null (docs/plan-actual.md "Coverage"). */
  coveredFrom: string | null;
  /** Whether the statements cover the month (docs/plan-actual.md "Plan/Ist"): only then is there an actual. */
  isCovered: (month: string) => boolean;
  /** The actual end balance of each month of `months`, and of the month before the first. */
  actualBalances: ReadonlyMap<string, number>;
  balanceBefore: number;
}

function cellOf(plan: number, actual: number, covered: boolean): PlanActualCell {
  if (!covered) return { plan, actual: 0, variance: 0, variancePercent: null };
  const variance = exactSum(actual - plan, 'A variance');
  return { plan, actual, variance, variancePercent: percentOf(variance, plan) };
}

/** Sums by key, each sum kept exact. */
class Sums {
  private readonly values = new Map<string, number>();
  add(key: string, amount: number): void {
    this.values.set(key, exactSum((this.values.get(key) ?? 0) + amount, 'A sum of the Plan/Ist table'));
  }
  get(key: string): number {
    return this.values.get(key) ?? 0;
  }
}

const collator = new Intl.Collator(BASE_LOCALE);

export function planActualTable(input: PlanActualInput): PlanActual {
  const { months, coveredFrom, isCovered } = input;
  const plan = new Sums();
  const actual = new Sums();
  // Categories per side; the unmatched row is its own key.
  const categories: Record<Side, Set<string>> = { revenue: new Set(), expense: new Set() };
  const unmatchedSides = new Set<Side>();
  const monthSet = new Set(months);

  for (const occurrence of input.occurrences) {
    const month = occurrence.dueDate.slice(0, 7);
    if (!monthSet.has(month) || occurrence.amount === 0) continue;
    const side: Side = occurrence.amount > 0 ? 'revenue' : 'expense';
    categories[side].add(occurrence.category);
    plan.add(`${month}|${side}|c|${occurrence.category}`, occurrence.amount);
    plan.add(`${month}|${side}`, occurrence.amount);
  }
  let unmatchedCount = 0;
  for (const entry of input.entries) {
    const month = entry.bookingDate.slice(0, 7);
    if (!monthSet.has(month) || entry.amount === 0) continue;
    const side: Side = entry.amount > 0 ? 'revenue' : 'expense';
    if (entry.category === null) {
      unmatchedSides.add(side);
      actual.add(`${month}|${side}|u`, entry.amount);
      if (month >= input.from && month <= input.to) unmatchedCount++;
    } else {
      categories[side].add(entry.category);
      actual.add(`${month}|${side}|c|${entry.category}`, entry.amount);
    }
    actual.add(`${month}|${side}`, entry.amount);
  }

  // Each month's plan starts from the actual end balance of the month before (docs/plan-actual.md
  // "Plan/Ist"), so a month's plan end balance is the same whatever period it is shown in.
  let previousActual = input.balanceBefore;
  const allMonths = months.map((month) => {
    const covered = isCovered(month);
    const revenue = cellOf(plan.get(`${month}|revenue`), actual.get(`${month}|revenue`), covered);
    const expense = cellOf(plan.get(`${month}|expense`), actual.get(`${month}|expense`), covered);
    const cashflow = cellOf(
      exactSum(revenue.plan + expense.plan, 'A cash flow'),
      exactSum(actual.get(`${month}|revenue`) + actual.get(`${month}|expense`), 'A cash flow'),
      covered,
    );
    const planBalance = exactSum(previousActual + cashflow.plan, 'A planned end balance');
    const actualBalance = input.actualBalances.get(month) ?? 0;
    previousActual = actualBalance;
    return {
      month,
      covered,
      revenue,
      expense,
      cashflow,
      balance: { plan: planBalance, actual: actualBalance },
    };
  });
  const answered = allMonths.filter((month) => month.month >= input.from && month.month <= input.to);

  const rows: PlanActualRow[] = [];
  for (const side of ['revenue', 'expense'] as const) {
    for (const category of [...categories[side]].sort(collator.compare)) {
      rows.push({
        side,
        category,
        unmatched: false,
        cells: answered.map(({ month, covered }) =>
          cellOf(plan.get(`${month}|${side}|c|${category}`), actual.get(`${month}|${side}|c|${category}`), covered),
        ),
      });
    }
    if (unmatchedSides.has(side)) {
      rows.push({
        side,
        category: UNMATCHED_ROW,
        unmatched: true,
        cells: answered.map(({ month, covered }) => cellOf(0, actual.get(`${month}|${side}|u`), covered)),
      });
    }
  }
  return {
    currency: input.currency,
    from: input.from,
    to: input.to,
    coveredFrom,
    months: answered,
    rows: rows.filter((row) => row.cells.some((cell) => cell.plan !== 0 || cell.actual !== 0)),
    unmatchedCount,
  };
}
