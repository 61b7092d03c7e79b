/**
 * Everything derived from one salary and its costs for a given "today" (docs/salary-rules.md): the
 * payment schedule of each cost, the calculated fields, the deductions and employer costs, and the
 * months whose net payment differs from gross − deductions (a 13th salary, a new BVG age band).
 * Pure: the API stores what this answers, the forecast reads it.
 */

import { bvgStepAmount } from './bvg.js';
import {
  calculatedCostFields,
  costSchedule,
  costStepAmount,
  dependsOnAge,
  SalaryCostBaseError,
  salaryDeductions,
  type CalculatedCostFields,
  type CostDetail,
  type SalaryCostAmountInput,
  type SalaryDeductions,
} from './salaries.js';
import { type ScheduleCycle } from './schedule.js';
import { cycleMonths, type Cycle } from './schemas/fields.js';
import { addMonthsToMonth } from './calendar.js';
import {
  monthIndexOf,
  monthOfIndex,
  thirteenthSalaryPayments,
  type ThirteenthSalaryPayment,
  type ThirteenthSalaryRow,
} from './thirteenth-salary.js';

/** The salary as the figures need it. */
export interface FiguresSalary {
  id: number;
  amount: number;
  cycle: Cycle;
  fromDate: string;
  toDate: string | null;
  isDisabled: boolean;
  isTermination: boolean;
  hasThirteenthSalary: boolean;
  /** The employee's, for BVG by age; null when none is known (a `bvgMinimum` cost then costs 0). */
  birthDate: string | null;
}

/** A cost as the figures need it. */
export interface FiguresCost extends SalaryCostAmountInput {
  cycle: ScheduleCycle;
  relativeOffset: number;
  targetDate: string | null;
}

/**
 * One month whose net payment differs from gross − deductions, by `amount` (more paid out when > 0);
 * `thirteenthSalary` when the month's payment includes a 13th salary (the forecast labels it).
 */
export interface NetAdjustment {
  month: string;
  amount: number;
  thirteenthSalary?: true;
}

export interface SalaryFigures {
  /** Per cost: its payments (13th salary included) and its calculated fields. */
  costs: { id: number; schedule: CostDetail[]; fields: CalculatedCostFields }[];
  deductions: SalaryDeductions;
  netAdjustments: NetAdjustment[];
}

/** The insured yearly salary: per cycle × cycles a year, plus one monthly amount with a 13th salary. */
export function yearlySalary(salary: Pick<FiguresSalary, 'amount' | 'cycle' | 'hasThirteenthSalary'>): number {
  const perYear = (salary.amount * 12) / cycleMonths[salary.cycle];
  return perYear + (salary.hasThirteenthSalary && salary.cycle === 'monthly' ? salary.amount : 0);
}

/** Months one step of a cost covers (a one-off cost: the salary's cycle). */
function stepMonthsOf(cycle: ScheduleCycle, salaryCycle: Cycle): number {
  return cycle === 'once' ? cycleMonths[salaryCycle] : cycleMonths[cycle];
}

/**
 * The figures of one salary. `extras` are the 13th-salary payments this salary pays
 * (`thirteenthSalaryPayments`); `horizonEnd` the last day schedules reach without a salary end.
 * Calculated fields and deductions come from the regular payments: a 13th salary in the next
 * payment must not change the monthly deduction shown on the salary.
 */
