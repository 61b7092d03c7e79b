import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { formatAmount, formatDate, formatMonthLabel } from '@saldopilot/shared';
import type { ForecastReport, ReportRow } from './forecast-report.js';
import { reportTexts } from './forecast-report.js';
import { formatPercent, planActualTexts, type PlanActualReport } from './plan-actual-report.js';

/**
 * The forecast as a PDF liquidity report (docs/reports.md "PDF"): A4 landscape; a cover block with
 * the organisation, the period, who made it and when, and the assumptions; the runway sentence; the
 * chart; the table of totals and categories in blocks of at most 13 months, its header repeated on
 * every page; "Seite x von y" below each page.
 */

const require = createRequire(import.meta.url);
/** Roboto as pdfmake ships it: embedded in the file, so every reader shows the same letters. */
const fonts = require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>;
const fontDirectory = path.dirname(fonts.Roboto?.normal ?? '');

type PdfMake = typeof pdfmake & {
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
};
const pdf = pdfmake as PdfMake;
pdf.setFonts(fonts);
// A report reads nothing from the network and no file but its font (no image or link in a
// document definition can make the server fetch or read anything).
pdf.setUrlAccessPolicy(() => false);
pdf.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDirectory + path.sep));

const MONTHS_PER_BLOCK = 13;
const COLOURS = {
  revenue: '#2f9e44',
  expense: '#e03131',
  saldo: '#1c7ed6',
  minimum: '#f08c00',
  muted: '#868e96',
  negative: '#c92a2a',
} as const;

export interface PdfReportInput {
  report: ForecastReport;
  planActual: PlanActualReport;
  /** 'YYYY-MM-DD' the report was made. */
  today: string;
}

/** A document definition as PDF bytes, with the fonts and the access policies above (the comparison report too). */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdf.createPdf(definition).getBuffer();
}

export async function reportPdf({ report, planActual, today }: PdfReportInput): Promise<Buffer> {
  const header = new Map(report.header);
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [36, 36, 36, 40],
    info: { title: `${report.title} ${header.get(reportTexts.organisation) ?? ''}`, creator: 'SaldoPilot' },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    footer: (current, count) => ({
      text: `Seite ${current} von ${count}`,
      alignment: 'right',
      fontSize: 8,
      color: COLOURS.muted,
      margin: [36, 12, 36, 0],
    }),
    content: [
      { text: report.title, fontSize: 20, bold: true },
      { text: header.get(reportTexts.organisation) ?? '', fontSize: 13, margin: [0, 2, 0, 8] },
      coverBlock(header, today),
      {
        text: header.get(reportTexts.runway) ?? '',
        fontSize: 14,
        bold: true,
        margin: [0, 12, 0, 2],
        color: report.rows.some(
          (row) => row.kind === 'saldo' && row.cells.some((cell) => cell.cents < minimumOf(report)),
        )
          ? COLOURS.negative
          : COLOURS.revenue,
      },
      { text: `${reportTexts.lowest}: ${header.get(reportTexts.lowest) ?? ''}`, margin: [0, 0, 0, 10] },
      { svg: chartSvg(report), width: 770 },
      ...tableBlocks(report),
      ...planActualBlock(planActual),
    ],
  };
  return pdf.createPdf(definition).getBuffer();
}

/** The assumptions and where the figures come from, as label and value. */
function coverBlock(header: Map<string, string>, today: string): Content {
  const lines: [string, string][] = [
    [reportTexts.period, header.get(reportTexts.period) ?? ''],
    ['Erstellt am', formatDate(today)],
    [reportTexts.createdBy, header.get(reportTexts.createdBy) ?? ''],
    [reportTexts.dataOf, header.get(reportTexts.dataOf) ?? ''],
    [reportTexts.currency, header.get(reportTexts.currency) ?? ''],
    [`Annahme: ${reportTexts.performance}`, header.get(reportTexts.performance) ?? ''],
    [`Annahme: ${reportTexts.minimum}`, header.get(reportTexts.minimum) ?? ''],
    [reportTexts.startBalance, header.get(reportTexts.startBalance) ?? ''],
  ];
  const freshness = header.get(reportTexts.freshness);
  return {
    layout: 'noBorders',
    table: {
      widths: [170, '*'],
      body: [
        ...lines.map(([label, value]): TableCell[] => [{ text: label, color: COLOURS.muted }, { text: value }]),
        // A stale balance under the start balance it makes (docs/plan-actual.md "Freshness").
        ...(freshness === undefined
          ? []
          : [
              [
                { text: reportTexts.freshness, color: COLOURS.muted },
                { text: freshness, color: COLOURS.minimum, bold: true },
              ],
            ]),
      ],
    },
  };
}

