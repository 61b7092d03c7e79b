/**
 * The forecast engine's contract: plain, already loaded data in, plain numbers out. Money is always
 * whole minor units (cents); dates are 'YYYY-MM-DD', months 'YYYY-MM'. Nothing here knows the
 * database or the clock, so the API loads the rows, passes its Zurich "today" and maps the result.
 */

import type { LeafNote } from './leaf-notes.js';
import type { VatParts } from './vat-settlement.js';
import type { Cycle, PaymentCalendar, Runway, SalaryCostFund } from '@saldopilot/shared';

/** A cycle of a salary cost: the four payment cycles plus `once`. */
export type CostCycle = Cycle | 'once';

/**
 * One entry of a salary cost's payment schedule (docs/salary-costs.md "Payment schedule"), exactly
 * as the salary rules produce it: `amount` is what is paid in `month` ('YYYY-MM'), `divider` the
 * number of cost steps it covers, `isExtraMonth` marks the first (catch-up) payment.
 */
export interface CostDetail {
  month: string;
  amount: number;
  divider: number;
  isExtraMonth: boolean;
}

/** A bank account's balance in its own currency. */
export interface ForecastBankAccount {
  amount: number;
  currency: string;
}

/** A transaction as the forecast needs it (docs/forecast.md "Transactions"). */
export interface ForecastTransaction {
  id: number;
  name: string;
  /** Signed: > 0 comes in, < 0 goes out; in `currency`. */
  amount: number;
  currency: string;
  categoryName: string;
  type: 'single' | 'repeating';
  /** Required for `repeating`; ignored for `single`. */
  cycle: Cycle | null;
  startDate: string;
  endDate: string | null;
  isDisabled: boolean;
  /** VAT rate in basis points (810 = 8.1 %), or null for no VAT. */
  vatBasisPoints: number | null;
  /** True when `amount` already contains the VAT; otherwise the VAT is added on top. */
  vatIncluded: boolean;
  /** The bank account it is paid from or into (docs/plan-actual.md "Coverage"); absent or null: none named. */
  bankAccountId?: number | null;
  /**
   * Days its future occurrences are counted later in the forecast's result (docs/recurring.md
   * "Payment delays"; negative: earlier); absent or 0: on their due dates.
   */
  delayDays?: number;
  /**
   * A scenario's delays and percentages on it (docs/scenarios.md "Implementation"), applied in their
   * order to each occurrence as it is generated, instead of cutting the transaction into rows per
   * occurrence. Absent or empty: none (the base never has any).
   */
  occurrenceChanges?: readonly OccurrenceChange[];
}

/**
 * One lever's change of a transaction's occurrences, on the date each occurrence has after the
 * changes before it: `shift` pays an occurrence due on or after `from` `days` later (a delay);
 * `scale` multiplies one due in `from`…`to` (`to` null: open) by (100 + percent) / 100, rounded once
 * (a percentage).
 */
export type OccurrenceChange =
  { kind: 'shift'; from: string; days: number } | { kind: 'scale'; from: string; to: string | null; percent: number };

/** One cost of a salary (docs/salary-costs.md), with its schedule already computed. */
export interface ForecastSalaryCost {
  id: number;
  /** The label the cost is shown and excluded under; null = "<Kein Label>" (leaf id 0). */
  labelId: number | null;
  labelName: string | null;
  cycle: CostCycle;
  /** `employee` is deducted from the net salary, `employer` is paid on top, `both` is both (×2). */
  distributionType: 'employee' | 'employer' | 'both';
  /**
   * Who it is paid to (docs/payment-calendar.md "Funds"); absent or `direct`: with the salary, as
   * its schedule says. A fund the payment calendar has a block for pays by the calendar instead.
   */
  fund?: SalaryCostFund;
  /** k ≥ 1: the cost is paid every k cycle steps, k steps in arrears. */
  relativeOffset: number;
  /** The payment schedule: one payment per month, in month order (as the salary rules write it). */
  details: CostDetail[];
}