export function salaryFigures(
  salary: FiguresSalary,
  costs: readonly FiguresCost[],
  extras: readonly ThirteenthSalaryPayment[],
  today: string,
  horizonEnd: string,
): SalaryFigures {
  const byId = new Map<number, SalaryCostAmountInput>(costs.map((cost) => [cost.id, cost]));
  const extraByMonth = new Map(extras.map((extra) => [monthIndexOf(extra.month), extra.amount]));
  const yearly = yearlySalary(salary);
  const { birthDate } = salary;
  const bvgIn = (year: number) => (cost: SalaryCostAmountInput) =>
    birthDate === null
      ? 0
      : bvgStepAmount({
          yearlyCents: yearly,
          birthDate,
          year,
          riskRate: cost.amount,
          stepMonths: stepMonthsOf((cost as FiguresCost).cycle ?? salary.cycle, salary.cycle),
        });
  const amountIn = (cost: FiguresCost, year: number, extra: number): number => {
    try {
      return costStepAmount(cost, salary.amount + extra, byId, bvgIn(year));
    } catch (error) {
      // The API refuses such bases; a row that slipped past them costs nothing rather than failing a read.
      if (error instanceof SalaryCostBaseError) return 0;
      throw error;
    }
  };
  const todayYear = Number(today.slice(0, 4));
  const extraCovering = (cost: FiguresCost, step: string): number => {
    const first = monthIndexOf(step);
    let sum = 0;
    for (let month = first; month < first + stepMonthsOf(cost.cycle, salary.cycle); month++)
      sum += extraByMonth.get(month) ?? 0;
    return sum;
  };

  const figures: SalaryFigures['costs'] = [];
  const ageDependent = new Set<number>();
  for (const cost of costs) {
    const byAge = dependsOnAge(cost, byId);
    if (byAge) ageDependent.add(cost.id);
    const common = { salary, cost, stepAmount: amountIn(cost, todayYear, 0), today, horizonEnd };
    const regularAt = byAge ? (step: string) => amountIn(cost, Number(step.slice(0, 4)), 0) : undefined;
    const regular = costSchedule({ ...common, stepAmountAt: regularAt });
    const withExtras =
      extras.length > 0 && cost.amountType === 'percentage'
        ? costSchedule({
            ...common,
            stepAmountAt: (step) => amountIn(cost, Number(step.slice(0, 4)), extraCovering(cost, step)),
          })
        : regular;
    figures.push({ id: cost.id, schedule: withExtras, fields: calculatedCostFields(regular, today, 'skip-previous') });
  }
  const deductions = salaryDeductions(
    salary,
    costs.map((cost, i) => ({
      distributionType: cost.distributionType,
      cycle: cost.cycle,
      calculatedAmount: (figures[i] as SalaryFigures['costs'][number]).fields.calculatedAmount,
    })),
  );
  return { costs: figures, deductions, netAdjustments: netAdjustmentsOf() };

  /**
   * Per payment month from today's month: the 13th salary less the employee's contributions on it,
   * and the change of an age-dependent deduction against the one in `deductions`.
   */
  function netAdjustmentsOf(): NetAdjustment[] {
    if (salary.isDisabled || salary.isTermination) return [];
    const deducted = costs.filter((cost) => cost.distributionType !== 'employer' && cost.cycle !== 'once');
    const byAge = deducted.filter((cost) => ageDependent.has(cost.id));
    if (extras.length === 0 && byAge.length === 0) return [];
    const salaryMonths = cycleMonths[salary.cycle];
    const perSalaryCycle = (cost: FiguresCost, amount: number) =>
      Math.floor((amount * salaryMonths) / cycleMonths[cost.cycle as Cycle]);
    const baseOf = new Map(figures.map((figure) => [figure.id, figure.fields.calculatedAmount]));
    const adjustments: NetAdjustment[] = [];
    const first = monthIndexOf(salary.fromDate);
    const current = monthIndexOf(today);
    const last = Math.min(monthIndexOf(horizonEnd), salary.toDate === null ? Infinity : monthIndexOf(salary.toDate));
    const start = current <= first ? first : first + Math.ceil((current - first) / salaryMonths) * salaryMonths;
    for (let month = start; month <= last; month += salaryMonths) {
      const year = Math.floor(month / 12);
      const extra = extraByMonth.get(month) ?? 0;
      let adjustment = extra;
      for (const cost of deducted) {
        if (extra > 0) adjustment -= amountIn(cost, year, extra) - amountIn(cost, year, 0);
        if (ageDependent.has(cost.id)) {
          adjustment -= perSalaryCycle(cost, amountIn(cost, year, 0)) - perSalaryCycle(cost, baseOf.get(cost.id) ?? 0);
        }
      }
      if (extra > 0) adjustments.push({ month: monthOfIndex(month), amount: adjustment, thirteenthSalary: true });
      else if (adjustment !== 0) adjustments.push({ month: monthOfIndex(month), amount: adjustment });
    }
    return adjustments;
  }
}

/** A salary row of an employee's timeline as the figures of the whole employee need it. */
export interface EmployeeSalaryRow extends FiguresSalary, ThirteenthSalaryRow {
  employeeId: number;
}

/** A cost row with the salary it belongs to. */
export interface SalaryCostRow extends FiguresCost {
  salaryId: number;
}

/**
 * The figures of every given salary as of `today` up to `horizonEnd`, computed per whole employee
 * (docs/salary-rules.md "Where the figures are computed"): the 13th-salary payments of each
 * employee's timeline from a year back (this month's cost payments may cover the steps of a 13th
 * salary paid before), then `salaryFigures` per salary. The employees area stores what this answers;
 * a scenario's raise and leave compute a changed timeline with it (docs/scenarios.md "Raise").
 */
export function employeeSalaryFigures(
  salaryRows: readonly EmployeeSalaryRow[],
  costRows: readonly SalaryCostRow[],
  today: string,
  horizonEnd: string,
): Map<number, SalaryFigures> {
  const costsOf = new Map<number, SalaryCostRow[]>();
  for (const cost of costRows) costsOf.set(cost.salaryId, [...(costsOf.get(cost.salaryId) ?? []), cost]);
  const byEmployee = new Map<number, EmployeeSalaryRow[]>();
  for (const row of salaryRows) byEmployee.set(row.employeeId, [...(byEmployee.get(row.employeeId) ?? []), row]);
  const extrasOf = new Map<number, ThirteenthSalaryPayment[]>();
  for (const rows of byEmployee.values()) {
    if (!rows.some((row) => row.hasThirteenthSalary)) continue;
    for (const payment of thirteenthSalaryPayments(
      rows,
      addMonthsToMonth(today.slice(0, 7), -12),
      horizonEnd.slice(0, 7),
    )) {
      extrasOf.set(payment.salaryId, [...(extrasOf.get(payment.salaryId) ?? []), payment]);
    }
  }
  const figures = new Map<number, SalaryFigures>();
  for (const salary of salaryRows) {
    figures.set(
      salary.id,
      salaryFigures(salary, costsOf.get(salary.id) ?? [], extrasOf.get(salary.id) ?? [], today, horizonEnd),
    );
  }
  return figures;
}

/** The stored form of net adjustments: 'YYYY-MM:cents' (':13' appended with a 13th salary) joined by ';'. */
export function formatNetAdjustments(adjustments: readonly NetAdjustment[]): string {
  return adjustments
    .map((adjustment) => `${adjustment.month}:${adjustment.amount}${adjustment.thirteenthSalary ? ':13' : ''}`)
    .join(';');
}

/** Reads the stored form back; '' is none. */
export function parseNetAdjustments(text: string): NetAdjustment[] {
  if (text === '') return [];
  return text.split(';').map((entry) => {
    const [month = '', amount = '', mark] = entry.split(':');
    return mark === '13'
      ? { month, amount: Number(amount), thirteenthSalary: true }
      : { month, amount: Number(amount) };
  });
}