function minimumOf(report: ForecastReport): number {
  return report.rows.find((row) => row.kind === 'minimum')?.cells[0]?.cents ?? 0;
}

/**
 * The totals and the categories (the leaves stay in the XLSX) and the overdue occurrences under their
 * category, each with its due date (docs/reports.md "What is exported"), 13 months per block at most.
 */
function tableBlocks(report: ForecastReport): Content[] {
  const rows = report.rows.filter((row) => row.level < 2 || row.overdueDate !== undefined);
  const blocks: Content[] = [];
  for (let start = 0; start < report.months.length; start += MONTHS_PER_BLOCK) {
    const end = Math.min(start + MONTHS_PER_BLOCK, report.months.length);
    const labels = report.monthLabels.slice(start, end);
    const body: TableCell[][] = [
      [
        { text: `Betrag in ${report.currency}`, bold: true },
        ...labels.map((label) => ({ text: label, bold: true, alignment: 'right' as const })),
      ],
      ...rows.map((row) => tableRow(row, start, end)),
    ];
    blocks.push({
      margin: [0, 14, 0, 0],
      fontSize: labels.length > 9 ? 7 : 8,
      // The header row comes again on every page the block runs over.
      table: { headerRows: 1, widths: [120, ...labels.map(() => '*' as const)], body, dontBreakRows: true },
      layout: {
        hLineWidth: (index) => (index === 1 ? 0.8 : 0.2),
        vLineWidth: () => 0,
        hLineColor: () => '#ced4da',
        fillColor: (index) => (index > 0 && rows[index - 1]?.level === 0 ? '#f1f3f5' : null),
      },
    });
  }
  return blocks;
}

function tableRow(row: ReportRow, start: number, end: number): TableCell[] {
  const total = row.level === 0;
  return [
    { text: row.label, bold: total, margin: [row.level * 8, 0, 0, 0] },
    ...row.cells.slice(start, end).map((cell) => ({
      text: formatAmount(cell.cents),
      alignment: 'right' as const,
      bold: total,
      color: (row.kind === 'saldo' || row.kind === 'cashflow') && cell.cents < 0 ? COLOURS.negative : undefined,
    })),
  ];
}

/** How many of the last covered months the summary shows. */
const PLAN_ACTUAL_MONTHS = 6;

/**
 * The plan-vs-actual summary of the last months (docs/reports.md "PDF"): per covered month the
 * planned and the actual cash flow, the variance in Franken and %, the planned and actual end
 * balance; then the plan's accuracy over 6 and 12 months.
 */
