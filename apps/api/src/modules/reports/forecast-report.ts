import {
  detailRows,
  formatAmount,
  formatDateTimeInZurich,
  formatMonthLabel,
  overdueRowLabel,
  runwayHeadline,
  VAT_SETTLEMENT_NAME,
  type Forecast,
  type ForecastDetails,
  type ForecastLeafNode,
} from '@saldopilot/shared';

/**
 * The forecast as a document (docs/reports.md): the header block, the month columns and the rows
 * the Prognose table shows with every category and leaf open. One model for every file format, so
 * the XLSX, the CSV and the PDF say the same as the screen.
 */
export interface ForecastReport {
  title: string;
  /** Label and value lines above the table: organisation, currency, period, performance, … */
  header: [label: string, value: string][];
  /** 'YYYY-MM' of each column. */
  months: string[];
  /** The month columns' headers ("Januar 2027"). */
  monthLabels: string[];
  rows: ReportRow[];
  /** The currency every amount is in. */
  currency: string;
}

/**
 * One row: `level` 0 for the totals (Einnahmen, Ausgaben, Cashflow, Endsaldo, Mindestliquidität), 1
 * for a category, 2 for a leaf (an item; one per employee for the salaries).
 */
export interface ReportRow {
  label: string;
  level: 0 | 1 | 2;
  kind: 'side' | 'category' | 'leaf' | 'cashflow' | 'saldo' | 'minimum';
  cells: ReportCell[];
  /** A leaf of an overdue occurrence (docs/reports.md "What is exported"): its due date, also in its label. */
  overdueDate?: string;
}

/**
 * An amount in minor units. `excluded`: the leaf is excluded in this month; `cents` is then what the
 * exclusion took out (shown struck through, as on the screen) and counts in no sum.
 */
export interface ReportCell {
  cents: number;
  excluded?: boolean;
}

export const reportTexts = {
  title: 'Liquiditätsplan',
  organisation: 'Organisation',
  currency: 'Währung',
  period: 'Zeitraum',
  performance: 'Performance',
  dataOf: 'Stand der Daten',
  createdBy: 'Erstellt von',
  startBalance: 'Startsaldo (alle Bankkonten)',
  freshness: 'Stand der Saldi',
  minimum: 'Mindestliquidität',
  runway: 'Liquidität',
  lowest: 'Tiefster Endsaldo',
  excludedNote: 'Hinweis',
  excludedText: 'Durchgestrichene Beträge sind von der Prognose ausgeschlossen und in keiner Summe enthalten.',
  revenue: 'Einnahmen',
  expense: 'Ausgaben',
  cashflow: 'Cashflow',
  saldo: 'Endsaldo',
  monthsCount: (count: number) => (count === 1 ? '1 Monat' : `${count} Monate`),
} as const;

export interface ForecastReportInput {
  organisationName: string;
  userName: string;
  performance: number;
  forecast: Forecast;
  /** Every category with its leaves (`expand` unset). */
  details: ForecastDetails;
  /**
   * The note naming the oldest balance "Stand per" older than STALE_BALANCE_DAYS days
   * (docs/plan-actual.md "Freshness"); null when every balance is fresh.
   */
  freshness?: string | null;
}

