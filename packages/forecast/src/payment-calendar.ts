/**
 * The payment calendar in the forecast (docs/payment-calendar.md): the salary costs of a fund the
 * calendar has a block for leave the account when the fund collects them — the AHV Akonto per period
 * and its year-end difference, the BVG contributions in the fund's rhythm, the UVG and KTG annual
 * premium (or its instalments) and final statement, the withholding tax after its period less the
 * commission — instead of with each salary. Pure: the forecast model calls `addCalendarPayments`
 * once, after the salaries, and `paidByCalendar` decides which costs the salary-cost rows leave out.
 * Without a calendar (or with `{}`) neither does anything, so the forecast is what it was.
 */

import {
  AHV_AKONTO_DEVIATION_PERCENT,
  AHV_MONTHLY_PAYROLL_LIMIT_CENTS,
  AHV_YEARLY_CONTRIBUTIONS_LIMIT_CENTS,
  formatAmount,
  germanMonthNames,
  UVG_INSTALMENT_SURCHARGES,
  monthsPerStep,
  roundHalfAwayFromZero,
  type FundRhythm,
  type PaymentCalendar,
  type SalaryCostFund,
} from '@saldopilot/shared';
import { daysOfMonthIndex, parseMonthIndex, type Horizon } from './horizon.js';
import type { Ledger } from './ledger.js';
import {
  addLeafNote,
  leafNoteKey,
  monthKeyOf,
  moneyText,
  percentText,
  type LeafNotes,
  type NotesSink,
} from './leaf-notes.js';
import { forEachOccurrence, occurrenceSeries } from './occurrences.js';
import { convert, type RateBook } from './rates.js';
import { isIncludedSalary } from './salaries.js';
import { gaplessStart, SALARY_COSTS_CATEGORY } from './salary-costs.js';
import type { CostDetail, ForecastSalary, ForecastSalaryCost, PaymentCalendarChange } from './types.js';

type CalendarFund = Exclude<SalaryCostFund, 'direct'>;

/** True when the calendar has a block for the cost's fund: the fund collects it, not the salary run. */
export function paidByCalendar(calendar: PaymentCalendar | null | undefined, cost: ForecastSalaryCost): boolean {
  const fund = cost.fund;
  if (calendar === null || calendar === undefined || fund === undefined || fund === 'direct') return false;
  return calendar[fund] !== undefined;
}

/** True when the calendar changes anything: at least one block. */
export function hasCalendarBlocks(calendar: PaymentCalendar | null | undefined): calendar is PaymentCalendar {
  if (calendar === null || calendar === undefined) return false;
  return Object.values(calendar).some((block) => block !== undefined);
}

/** The calendar of each year, when a scenario changes it from a date (docs/scenarios.md "Payment calendar"). */
export type CalendarOfYear = (year: number) => PaymentCalendar | null;

/**
 * The calendars in force year by year: the base, then each change from the first calendar year that
 * starts on or after its date (the funds settle by calendar year: Akonto and difference, premium and
 * final statement); a later change from an earlier year replaces what an earlier one set.
 */
export function calendarsByYear(
  base: PaymentCalendar | null | undefined,
  changes: readonly PaymentCalendarChange[],
): CalendarOfYear {
  const steps: { year: number; calendar: PaymentCalendar | null }[] = [];
  for (const change of changes) {
    const year = Number(change.from.slice(0, 4)) + (change.from.slice(5) === '01-01' ? 0 : 1);
    while (steps.length > 0 && (steps.at(-1) as { year: number }).year >= year) steps.pop();
    steps.push({ year, calendar: hasCalendarBlocks(change.calendar) ? change.calendar : null });
  }
  const first = hasCalendarBlocks(base) ? base : null;
  return (year) => {
    let calendar = first;
    for (const step of steps) if (step.year <= year) calendar = step.calendar;
    return calendar;
  };
}