/** One salary row of an employee's timeline (docs/salary-rules.md "Salary timeline"). */
export interface ForecastSalary {
  id: number;
  /** The employee: all their salaries are one leaf (docs/forecast.md). */
  employeeId: number;
  employeeName: string;
  /** Gross per salary cycle, in `currency`. */
  amount: number;
  /**
   * What the employee's own contributions take off each payment, in `currency` per salary cycle:
   * the salary's `employeeDeductions` as the salary rules compute it (docs/salary-costs.md
   * "Deductions and employer costs", skip-previous mode). Passed in rather than recomputed here so
   * the forecast and the salary screens can never disagree.
   */
  employeeDeductions: number;
  /**
   * Months whose payment differs from amount − employeeDeductions by `amount` (a 13th salary, a
   * new BVG age band; docs/salary-rules.md), as the salary rules stored them. Absent = none.
   */
  netAdjustments?: readonly { month: string; amount: number; thirteenthSalary?: boolean }[];
  currency: string;
  cycle: Cycle;
  fromDate: string;
  toDate: string | null;
  isDisabled: boolean;
  isTermination: boolean;
  costs: ForecastSalaryCost[];
}

/** The organisation's automatic VAT settlement (docs/vat.md); null or `enabled: false` = none. */
export interface ForecastVatSetting {
  enabled: boolean;
  /** The first settlement day; periods are counted from it. */
  billingDate: string;
  /**
   * `monthly`, `quarterly`, `biannually` or `yearly`; anything else counts as quarterly
   * (docs/vat.md "Periods").
   */
  interval: string;
  /** Months between the billing date of a period and its payment (0–12); used by `paymentTerm: 'offset'`. */
  transactionMonthOffset: number;
  /**
   * When a period is paid (docs/vat.md): `offset` (the default) on the billing date plus
   * `transactionMonthOffset` months; `estv` within the ESTV's 60 days, in the second month after the
   * period's last month.
   */
  paymentTerm?: 'offset' | 'estv';
  /**
   * How the settlement is computed (docs/vat.md): `effective` (the default) = output tax − input tax;
   * `netTaxRate` = gross revenue × the net tax rate(s), no input tax.
   */
  method?: 'effective' | 'netTaxRate';
  /** The net tax rate in thousandths of a percent (6200 = 6.2 %); required for `netTaxRate`. */
  netTaxRate?: number | null;
  /** An optional second net tax rate, applied to `netTaxRate2Share` percent (1–99) of the gross revenue. */
  netTaxRate2?: number | null;
  netTaxRate2Share?: number | null;
  /**
   * Yearly settings (docs/vat.md "Annual settlement (Art. 86a)"): the previous year's tax the
   * instalments of the current year are computed from, minor units; absent or null: estimated.
   */
  previousYearTax?: number | null;
}

/**
 * A VAT setting in force from a date on (docs/scenarios.md "VAT switch"), put in place by a
 * scenario's lever; null: no settlement from then on.
 */
export interface VatSettingChange {
  from: string;
  setting: ForecastVatSetting | null;
}

/**
 * A payment calendar in force from a date on (docs/scenarios.md "Payment calendar"), put in place by
 * a scenario's VAT/settings lever; null or `{}`: every fund paid with the salaries from then on.
 */
export interface PaymentCalendarChange {
  from: string;
  calendar: PaymentCalendar | null;
}

/** What can be excluded from a month: a transaction, a salary, or a cost label (0 = no label). */
export type ExclusionTable = 'transactions' | 'salaries' | 'salary_cost_labels';

/** One exclusion: the leaf (relatedTable, relatedId) contributes nothing in `month` ('YYYY-MM'). */
export interface ForecastExclusion {
  relatedTable: ExclusionTable;
  relatedId: number;
  month: string;
}

/**
 * A planned occurrence's identity (docs/plan-actual.md "Planned occurrences"): the kind of leaf, its
 * id (for salaries the salary that pays) and the due date ('YYYY-MM-DD': a salary's pay day, the
 * day of its start clamped to the month; the month's last day for cost labels and the VAT settlement).
 */
export interface OccurrenceKey {
  kind: LeafTable;
  id: number;
  dueDate: string;
}

/** A planned occurrence: its identity, its leaf's name and category, and its amount before performance. */
export interface PlannedOccurrence extends OccurrenceKey {
  name: string;
  category: string;
  /** Signed minor units in the organisation currency, before performance. */
  amount: number;
  /** Salary occurrences only: the employee. */
  employeeId?: number;
}