function planActualBlock(report: PlanActualReport): Content[] {
  const cashflow = report.rows.find((row) => row.label === planActualTexts.cashflow);
  const balance = report.rows.find((row) => row.label === planActualTexts.balance);
  const shown = report.months
    .map((month, index) => ({ month, index }))
    .filter(({ index }) => report.covered[index])
    .slice(-PLAN_ACTUAL_MONTHS);
  const heading: Content = {
    text: `${planActualTexts.title} der letzten Monate`,
    fontSize: 13,
    bold: true,
    margin: [0, 18, 0, 6],
    pageBreak: 'before',
  };
  const accuracy: Content = {
    margin: [0, 10, 0, 0],
    layout: 'noBorders',
    table: {
      widths: [200, '*'],
      body: report.accuracy.map(([label, value]) => [{ text: label, color: COLOURS.muted }, { text: value }]),
    },
  };
  if (shown.length === 0 || !cashflow || !balance) return [heading, { text: planActualTexts.noActual }, accuracy];
  const money = (cents: number, bold = false): TableCell => ({
    text: formatAmount(cents),
    alignment: 'right',
    bold,
    color: cents < 0 ? COLOURS.negative : undefined,
  });
  const header = [
    'Monat',
    `${planActualTexts.cashflow} ${planActualTexts.plan}`,
    `${planActualTexts.cashflow} ${planActualTexts.actual}`,
    planActualTexts.variance,
    planActualTexts.variancePercent,
    `${planActualTexts.balance} ${planActualTexts.plan}`,
    `${planActualTexts.balance} ${planActualTexts.actual}`,
  ].map((text, column): TableCell => ({ text, bold: true, alignment: column === 0 ? 'left' : 'right' }));
  const body: TableCell[][] = shown.map(({ month, index }) => {
    const flow = cashflow.cells[index]!;
    const end = balance.cells[index]!;
    return [
      { text: formatMonthLabel(month) },
      money(flow.plan),
      money(flow.actual),
      money(flow.variance, true),
      { text: flow.variancePercent === null ? '–' : formatPercent(flow.variancePercent), alignment: 'right' },
      money(end.plan),
      money(end.actual),
    ];
  });
  return [
    heading,
    {
      table: { headerRows: 1, widths: [110, '*', '*', '*', 60, '*', '*'], body: [header, ...body] },
      layout: { hLineWidth: (row) => (row === 1 ? 0.8 : 0.2), vLineWidth: () => 0, hLineColor: () => '#ced4da' },
    },
    accuracy,
  ];
}

/**
 * The chart of the Prognose page, drawn as SVG: the end balance as a line, revenue and expense as
 * bars, the zero line, the minimum balance dashed; month labels below.
 */
export function chartSvg(report: ForecastReport): string {
  const width = 770;
  const height = 160;
  const left = 70;
  const bottom = 22;
  const top = 8;
  const series = (kind: ReportRow['kind'], label?: string) =>
    report.rows
      .find((row) => row.kind === kind && (label === undefined || row.label === label))
      ?.cells.map((cell) => cell.cents) ?? [];
  const revenue = series('side', reportTexts.revenue);
  const expense = series('side', reportTexts.expense);
  const saldo = series('saldo');
  const minimum = minimumOf(report);
  const values = [0, minimum, ...revenue, ...expense, ...saldo];
  const ticks = axisTicks(Math.min(...values), Math.max(...values));
  const high = ticks.at(-1) as number;
  const low = ticks[0] as number;
  const span = high - low || 1;
  const plotHeight = height - top - bottom;
  const y = (cents: number) => top + ((high - cents) / span) * plotHeight;
  const count = report.months.length;
  const step = (width - left) / Math.max(count, 1);
  const x = (index: number) => left + step * index + step / 2;
  const bar = Math.max(1, Math.min(14, step / 3));
  const parts: string[] = [];
  parts.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  for (const cents of ticks) {
    parts.push(
      `<line x1="${left}" x2="${width}" y1="${y(cents)}" y2="${y(cents)}" stroke="#e9ecef" stroke-width="0.5"/>`,
      `<text x="${left - 6}" y="${y(cents) + 3}" font-size="8" text-anchor="end" fill="${COLOURS.muted}">${escapeXml(axisLabel(cents))}</text>`,
    );
  }
  report.months.forEach((_, index) => {
    const r = revenue[index] ?? 0;
    const e = expense[index] ?? 0;
    parts.push(
      `<rect x="${x(index) - bar}" y="${y(r)}" width="${bar}" height="${Math.max(0, y(0) - y(r))}" fill="${COLOURS.revenue}" fill-opacity="0.6"/>`,
    );
    parts.push(
      `<rect x="${x(index)}" y="${y(0)}" width="${bar}" height="${Math.max(0, y(e) - y(0))}" fill="${COLOURS.expense}" fill-opacity="0.6"/>`,
    );
    // Every label when they fit, else every third.
    if (count <= 24 || index % 3 === 0) {
      const label = formatMonthLabel(report.months[index] as string);
      parts.push(
        `<text x="${x(index)}" y="${height - 6}" font-size="7" text-anchor="middle" fill="${COLOURS.muted}">${escapeXml(`${label.slice(0, 3)} ${label.slice(-2)}`)}</text>`,
      );
    }
  });
  parts.push(
    `<line x1="${left}" x2="${width}" y1="${y(0)}" y2="${y(0)}" stroke="${COLOURS.expense}" stroke-width="0.8"/>`,
  );
  parts.push(
    `<line x1="${left}" x2="${width}" y1="${y(minimum)}" y2="${y(minimum)}" stroke="${COLOURS.minimum}" stroke-width="1" stroke-dasharray="4 3"/>`,
  );
  const points = saldo.map((cents, index) => `${x(index)},${y(cents)}`).join(' ');
  parts.push(`<polyline points="${points}" fill="none" stroke="${COLOURS.saldo}" stroke-width="1.6"/>`);
  parts.push(legend(left, height + LEGEND_HEIGHT - 6));
  const full = height + LEGEND_HEIGHT;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${full}" viewBox="0 0 ${width} ${full}">${parts.join('')}</svg>`;
}

