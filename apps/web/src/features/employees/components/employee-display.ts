import {
  addMonths,
  costCycleLabels,
  cycleLabels,
  distributionTypes,
  formatAmount,
  formatDate,
  formatMonthLabel,
  monthOf,
  upcomingCostPayment,
  type AmountType,
  type CostDetail,
  type CostCycle,
  type Cycle,
  type DistributionType,
} from '@saldopilot/shared';
import { employeeTexts as texts } from './employee-texts';

/** The cost's amount type as docs/web.md "Formatting" words it ("Betragstyp"). */
export const amountTypeTexts: Record<AmountType, string> = {
  fixed: 'Fixer Betrag',
  percentage: 'Prozentualer Anteil',
  bvgMinimum: 'BVG gesetzliches Minimum nach Alter',
};

/**
 * Who bears a cost, in full ("Zu Kosten von", docs/web.md "Formatting"); the short form is the
 * shared label.
 */
export const distributionTexts: Record<DistributionType, string> = {
  employee: 'Arbeitnehmer (AN)',
  employer: 'Arbeitgeber (AG)',
  both: 'Arbeitgeber & Arbeitnehmer (AG & AN)',
};

/** What the list card and row need of an employee (the API's answer, docs/web.md "Mitarbeitende"). */
export interface EmployeeSummary {
  salaryId: number | null;
  hoursPerMonth: number | null;
  salaryAmount: number | null;
  cycle: Cycle | null;
  currency: { code: string } | null;
  vacationDaysPerYear: number | null;
  fromDate: string | null;
  toDate: string | null;
  isInFuture: boolean;
  isTerminated: boolean;
  willBeTerminated: boolean;
}

export type EmployeeState = 'no-data' | 'terminated' | 'current' | 'upcoming';

/**
 * Which block the card shows (docs/web.md "Mitarbeitende"): none, "aufgelöst", "Aktuelle Daten" or
 * "Kommende Daten".
 */
export function employeeState(employee: EmployeeSummary): EmployeeState {
  if (employee.isTerminated) return 'terminated';
  if (employee.salaryId === null) return 'no-data';
  return employee.isInFuture ? 'upcoming' : 'current';
}

/** "8'500.00 CHF / Monatlich" (salary incl. employer costs per cycle), or "-" without salary. */
export function employeeSalaryText(employee: EmployeeSummary): string {
  if (employee.salaryAmount === null || !employee.currency) return '-';
  const cycle = employee.cycle ? ` / ${cycleLabels[employee.cycle]}` : '';
  return `${formatAmount(employee.salaryAmount, employee.currency.code)}${cycle}`;
}

/** A count of the list view: "-" when there is none or it is 0 (docs/web.md "Mitarbeitende"). */
export function countText(value: number | null): string {
  return value ? String(value) : '-';
}

export function dateText(date: string | null | undefined): string {
  return date ? formatDate(date) : '-';
}

/** A percentage in thousandths of a percent, with its 3 decimals: 5300 → "5.300 %". */
export function percentText(thousandths: number): string {
  return `${(thousandths / 1000).toFixed(3)} %`;
}

/** What a cost card and the copy table need of a cost. */
export interface CostSummary {
  id: number;
  label: { id: number; name: string } | null;
  cycle: CostCycle;
  amountType: AmountType;
  amount: number;
  distributionType: DistributionType;
  calculatedAmount: number;
  calculatedNextCost: number;
  calculatedNextExecutionDate: string | null;
}

export function labelText(cost: Pick<CostSummary, 'label'>): string {
  return cost.label?.name ?? texts.noLabel;
}

/** What the cost card's figures need: the cost with its payments (the API answer's `calculatedCostDetails`). */
export interface CostCardCost extends CostSummary {
  calculatedCostDetails: readonly CostDetail[];
}

/**
 * The per-cycle amount of a cost card (docs/web.md "Mitarbeitende (Detailseite)"): "Monatlich: 530.00 CHF"
 * (fixed) or "Monatlich: 5.300 % (530.00 CHF)" (percentage, with what one side pays per step in
 * the payment the forecast pays next), "Monatlich: BVG-Minimum nach Alter (151.80 CHF)" or, with a
 * risk rate, "… + 1.000 % Risiko und Verwaltung (…)".
 */
export function costAmountText(cost: CostCardCost, currency: string, today: string): string {
  const cycle = costCycleLabels[cost.cycle];
  if (cost.amountType === 'fixed') return `${cycle}: ${formatAmount(cost.amount, currency)}`;
  const perStep = formatAmount(upcomingCostPayment(cost.calculatedCostDetails, today)?.perStep ?? 0, currency);
  if (cost.amountType === 'bvgMinimum') {
    const rate = cost.amount === 0 ? '' : ` + ${texts.bvgRiskRateOnCard(percentText(cost.amount))}`;
    return `${cycle}: ${texts.bvgByAge}${rate} (${perStep})`;
  }
  return `${cycle}: ${percentText(cost.amount)} (${perStep})`;
}

/**
 * "Gesamt: 1'060.00 CHF im Dezember 2026 (Arbeitnehmer 530.00 CHF, Arbeitgeber 530.00 CHF)",
 * "Gesamt: 63.55 CHF im Dezember 2026 (Arbeitgeber)", or "Inaktiv" when nothing is left to pay: the
 * payment the forecast pays next, catch-up included (`upcomingCostPayment`, docs/salary-costs.md
 * "Calculated fields"), so card and forecast name the same month and sum. A cost borne by both is
 * paid once by each side (docs/web.md "Mitarbeitende (Detailseite)").
 */