/** Everything the forecast is computed from. */
export interface ForecastInput {
  /** Today in Europe/Zurich ('YYYY-MM-DD'); the first month is today's month. */
  today: string;
  /** Number of months, 1–60 (docs/forecast.md "Months"). */
  months: number;
  /**
   * Performance in percent, integer 0–200; scales revenue leaves and the VAT on revenue
   * (docs/vat.md).
   */
  performance: number;
  /** The organisation currency code: everything is converted into it. */
  currency: string;
  /**
   * Units of a currency per 1 organisation currency (`{ EUR: 1.083706 }` for a CHF organisation).
   * The organisation currency needs no entry; any other missing code converts 1:1 and is reported
   * in `missingRates` (docs/forecast.md "Conversion").
   */
  rates: Readonly<Record<string, number>>;
  /** All bank accounts of the organisation (docs/forecast.md "Start balance and saldo"). */
  bankAccounts: readonly ForecastBankAccount[];
  transactions: readonly ForecastTransaction[];
  salaries: readonly ForecastSalary[];
  vatSetting: ForecastVatSetting | null;
  /**
   * The VAT settings a scenario puts in place from a date on, in the order of their dates
   * (docs/scenarios.md "VAT switch"); absent or empty: `vatSetting` throughout.
   */
  vatSettingChanges?: readonly VatSettingChange[];
  /**
   * The organisation's payment calendar (docs/payment-calendar.md); absent, null or `{}`: every
   * fund is paid with the salaries, as before.
   */
  paymentCalendar?: PaymentCalendar | null;
  /**
   * The payment calendars a scenario puts in place from a date on, in order (docs/scenarios.md
   * "Payment calendar"); absent or empty: `paymentCalendar` throughout.
   */
  paymentCalendarChanges?: readonly PaymentCalendarChange[];
  exclusions: readonly ForecastExclusion[];
  /** The organisation's minimum balance in cents: the runway's threshold. */
  minimumBalance: number;
  /**
   * Occurrences no longer open (docs/plan-actual.md "The forecast counts nothing twice"): matched to
   * entries already in the balances, or marked "entfällt". They leave the forecast.
   */
  closedOccurrences?: readonly OccurrenceKey[];
  /**
   * What the bank statements cover (docs/plan-actual.md "Coverage"): an occurrence due before today
   * that is not closed is überfällig where its account's statements cover its due date; absent or
   * null: nothing is overdue (past occurrences are skipped).
   */
  coverage?: ForecastCoverage | null;
  /**
   * The closed occurrences marked "entfällt" (a part of `closedOccurrences`): their state is
   * `dismissed`, the others' `matched` (docs/plan-actual.md "One state per occurrence").
   */
  dismissedOccurrences?: readonly OccurrenceKey[];
  /**
   * The salaries (the same ids as `salaries`) with their figures — cost payments, deductions, net
   * adjustments — computed as of a day before every month plan vs actual reads: they plan the months
   * before today's (docs/plan-actual.md "Planned occurrences"), where today's figures have no
   * payments. Absent: today's figures plan those months too.
   */
  pastSalaries?: readonly ForecastSalary[];
}

/** A span of days, both ends included ('YYYY-MM-DD'). */
export interface CoverageRange {
  from: string;
  to: string;
}

/** The booking periods of the imported statements per account, and the account salaries are paid from. */
export interface ForecastCoverage {
  /** Per bank account with statements: the periods they cover (any order; overlaps are merged). */
  accounts: readonly { bankAccountId: number; ranges: readonly CoverageRange[] }[];
  /** The organisation's salary account ("Lohnkonto"): salaries and salary costs belong to it; null: none. */
  salaryAccountId: number | null;
}

/** Which kind of item a leaf stands for; `vat_settlement` (id 0) cannot be excluded. */
export type LeafTable = ExclusionTable | 'vat_settlement';

/**
 * A leaf of the details tree: one item (docs/forecast.md "Leaves and the tree") in one month.
 * Read-only: months in which an item has the same amount (and, for an employee, the same paying
 * salary) share one leaf object.
 */
export interface ForecastLeaf {
  readonly name: string;
  /** After performance; 0 when excluded. */
  readonly amount: number;
  readonly relatedTable: LeafTable;
  /** The item; for `salaries` the salary that paid in this month (the one an exclusion names). */
  readonly relatedId: number;
  readonly isExcluded: boolean;
  /** On excluded leaves only: the amount the exclusion takes out (after performance). */
  readonly excludedAmount?: number;
  /**
   * The VAT settlement's parts (docs/vat.md), on `vat_settlement` leaves only, all after performance.
   * Effective method: the period's output tax and input tax (both ≥ 0; amount = input − output).
   * Net tax rate method: the period's gross revenue and the rate(s) it was taxed at.
   */
  readonly outputTax?: number;
  readonly inputTax?: number;
  readonly grossRevenue?: number;
  readonly netTaxRate?: number;
  readonly netTaxRate2?: number;
  readonly netTaxRate2Share?: number;
  /**
   * An overdue occurrence's due date (docs/plan-actual.md "The forecast counts nothing twice"): a
   * leaf of its own in the first month.
   */
  readonly overdueDate?: string;
  /** Salary leaves only: the employee, whose salaries are one leaf across the months. */
  readonly employeeId?: number;
  /**
   * Salary leaves only: true when the month's payment includes a 13th salary
   * (docs/salary-rules.md).
   */
  readonly thirteenthSalary?: boolean;
}