/** Every block any of the calendars has (the funds whose contributions are counted). */
export function calendarUnion(
  base: PaymentCalendar | null | undefined,
  changes: readonly PaymentCalendarChange[],
): PaymentCalendar {
  const union: PaymentCalendar = {};
  for (const calendar of [base, ...changes.map((change) => change.calendar)]) {
    if (calendar) Object.assign(union, Object.fromEntries(Object.entries(calendar).filter(([, block]) => block)));
  }
  return union;
}

/** The salary month a cost's payment in `month` pays for (a `once` cost: its own month). */
export function salaryMonthOf(cost: ForecastSalaryCost, month: number): number {
  return month - (cost.cycle === 'once' ? 0 : cost.relativeOffset * monthsPerStep(cost.cycle));
}

/** Months per period of a rhythm. */
const RHYTHM_MONTHS: Record<FundRhythm, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** 'YYYY-MM-DD' of a month index and day. */
function dateText(monthIndex: number, day: number): string {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The day `days` after the last day of month `monthIndex`, as month index and date text. */
function dueAfter(monthIndex: number, days: number): { monthIndex: number; date: string } {
  let month = monthIndex;
  let day = daysOfMonthIndex(month) + days;
  while (day > daysOfMonthIndex(month)) {
    day -= daysOfMonthIndex(month);
    month += 1;
  }
  return { monthIndex: month, date: dateText(month, day) };
}

/**
 * What the costs of each fund amount to per salary month (docs/payment-calendar.md "Contributions"):
 * a payment of the schedule pays the step(s) before it, so it counts for the month `relativeOffset`
 * cycles before its own (a `once` cost for its own month); × 2 for a cost borne by both sides,
 * converted like the cost rows. The plan holds the salary months from the one before its first
 * month to the one before its last; a month before them counts what the first counts (the salaries
 * as they are today, as if they had always run), a month after them what the last counts.
 */
export interface FundContributions {
  /** Per fund: contributions (minor units, organisation currency) by month index − `knownFrom`. */
  byMonth: Map<CalendarFund, Float64Array>;
  /**
   * The gross AHV payroll by month index − `knownFrom`: every payment of the included salaries that
   * have a cost paid to the Ausgleichskasse, converted (the rhythm's test, docs/payment-calendar.md "AHV").
   */
  ahvPayroll: Float64Array;
  /** The first salary month the plan holds. */
  knownFrom: number;
  /** The last salary month the plan holds (the payment of the horizon's last month pays it). */
  knownTo: number;
}

// Arrays by month rather than maps: the big organisation's 1,000 employees write about a million
// cost months here (docs/payment-calendar.md "Speed").
export function fundContributions(
  salaries: readonly ForecastSalary[],
  calendar: PaymentCalendar,
  horizon: Horizon,
  rates: RateBook,
): FundContributions {
  const knownFrom = horizon.first - 1;
  const knownTo = horizon.last - 1;
  const size = knownTo - knownFrom + 1;
  const byMonth = new Map<CalendarFund, Float64Array>();
  const payroll = new Float64Array(size);
  for (const salary of salaries) {
    if (!isIncludedSalary(salary)) continue;
    const rate = rates.rateOf(salary.currency);
    let paysAhv = false;
    for (const cost of salary.costs) {
      if (!paidByCalendar(calendar, cost)) continue;
      const fund = cost.fund as CalendarFund;
      if (fund === 'ahv') paysAhv = true;
      let months = byMonth.get(fund);
      if (months === undefined) byMonth.set(fund, (months = new Float64Array(size)));
      const multiplier = cost.distributionType === 'both' ? 2 : 1;
      const back = cost.cycle === 'once' ? 0 : cost.relativeOffset * monthsPerStep(cost.cycle);
      const { details } = cost;
      // A gapless schedule's detail i is for its first month + i: no month strings parsed, and only
      // the details inside the known months are visited (salary-costs.ts).
      const start = gaplessStart(details);
      const first = start === undefined ? 0 : Math.max(0, knownFrom + back - start);
      const last = start === undefined ? details.length - 1 : Math.min(details.length - 1, knownTo + back - start);
      for (let index = first; index <= last; index++) {
        const detail = details[index] as CostDetail;
        const month = (start === undefined ? parseMonthIndex(detail.month) : start + index) - back;
        if (month < knownFrom || month > knownTo) continue;
        months[month - knownFrom] = (months[month - knownFrom] as number) + convert(detail.amount * multiplier, rate);
      }
    }
    if (!paysAhv) continue;
    const gross = convert(salary.amount, rate);
    const schedule = occurrenceSeries(salary.fromDate, monthsPerStep(salary.cycle), salary.toDate);
    forEachOccurrence(schedule, knownFrom, knownTo, (month) => {
      payroll[month - knownFrom] = (payroll[month - knownFrom] as number) + gross;
    });
  }
  return { byMonth, ahvPayroll: payroll, knownFrom, knownTo };
}

/** A month's entry of an array by month; months outside the plan count as its first or last. */
function monthOf(months: Float64Array, contributions: FundContributions, month: number): number {
  const { knownFrom, knownTo } = contributions;
  return months[Math.min(Math.max(month, knownFrom), knownTo) - knownFrom] ?? 0;
}

/** The contributions of a fund in a month; months outside the plan count as its first or last. */
function contributionOf(contributions: FundContributions, fund: CalendarFund, month: number): number {
  const months = contributions.byMonth.get(fund);
  return months === undefined ? 0 : monthOf(months, contributions, month);
}

/** The contributions of a fund over the months [from, from + count). */
export function contributionsOver(
  contributions: FundContributions,
  fund: CalendarFund,
  from: number,
  count: number,
): number {
  let total = 0;
  for (let month = from; month < from + count; month++) total += contributionOf(contributions, fund, month);
  return total;
}

/** The gross AHV payroll of a year (docs/payment-calendar.md "AHV"); a month outside the plan counts as its first or last. */
export function ahvPayroll(year: number, contributions: FundContributions): number {
  let total = 0;
  for (let month = year * 12; month < year * 12 + 12; month++) {
    total += monthOf(contributions.ahvPayroll, contributions, month);
  }
  return total;
}

/**
 * The Ausgleichskasse's rhythm for a year (docs/payment-calendar.md "AHV"): the one entered, else
 * yearly when the contributions are at most CHF 3'000, monthly when the AHV payroll exceeds
 * CHF 200'000, else quarterly (AHVV Art. 34).
 */
export function ahvRhythm(entered: FundRhythm | null, contributions: number, payroll: number): FundRhythm {
  if (entered !== null) return entered;
  if (contributions <= AHV_YEARLY_CONTRIBUTIONS_LIMIT_CENTS) return 'yearly';
  return payroll > AHV_MONTHLY_PAYROLL_LIMIT_CENTS ? 'monthly' : 'quarterly';
}

/**
 * "Akonto anpassen lassen" when the year's contributions differ from the Akonto of the year by more
 * than 10 % of the Akonto (docs/payment-calendar.md "Warnings"), else null.
 */
export function akontoWarning(contributions: number, akontoOfYear: number): string | null {
  const difference = Math.abs(contributions - akontoOfYear);
  if (difference * 100 <= akontoOfYear * AHV_AKONTO_DEVIATION_PERCENT) return null;
  return 'Akonto anpassen lassen: Die geplanten AHV-Beiträge weichen um mehr als 10 % vom Akonto ab.';
}

/** The warning of a year with its sums (the settings page and the forecast details), or null. */
export function akontoWarningText(
  year: number,
  contributions: number,
  akontoOfYear: number,
  currency?: string,
): string | null {
  const warning = akontoWarning(contributions, akontoOfYear);
  if (warning === null) return null;
  return `${warning} (${year}: Beiträge ${formatAmount(contributions, currency)}, Akonto ${formatAmount(akontoOfYear, currency)})`;
}

/**
 * The leaf id of a calendar payment's name: negative (label ids are positive, 0 is "<Kein Label>"),
 * and the same for the same name in every model (FNV-1a of the name), so a past month's model and
 * today's name one payment alike.
 */
export function calendarLeafId(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index++) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return -(1 + (hash % 0x7ffffffe));
}

