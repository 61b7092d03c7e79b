import type { ForecastSalary, ForecastSalaryCost } from '@saldopilot/forecast';

/**
 * The cost payments of today's month that no stored schedule holds (docs/salary-costs.md "Costs in
 * the forecast"): a schedule starts at the salary's next payment on or after today, so for a salary
 * paid earlier this month (on the 1st, say) its first payment is next month's and the payment of
 * this month — for the previous month's salary — is in none. For a monthly cost paid every month
 * (k = 1, as every Swiss preset), the past figures (past-figures.ts) hold that payment, and it pays a
 * step before the first stored payment's, so it is taken over and nothing counts twice. Costs paid
 * every k ≥ 2 months keep their schedule: the two rhythms may share a step.
 *
 * Each salary is kept while it and its past figures are the same objects (the engine's models find
 * changed salaries by identity).
 */
export function createCurrentMonthCosts() {
  const kept = new WeakMap<
    ForecastSalary,
    { past: ForecastSalary | undefined; month: string; salary: ForecastSalary }
  >();
  const list = (
    salaries: readonly ForecastSalary[],
    pastSalaries: readonly ForecastSalary[],
    month: string,
  ): ForecastSalary[] => {
    // The past salaries are made from the same list (past-figures.ts), so the one at the same place
    // is nearly always the salary's own; a map of all of them (3,000 in the big organisation) per
    // read was the larger part of this step after a salary's write. Built only when a place differs.
    let pastById: Map<number, ForecastSalary> | undefined;
    const pastOf = (salary: ForecastSalary, index: number): ForecastSalary | undefined => {
      const aligned = pastSalaries[index];
      if (aligned?.id === salary.id) return aligned;
      pastById ??= new Map(pastSalaries.map((candidate) => [candidate.id, candidate]));
      return pastById.get(salary.id);
    };
    return salaries.map((salary, index) => one(salary, pastOf(salary, index), month));
  };
  /** One salary with this month's payments (the same object while it and its past figures are). */
  const one = (salary: ForecastSalary, past: ForecastSalary | undefined, month: string): ForecastSalary => {
    const known = kept.get(salary);
    if (known && known.past === past && known.month === month) return known.salary;
    const costs = salary.costs.map((cost) => withPaymentOf(cost, past, month));
    const result = costs.every((cost, index) => cost === salary.costs[index]) ? salary : { ...salary, costs };
    kept.set(salary, { past, month, salary: result });
    return result;
  };
  return Object.assign(list, { one });
}

/** The cost with the past figures' payment of `month` where it has none and is paid every month. */
function withPaymentOf(cost: ForecastSalaryCost, past: ForecastSalary | undefined, month: string): ForecastSalaryCost {
  if (cost.cycle !== 'monthly' || cost.relativeOffset !== 1) return cost;
  if (cost.details.some((payment) => payment.month === month)) return cost;
  const payment = past?.costs.find((candidate) => candidate.id === cost.id)?.details.find((p) => p.month === month);
  if (!payment) return cost;
  // Not a catch-up: a regular payment of the past rhythm, before every stored one.
  const details = [...cost.details, { ...payment, isExtraMonth: false }];
  return { ...cost, details: details.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0)) };
}