export function nextCostText(cost: CostCardCost, currency: string, today: string): string {
  const payment = upcomingCostPayment(cost.calculatedCostDetails, today);
  if (payment === null) return texts.inactive;
  const month = formatMonthLabel(payment.month);
  const side = formatAmount(payment.amount, currency);
  const sides =
    cost.distributionType === 'both'
      ? `${texts.sideEmployee} ${side}, ${texts.sideEmployer} ${side}`
      : cost.distributionType === 'employee'
        ? texts.sideEmployee
        : texts.sideEmployer;
  const total = cost.distributionType === 'both' ? 2 * payment.amount : payment.amount;
  return `${texts.total}: ${formatAmount(total, currency)} ${texts.inMonth} ${month} (${sides})`;
}

export type CostFilter = 'all' | 'employee' | 'employer';
export const costFilterLabels: Record<CostFilter, string> = {
  all: 'Alles',
  employee: 'Arbeitnehmer (AN)',
  employer: 'Arbeitgeber (AG)',
};

/**
 * Whether the cost shows under the AN/AG filter: "AG & AN" costs under both (docs/web.md
 * "Mitarbeitende (Detailseite)").
 */
export function matchesFilter(cost: Pick<CostSummary, 'distributionType'>, filter: CostFilter): boolean {
  return filter === 'all' || cost.distributionType === filter || cost.distributionType === 'both';
}

/**
 * Whether the cost matches the search by label name; costs without label always show (docs/web.md
 * "Mitarbeitende (Detailseite)").
 */
export function matchesSearch(cost: Pick<CostSummary, 'label'>, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('de-CH');
  if (!needle || !cost.label) return true;
  return cost.label.name.toLocaleLowerCase('de-CH').includes(needle);
}

export interface CostGroup<Cost> {
  key: DistributionType | 'all';
  title: string | null;
  costs: Cost[];
}

/**
 * The overview's costs after search and filter, ungrouped (one group without title) or grouped by
 * who pays (docs/product.md "Remembered preferences": cost overview grouping); empty groups are left out.
 */
export function visibleCostGroups<Cost extends CostSummary>(
  costs: readonly Cost[],
  options: { search: string; filter: CostFilter; grouped: boolean },
): CostGroup<Cost>[] {
  const visible = costs.filter((cost) => matchesFilter(cost, options.filter) && matchesSearch(cost, options.search));
  if (!options.grouped) return visible.length ? [{ key: 'all', title: null, costs: visible }] : [];
  return distributionTypes
    .map((distribution) => ({
      key: distribution,
      title: distributionTexts[distribution],
      costs: visible.filter((cost) => cost.distributionType === distribution),
    }))
    .filter((group) => group.costs.length > 0);
}

/** What the salary rules of the page need of a salary. */
export interface SalarySummary {
  id: number;
  fromDate: string;
  toDate: string | null;
  isTermination: boolean;
  isDisabled: boolean;
  nextExecutionDate: string | null;
}

/**
 * Whether "Austritt hinzufügen" is offered: an active salary (not a termination) exists
 * (docs/web.md "Mitarbeitende (Detailseite)").
 */
export function canAddTermination(salaries: readonly SalarySummary[]): boolean {
  return salaries.some((salary) => !salary.isTermination && !salary.isDisabled);
}

/**
 * The suggested termination date (docs/web.md "Mitarbeitende (Detailseite)"): the first day of the month after
 * the latest active salary's next payment (its start when it pays no more).
 */
export function suggestedTermination(salaries: readonly SalarySummary[]): string | undefined {
  const latest = salaries
    .filter((salary) => !salary.isTermination && !salary.isDisabled)
    .reduce<SalarySummary | undefined>(
      (newest, salary) => (!newest || salary.fromDate > newest.fromDate ? salary : newest),
      undefined,
    );
  if (!latest) return undefined;
  const payment = latest.nextExecutionDate ?? latest.fromDate;
  return `${monthOf(addMonths(payment, 1))}-01`;
}

/**
 * The "Von" of a cloned salary (docs/web.md "Mitarbeitende (Detailseite)"): the first date from the next month
 * on with the source's day of month (clamped to shorter months) on which no salary of the employee
 * starts.
 */
export function cloneFromDate(
  source: Pick<SalarySummary, 'fromDate'>,
  salaries: readonly Pick<SalarySummary, 'fromDate'>[],
): string {
  const taken = new Set(salaries.map((salary) => salary.fromDate));
  const day = Number(source.fromDate.slice(8, 10));
  for (let months = 1; ; months += 1) {
    const candidate = addMonths(source.fromDate, months, day);
    if (!taken.has(candidate)) return candidate;
  }
}

/** The label of a salary in the copy dialog: "Von 01.01.2026, 8'500.00 CHF / Monatlich". */
export function salaryOptionText(salary: {
  fromDate: string;
  amount: number;
  cycle: Cycle;
  currency: { code: string };
}): string {
  return texts.salaryOption(
    formatDate(salary.fromDate),
    formatAmount(salary.amount, salary.currency.code),
    cycleLabels[salary.cycle],
  );
}