/** Level 1 of the details tree: a category with its leaves; `amount` is the sum of the leaves. */
export interface ForecastCategory {
  name: string;
  amount: number;
  children: ForecastLeaf[];
}

/** The details of one month: revenue leaves (> 0) and expense leaves (< 0), by category. */
export interface ForecastMonthDetails {
  month: string;
  revenue: ForecastCategory[];
  expense: ForecastCategory[];
}

/** A cell of a details row holds an amount (else the row has nothing in that month). */
export const CELL = 1;
/** The cell is excluded: it counts 0, its amount is what the exclusion took out. */
export const CELL_EXCLUDED = 2;
/** The cell is on the revenue side (its amount before an exclusion was > 0); else expense. */
export const CELL_REVENUE = 4;
/** An employee's cell whose payment includes a 13th salary (docs/salary-rules.md). */
export const CELL_THIRTEENTH = 8;

/**
 * A row of the details in columns (docs/forecast.md "Details in columns"): one leaf — an item, an
 * employee's salaries as one row — with its cells in the table's arrays at `at` … `at + months − 1`.
 */
export interface ForecastDetailRow {
  readonly name: string;
  readonly category: string;
  readonly relatedTable: LeafTable;
  /** The item; for `salaries` the employee (the salary that paid each month is in `payers`). */
  readonly id: number;
  /** Salary rows only: per month the salary that paid in it (the one an exclusion names). */
  readonly payers?: Int32Array;
  /** An overdue occurrence's row: its due date; its one cell is in the first month. */
  readonly overdueDate?: string;
  /** The offset of the row's first cell in `amounts` and `cells`. */
  readonly at: number;
}

/**
 * The details of a forecast in columns (docs/forecast.md "Details in columns"): the rows in display
 * order (category, then name), each with one cell per month in typed arrays, so that building them
 * allocates per row and not per cell.
 */
export interface ForecastDetailTable {
  readonly months: readonly string[];
  readonly rows: readonly ForecastDetailRow[];
  /** Per cell: the amount after performance; for an excluded cell what the exclusion took out. */
  readonly amounts: Float64Array;
  /** Per cell: 0 (no cell) or `CELL` with `CELL_EXCLUDED`, `CELL_REVENUE`, `CELL_THIRTEENTH`. */
  readonly cells: Uint8Array;
  /** The VAT settlement's parts (docs/vat.md) by month offset, after performance. */
  readonly vatParts?: ReadonlyMap<number, VatParts>;
}

/**
 * The totals of one month (docs/forecast.md "Totals") and the balance at its end (docs/forecast.md
 * "Start balance and saldo").
 */
export interface ForecastMonth {
  month: string;
  revenue: number;
  expense: number;
  cashflow: number;
  saldo: number;
}

/** How long the money lasts above the organisation's minimum balance (shared `runwayOf`). */
export type ForecastRunway = Runway;

/** The computed forecast. */
export interface ForecastResult {
  currency: string;
  startBalance: number;
  /** Currency codes that had no rate and were converted 1:1, sorted. */
  missingRates: string[];
  months: ForecastMonth[];
  /**
   * The details as a tree per month; built from `detailRows` on first read (an adapter for the
   * answers that still send the tree). Empty when the details were not asked for.
   */
  details: ForecastMonthDetails[];
  /**
   * With the details only: the same details in columns, as the engine builds them (not enumerable:
   * a result compares and serialises as the tree).
   */
  readonly detailRows?: ForecastDetailTable;
  runway: ForecastRunway;
  /**
   * With the details only: how computed leaves came about, by `leafNoteKey(table, id, month)`
   * (docs/payment-calendar.md "Explanations"): the payment calendar's payments and the annual VAT
   * instalments.
   */
  notes?: ReadonlyMap<string, LeafNote>;
}
