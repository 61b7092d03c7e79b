import {
  accuracyHorizonText,
  formatMonthLabel,
  percentOf,
  planAccuracyTexts,
  type PlanAccuracy,
  type PlanActual,
  type PlanActualCell,
} from '@saldopilot/shared';

/**
 * The Plan/Ist table as a document (docs/reports.md "Plan/Ist", docs/plan-actual.md "Plan/Ist"): the
 * rows of the page — Einnahmen and Ausgaben with their categories, Cashflow, Endsaldo — each with
 * plan, actual and variance per month, and the plan's accuracy. One model for the XLSX sheet and
 * the PDF summary.
 */
export interface PlanActualReport {
  months: string[];
  monthLabels: string[];
  /** Per month: whether bank entries cover it (else there is no actual). */
  covered: boolean[];
  rows: PlanActualReportRow[];
  /** "Planungsgenauigkeit" lines: label and value. */
  accuracy: [label: string, value: string][];
}

export interface PlanActualReportRow {
  label: string;
  /** 0 for the totals, 1 for a category. */
  level: 0 | 1;
  cells: PlanActualCell[];
}

export const planActualTexts = {
  // Excel refuses "/" in a sheet's name: the sheet of the page "Plan/Ist" is "Plan-Ist".
  sheet: 'Plan-Ist',
  title: 'Plan/Ist',
  plan: 'Plan',
  actual: 'Ist',
  variance: 'Abweichung',
  variancePercent: 'Abw. %',
  revenue: 'Einnahmen',
  expense: 'Ausgaben',
  cashflow: 'Cashflow',
  balance: 'Endsaldo',
  accuracy: 'Planungsgenauigkeit',
  noActual: 'Keine Bankbuchungen für diesen Zeitraum: es gibt noch kein Ist.',
} as const;

/** "12.3 %" with the de-CH decimal point. */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)} %`;
}

/** docs/plan-actual.md "Accuracy per horizon": one line per horizon, WAPE and bias per side. */
function accuracyLines(accuracy: PlanAccuracy): [string, string][] {
  return accuracy.horizons.map((figure) => [
    `${planAccuracyTexts.title} ${planAccuracyTexts.horizon(figure.horizon)}`,
    accuracyHorizonText(figure),
  ]);
}

function balanceCell(balance: { plan: number; actual: number }, covered: boolean): PlanActualCell {
  if (!covered) return { plan: balance.plan, actual: 0, variance: 0, variancePercent: null };
  const variance = balance.actual - balance.plan;
  return { ...balance, variance, variancePercent: percentOf(variance, balance.plan) };
}

export function buildPlanActualReport(table: PlanActual, accuracy: PlanAccuracy): PlanActualReport {
  const side = (name: 'revenue' | 'expense'): PlanActualReportRow[] => [
    { label: planActualTexts[name], level: 0, cells: table.months.map((month) => month[name]) },
    ...table.rows
      .filter((row) => row.side === name)
      .map((row): PlanActualReportRow => ({ label: row.category, level: 1, cells: row.cells })),
  ];
  return {
    months: table.months.map((month) => month.month),
    monthLabels: table.months.map((month) => formatMonthLabel(month.month)),
    covered: table.months.map((month) => month.covered),
    rows: [
      ...side('revenue'),
      ...side('expense'),
      { label: planActualTexts.cashflow, level: 0, cells: table.months.map((month) => month.cashflow) },
      {
        label: planActualTexts.balance,
        level: 0,
        cells: table.months.map((month) => balanceCell(month.balance, month.covered)),
      },
    ],
    accuracy: accuracyLines(accuracy),
  };
}