/**
 * Whether a leaf is one of the calendar's payments: its id is the hash of its name. Rows a scenario
 * lever adds have negative ids too (docs/scenarios.md "Implementation"); a leaf is the calendar's
 * only when both agree, which no lever id does by chance in practice (one in 2^31).
 */
export function isCalendarLeaf(leaf: { relatedTable: string; relatedId: number; name: string }): boolean {
  return (
    leaf.relatedTable === 'salary_cost_labels' && leaf.relatedId < 0 && leaf.relatedId === calendarLeafId(leaf.name)
  );
}

/**
 * Every name a calendar payment can have in the years `firstYear`…`lastYear` (docs/payment-calendar.md
 * "Exclusions"): what an exclusion of a calendar leaf may name.
 */
export function calendarLeafNames(firstYear: number, lastYear: number): string[] {
  const names = ['BVG-Beiträge'];
  for (const prefix of ['AHV-Akonto', 'Quellensteuer']) {
    for (let month = 0; month < 12; month++) names.push(periodName(prefix, 'monthly', month));
    for (let quarter = 0; quarter < 4; quarter++) names.push(periodName(prefix, 'quarterly', quarter * 3));
  }
  for (let year = firstYear; year <= lastYear; year++) {
    names.push(periodName('AHV-Akonto', 'yearly', year * 12), `AHV-Differenz ${year}`);
    for (const prefix of ['UVG', 'KTG']) names.push(`${prefix}-Prämie ${year}`, `${prefix}-Schlussabrechnung ${year}`);
  }
  return names;
}