const LEGEND_HEIGHT = 16;

/** The chart's legend below it: what each colour and line stands for (docs/reports.md "PDF"). */
function legend(left: number, baseline: number): string {
  const items: { label: string; mark: (x: number) => string }[] = [
    {
      label: reportTexts.revenue,
      mark: (x) =>
        `<rect x="${x}" y="${baseline - 7}" width="8" height="8" fill="${COLOURS.revenue}" fill-opacity="0.6"/>`,
    },
    {
      label: reportTexts.expense,
      mark: (x) =>
        `<rect x="${x}" y="${baseline - 7}" width="8" height="8" fill="${COLOURS.expense}" fill-opacity="0.6"/>`,
    },
    {
      label: reportTexts.saldo,
      mark: (x) =>
        `<line x1="${x}" x2="${x + 12}" y1="${baseline - 3}" y2="${baseline - 3}" stroke="${COLOURS.saldo}" stroke-width="1.6"/>`,
    },
    {
      label: reportTexts.minimum,
      mark: (x) =>
        `<line x1="${x}" x2="${x + 12}" y1="${baseline - 3}" y2="${baseline - 3}" stroke="${COLOURS.minimum}" stroke-width="1" stroke-dasharray="4 3"/>`,
    },
  ];
  let x = left;
  const parts: string[] = [];
  for (const { label, mark } of items) {
    parts.push(mark(x));
    parts.push(`<text x="${x + 16}" y="${baseline}" font-size="8" fill="#495057">${escapeXml(label)}</text>`);
    x += 16 + label.length * 5 + 18;
  }
  return parts.join('');
}

/**
 * The values of the chart's axis (docs/reports.md "PDF"): round amounts — a step of 1, 2 or 5 times
 * a power of ten francs — from at or below `low` to at or above `high`, at most about five lines,
 * 0 among them.
 */
export function axisTicks(low: number, high: number): number[] {
  const span = Math.max(high - low, 100);
  const rough = span / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) as number;
  // Cents: at least one franc per step.
  const whole = Math.max(100, Math.round(step / 100) * 100);
  const first = Math.floor(low / whole) * whole;
  // A flat chart (all 0) still gets an axis of two lines.
  const last = Math.max(Math.ceil(high / whole) * whole, first + whole);
  const ticks: number[] = [];
  for (let tick = first; tick <= last; tick += whole) ticks.push(tick);
  return ticks;
}

/** An axis value in whole francs with the thousands separator: "40'000", "-20'000", "0". */
function axisLabel(cents: number): string {
  return formatAmount(cents).replace(/\.00$/, '');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