export function buildForecastReport({
  organisationName,
  userName,
  performance,
  forecast,
  details,
  freshness = null,
}: ForecastReportInput): ForecastReport {
  const months = forecast.months.map((month) => month.month);
  const first = months[0] as string;
  const last = months[months.length - 1] as string;
  const { runway, currency } = forecast;
  const header: [string, string][] = [
    [reportTexts.organisation, organisationName],
    [reportTexts.currency, currency],
    [
      reportTexts.period,
      `${formatMonthLabel(first)} – ${formatMonthLabel(last)} (${reportTexts.monthsCount(months.length)})`,
    ],
    [reportTexts.performance, `${performance} %`],
    [reportTexts.dataOf, formatDateTimeInZurich(forecast.calculatedAt)],
    [reportTexts.createdBy, userName],
    [reportTexts.startBalance, formatAmount(forecast.startBalance, currency)],
    ...(freshness === null ? [] : [[reportTexts.freshness, freshness] as [string, string]]),
    [reportTexts.minimum, formatAmount(runway.minimumBalance, currency)],
    [reportTexts.runway, runwayHeadline(runway, first)],
    [reportTexts.lowest, `${formatAmount(runway.lowest.saldo, currency)} im ${formatMonthLabel(runway.lowest.month)}`],
    [reportTexts.excludedNote, reportTexts.excludedText],
  ];
  const total = (label: string, kind: ReportRow['kind'], pick: (index: number) => number): ReportRow => ({
    label,
    level: 0,
    kind,
    cells: months.map((_, index) => ({ cents: pick(index) })),
  });
  const rows: ReportRow[] = [
    total(reportTexts.revenue, 'side', (index) => forecast.months[index]?.revenue ?? 0),
    ...sideRows(details, 'revenue', months),
    total(reportTexts.expense, 'side', (index) => forecast.months[index]?.expense ?? 0),
    ...sideRows(details, 'expense', months),
    total(reportTexts.cashflow, 'cashflow', (index) => forecast.months[index]?.cashflow ?? 0),
    total(reportTexts.saldo, 'saldo', (index) => forecast.months[index]?.saldo ?? 0),
    total(reportTexts.minimum, 'minimum', () => runway.minimumBalance),
  ];
  return {
    title: reportTexts.title,
    header,
    months,
    monthLabels: months.map(formatMonthLabel),
    rows,
    currency,
  };
}

/** The categories of one side and their leaves; the VAT settlement is its category's row alone, as on screen. */
function sideRows(details: ForecastDetails, side: 'revenue' | 'expense', months: string[]): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const category of detailRows(details, side)) {
    rows.push({
      label: category.name,
      level: 1,
      kind: 'category',
      cells: months.map((month) => ({ cents: category.cells.get(month) ?? 0 })),
    });
    const isVat =
      category.name === VAT_SETTLEMENT_NAME && category.leaves.every((leaf) => leaf.key.startsWith('vat_settlement'));
    for (const leaf of category.leaves) {
      // The VAT row stays closed, as on screen, but an overdue settlement is shown (docs/reports.md "What is exported").
      if (isVat && leaf.overdueDate === undefined) continue;
      const { overdueDate } = leaf;
      rows.push({
        label: overdueDate === undefined ? leaf.name : overdueRowLabel(leaf.name, overdueDate),
        level: 2,
        kind: 'leaf',
        cells: months.map((month) => leafCell(leaf.cells.get(month))),
        ...(overdueDate === undefined ? {} : { overdueDate }),
      });
    }
  }
  return rows;
}

function leafCell(leaf: ForecastLeafNode | undefined): ReportCell {
  if (!leaf) return { cents: 0 };
  return leaf.isExcluded ? { cents: leaf.excludedAmount ?? 0, excluded: true } : { cents: leaf.amount };
}

const umlautSpelling: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };

/**
 * A name as a part of a file name (docs/reports.md "File names"): umlauts spelled out, other accents
 * dropped, every other run of characters but letters and digits one `-`, at most 60 characters;
 * `fallback` when nothing is left.
 */
export function fileNamePart(name: string, fallback: string): string {
  return (
    name
      .replace(/[äöüÄÖÜ]/g, (umlaut) => umlautSpelling[umlaut] ?? umlaut)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || fallback
  );
}

/** `Prognose-<Organisation>-<YYYY-MM-DD>.<extension>` with safe characters only (docs/reports.md). */
export function reportFileName(prefix: string, organisationName: string, today: string, extension: string): string {
  return `${prefix}-${fileNamePart(organisationName, 'Organisation')}-${today}.${extension}`;
}