/** The leaves of the calendar under "Lohnkosten", one slot per name, with how each was computed. */
class CalendarLeaves {
  constructor(
    private readonly ledger: Ledger,
    private readonly horizon: Horizon,
    private readonly notes: LeafNotes | undefined,
  ) {}

  /**
   * Adds the payment (positive = paid out) in the month, when it lies in the horizon, with its
   * explanation (called only then: the texts are built for the payments shown) and warnings.
   */
  pay(name: string, monthIndex: number, paid: number, explain: () => string, warnings?: string[]): void {
    const { first, last } = this.horizon;
    if (paid === 0 || monthIndex < first || monthIndex > last) return;
    const id = calendarLeafId(name);
    const slot = this.ledger.open('salary_cost_labels', id, name, SALARY_COSTS_CATEGORY);
    this.ledger.add(slot, monthIndex - first, -paid);
    if (this.notes === undefined) return;
    addLeafNote(this.notes, leafNoteKey('salary_cost_labels', id, monthKeyOf(monthIndex)), {
      explanation: explain(),
      ...(warnings && warnings.length > 0 ? { warnings } : {}),
    });
  }
}

/** True when a payment due on `date` is still to be made (due today or later). */
function stillDue(date: string, today: string): boolean {
  return date >= today;
}

/** Splits `total` into `count` parts rounded to the Rappen; the last takes what rounding left. */
function instalmentsOf(total: number, count: number): number[] {
  const part = roundHalfAwayFromZero(total / count);
  return Array.from({ length: count }, (_, index) => (index < count - 1 ? part : total - part * (count - 1)));
}

function periodName(prefix: string, rhythm: FundRhythm | 'quarterly' | 'monthly', start: number): string {
  const month = ((start % 12) + 12) % 12;
  if (rhythm === 'monthly') return `${prefix} ${germanMonthNames[month]}`;
  if (rhythm === 'quarterly') return `${prefix} Q${Math.floor(month / 3) + 1}`;
  return `${prefix} ${Math.floor(start / 12)}`;
}

/** "Q1 2026", "März 2026", "2026": the period a payment is for. */
function periodLabel(rhythm: FundRhythm, start: number): string {
  const year = Math.floor(start / 12);
  return rhythm === 'yearly' ? String(year) : `${periodName('', rhythm, start).trim()} ${year}`;
}

