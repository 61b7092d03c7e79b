import { addMonthsToMonth, type PlanActual, type PlanActualCell } from '@saldopilot/shared';
import { formatAmount, formatPercent, formatSignedAmount, NO_FIGURE } from '../../lib/format';

/**
 * The Plan/Ist page's model (docs/web.md "Plan/Ist"): the API's table turned into the rows the page
 * draws, the end balance's variance, the chart's two lines, the period's choices and the texts of
 * a cell. Pure, so it is tested without a browser.
 */

/** The longest period and how far back it may start (docs/plan-actual.md "Plan/Ist"). */
export const PERIOD_LIMITS = { maxMonths: 24, monthsBack: 24 } as const;

export type RowKind = 'side' | 'category' | 'unmatched' | 'cashflow' | 'balance';

/** A cell as shown: `actual` and the variance are null in a month without bank entries (not covered). */
export interface ShownCell {
  plan: number;
  actual: number | null;
  variance: number | null;
  variancePercent: number | null;
}

export interface TableRow {
  key: string;
  label: string;
  kind: RowKind;
  cells: ShownCell[];
}

export const rowLabels = {
  revenue: 'Einnahmen',
  expense: 'Ausgaben',
  unmatched: 'Nicht zugeordnet',
  cashflow: 'Cashflow',
  balance: 'Endsaldo',
} as const;

/** `part` in % of `whole`'s size with one decimal, as the API rounds its variances; null for a plan of 0. */
export function percentOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part / Math.abs(whole)) * 1000) / 10;
}

function shown(cell: PlanActualCell, covered: boolean): ShownCell {
  // Before the first bank entry there is no actual: the API answers 0, the page a dash.
  if (!covered) return { plan: cell.plan, actual: null, variance: null, variancePercent: null };
  return cell;
}

function balanceCell(balance: { plan: number; actual: number }, covered: boolean): ShownCell {
  if (!covered) return { plan: balance.plan, actual: null, variance: null, variancePercent: null };
  const variance = balance.actual - balance.plan;
  return { plan: balance.plan, actual: balance.actual, variance, variancePercent: percentOf(variance, balance.plan) };
}

/**
 * The rows of the table: Einnahmen with its categories and "Nicht zugeordnet", the same for
 * Ausgaben, then Cashflow and Endsaldo; one cell per month of the answer.
 */
export function tableRows(data: PlanActual): TableRow[] {
  const covered = data.months.map((month) => month.covered);
  const side = (name: 'revenue' | 'expense'): TableRow[] => [
    {
      key: name,
      label: rowLabels[name],
      kind: 'side',
      cells: data.months.map((month, index) => shown(month[name], covered[index]!)),
    },
    ...data.rows
      .filter((row) => row.side === name)
      // "Nicht zugeordnet" closes its side, after the categories in the API's order.
      .sort((a, b) => Number(a.unmatched) - Number(b.unmatched))
      .map((row): TableRow => ({
        key: `${name}:${row.unmatched ? '' : 'category:'}${row.category}`,
        label: row.unmatched ? rowLabels.unmatched : row.category,
        kind: row.unmatched ? 'unmatched' : 'category',
        cells: row.cells.map((cell, index) => shown(cell, covered[index] ?? false)),
      })),
  ];
  return [
    ...side('revenue'),
    ...side('expense'),
    {
      key: 'cashflow',
      label: rowLabels.cashflow,
      kind: 'cashflow',
      cells: data.months.map((month, index) => shown(month.cashflow, covered[index]!)),
    },
    {
      key: 'balance',
      label: rowLabels.balance,
      kind: 'balance',
      cells: data.months.map((month, index) => balanceCell(month.balance, covered[index]!)),
    },
  ];
}

/**
 * Whether a variance is good or bad news. Amounts are signed (expenses below 0), so for revenue,
 * expenses, cash flow and balance alike a variance below 0 is money missing against the plan.
 */
export function varianceSign(cell: ShownCell): 'positive' | 'negative' | undefined {
  if (cell.variance === null || cell.variance === 0) return undefined;
  return cell.variance > 0 ? 'positive' : 'negative';
}

/** The texts of a cell: "Plan 1'450.00 CHF", "Ist 1'500.00 CHF" (or "Ist –"), "Abw. +50.00 CHF (+3.4 %)". */
export function cellTexts(cell: ShownCell, currency: string): { plan: string; actual: string; variance: string } {
  return {
    plan: formatAmount(cell.plan, currency),
    actual: cell.actual === null ? NO_FIGURE : formatAmount(cell.actual, currency),
    variance:
      cell.variance === null
        ? NO_FIGURE
        : cell.variancePercent === null
          ? formatSignedAmount(cell.variance, currency)
          : `${formatSignedAmount(cell.variance, currency)} (${formatPercent(cell.variancePercent, { signed: true })})`,
  };
}

/** The chart's points: the planned and the actual end balance per month, no actual before the bank entries. */
export function balanceSeries(data: PlanActual): { month: string; plan: number; actual: number | null }[] {
  return data.months.map((month) => ({
    month: month.month,
    plan: month.balance.plan,
    actual: month.covered ? month.balance.actual : null,
  }));
}

/** The months a period may start or end in: the current one and the 24 before it, newest first. */
export function periodMonths(currentMonth: string): string[] {
  return Array.from({ length: PERIOD_LIMITS.monthsBack + 1 }, (_, back) => addMonthsToMonth(currentMonth, -back));
}

export interface Period {
  from: string;
  to: string;
}

/**
 * The period after the user chose one end: the other end follows when the choice would put it on
 * the wrong side or make the period longer than 24 months, so every choice is a period the API takes.
 */
export function choosePeriod(period: Period, end: keyof Period, month: string): Period {
  if (end === 'from') {
    // 'YYYY-MM' compares like the calendar.
    const latestTo = addMonthsToMonth(month, PERIOD_LIMITS.maxMonths - 1);
    return { from: month, to: period.to < month ? month : period.to > latestTo ? latestTo : period.to };
  }
  const earliestFrom = addMonthsToMonth(month, -(PERIOD_LIMITS.maxMonths - 1));
  const from = period.from > month ? month : period.from < earliestFrom ? earliestFrom : period.from;
  return { from, to: month };
}