/** "4 Quartale", "12 Monate", "1 Jahr". */
const PERIODS_TEXT: Record<FundRhythm, string> = { monthly: '12 Monate', quarterly: '4 Quartale', yearly: '1 Jahr' };

/** "fällig 10 Tage nach Periodenende" / "fällig am Periodenende". */
function dueText(dueDays: number, after: string): string {
  return dueDays === 0 ? `fällig am ${after}` : `fällig ${dueDays} Tage nach ${after}`;
}

/** Why the Ausgleichskasse's rhythm of a year is what it is, when derived (AHVV Art. 34). */
function rhythmReason(entered: FundRhythm | null, rhythm: FundRhythm, currency: string): string {
  if (entered !== null) return 'Rhythmus eingegeben';
  if (rhythm === 'yearly') return `jährlich: Beiträge bis ${moneyText(AHV_YEARLY_CONTRIBUTIONS_LIMIT_CENTS, currency)}`;
  const limit = moneyText(AHV_MONTHLY_PAYROLL_LIMIT_CENTS, currency);
  return rhythm === 'monthly' ? `monatlich: Lohnsumme über ${limit}` : `vierteljährlich: Lohnsumme bis ${limit}`;
}

/**
 * Adds the calendar's payments to the ledger (docs/payment-calendar.md "In the forecast") for the
 * years whose payments can fall into the horizon: from the year before the first month to the year
 * of the last; with `sink`, each payment's explanation and warnings (docs/payment-calendar.md
 * "Explanations").
 */
export function addCalendarPayments(
  salaries: readonly ForecastSalary[],
  union: PaymentCalendar,
  today: string,
  horizon: Horizon,
  rates: RateBook,
  ledger: Ledger,
  sink?: NotesSink,
  calendarOf: CalendarOfYear = () => union,
): void {
  const contributions = fundContributions(salaries, union, horizon, rates);
  const leaves = new CalendarLeaves(ledger, horizon, sink?.notes);
  const currency = sink?.currency ?? '';
  const money = (cents: number) => moneyText(cents, currency);
  const firstYear = Math.floor((horizon.first - 1) / 12);
  const lastYear = Math.floor(horizon.last / 12);
  for (let year = firstYear; year <= lastYear; year++) {
    const calendar = calendarOf(year);
    if (calendar === null) continue;
    const start = year * 12;
    if (calendar.ahv) {
      const { akonto, dueDays, differenceMonth } = calendar.ahv;
      const total = contributionsOver(contributions, 'ahv', start, 12);
      const payroll = ahvPayroll(year, contributions);
      const rhythm = ahvRhythm(calendar.ahv.rhythm, total, payroll);
      const length = RHYTHM_MONTHS[rhythm];
      const periods = 12 / length;
      const perPeriod = akonto ?? roundHalfAwayFromZero(total / periods);
      const warning = akonto === null ? null : akontoWarningText(year, total, akonto * periods, currency);
      const warnings = warning === null ? undefined : [warning];
      const basis = `Lohnsumme AHV ${year} ${money(payroll)}, Beiträge ${money(total)}`;
      for (let period = 0; period < periods; period++) {
        const periodStart = start + period * length;
        const due = dueAfter(periodStart + length - 1, dueDays);
        if (!stillDue(due.date, today)) continue;
        const explain = () =>
          `${akonto === null ? `${basis} ÷ ${PERIODS_TEXT[rhythm]}` : 'Akonto gemäss Rechnung der Ausgleichskasse'} = ${money(perPeriod)} für ${periodLabel(rhythm, periodStart)} (${rhythmReason(calendar.ahv?.rhythm ?? null, rhythm, currency)}), ${dueText(dueDays, 'Periodenende')}`;
        leaves.pay(periodName('AHV-Akonto', rhythm, periodStart), due.monthIndex, perPeriod, explain, warnings);
      }
      const difference = total - perPeriod * periods;
      leaves.pay(
        `AHV-Differenz ${year}`,
        start + 12 + differenceMonth - 1,
        difference,
        () =>
          `${basis} − Akonto ${periods} × ${money(perPeriod)} = ${money(difference)}${difference < 0 ? ' (Rückerstattung)' : ''}, nach der Lohnmeldung im ${germanMonthNames[differenceMonth - 1]} ${year + 1}`,
        warnings,
      );
    }
    if (calendar.bvg) {
      const { rhythm, inAdvance, dueDays } = calendar.bvg;
      const length = RHYTHM_MONTHS[rhythm];
      for (let periodStart = start; periodStart < start + 12; periodStart += length) {
        const amount = contributionsOver(contributions, 'bvg', periodStart, length);
        // In advance: `dueDays` after the period's first day; in arrears: after its last day.
        const due = inAdvance ? dueAfter(periodStart - 1, dueDays + 1) : dueAfter(periodStart + length - 1, dueDays);
        if (stillDue(due.date, today)) {
          leaves.pay(
            'BVG-Beiträge',
            due.monthIndex,
            amount,
            () =>
              `Beiträge Pensionskasse ${periodLabel(rhythm, periodStart)} ${money(amount)}, ${inAdvance ? `im Voraus, ${dueText(dueDays, 'Periodenbeginn')}` : `nachschüssig, ${dueText(dueDays, 'Periodenende')}`}`,
          );
        }
      }
    }
    for (const fund of ['uvg', 'ktg'] as const) {
      const block = calendar[fund];
      if (!block) continue;
      const prefix = fund === 'uvg' ? 'UVG' : 'KTG';
      // The provisional premium of a year is the premium on the previous year's payroll; the final
      // statement settles the year's own (docs/payment-calendar.md "UVG and KTG").
      const provisional = contributionsOver(contributions, fund, start - 12, 12);
      const rate = UVG_INSTALMENT_SURCHARGES[block.instalments];
      const surcharge = roundHalfAwayFromZero((provisional * rate) / 100_000);
      const step = 12 / block.instalments;
      const parts = instalmentsOf(provisional + surcharge, block.instalments);
      const basis = `Provisorische Prämie ${year} = Prämie auf der Lohnsumme ${year - 1} ${money(provisional)}`;
      parts.forEach((amount, index) =>
        leaves.pay(`${prefix}-Prämie ${year}`, start + block.premiumMonth - 1 + index * step, amount, () =>
          block.instalments === 1
            ? `${basis}, im Voraus`
            : `${basis} + Ratenzuschlag ${percentText(rate)} ${money(surcharge)} in ${block.instalments} Raten: Rate ${index + 1}/${block.instalments} ${money(amount)}`,
        ),
      );
      const real = contributionsOver(contributions, fund, start, 12);
      leaves.pay(`${prefix}-Schlussabrechnung ${year}`, start + 12 + block.finalMonth - 1, real - provisional, () =>
        [
          `Prämie auf der Lohnsumme ${year} ${money(real)} − provisorische Prämie ${money(provisional)} = ${money(real - provisional)}`,
          real < provisional ? ' (Rückzahlung)' : '',
        ].join(''),
      );
    }
    if (calendar.withholdingTax) {
      const { rhythm, dueDays, commissionPercent } = calendar.withholdingTax;
      const length = RHYTHM_MONTHS[rhythm];
      for (let periodStart = start; periodStart < start + 12; periodStart += length) {
        const withheld = contributionsOver(contributions, 'withholdingTax', periodStart, length);
        const commission = roundHalfAwayFromZero((withheld * commissionPercent) / 100_000);
        const due = dueAfter(periodStart + length - 1, dueDays);
        if (stillDue(due.date, today)) {
          leaves.pay(
            periodName('Quellensteuer', rhythm, periodStart),
            due.monthIndex,
            withheld - commission,
            () =>
              `Quellensteuer ${periodLabel(rhythm, periodStart)} einbehalten ${money(withheld)} − Bezugsprovision ${percentText(commissionPercent)} ${money(commission)} = ${money(withheld - commission)}, ${dueText(dueDays, 'Periodenende')}`,
          );
        }
      }
    }
  }
}
