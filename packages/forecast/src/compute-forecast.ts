/**
 * computeForecast: the forecast of FORECAST.md from plain inputs, pure and deterministic. The steps
 * run in a fixed order into one ledger (transactions with the VAT collection, VAT settlement,
 * salaries, salary costs, exclusions), then the tree, the totals, the balances and the runway.
 */

import { convertToBase, exactSum, FORECAST_LIMITS, toCents } from '@saldopilot/shared';
import { horizonOf, parseMonthIndex } from './horizon.js';
import { Ledger } from './ledger.js';
import { createRateBook } from './rates.js';
import { runwayOf } from './runway.js';
import { addSalaries } from './salaries.js';
import { addSalaryCosts } from './salary-costs.js';
import { addTransactions } from './transactions.js';
import { buildDetails } from './tree.js';
import type { ForecastInput, ForecastMonth, ForecastResult } from './types.js';
import { createVatCollector } from './vat-settlement.js';

function checkPerformance(performance: number): void {
  const { minPerformance, maxPerformance } = FORECAST_LIMITS;
  if (!Number.isInteger(performance) || performance < minPerformance || performance > maxPerformance) {
    throw new RangeError(`performance must be an integer from ${minPerformance} to ${maxPerformance}: ${performance}`);
  }
}

/** The most leaves the input can produce: every transaction, salary and label, plus the VAT settlement. */
function leafCapacity(input: ForecastInput): number {
  const labels = new Set<number>();
  for (const salary of input.salaries) for (const cost of salary.costs) labels.add(cost.labelId ?? 0);
  return input.transactions.length + input.salaries.length + labels.size + 1;
}

/**
 * Computes the forecast: per month revenue, expense, cashflow and end balance (saldo), the details
 * tree per month, the start balance, the currencies without a rate, and the runway. Integer minor
 * units throughout; the same input always gives the same output (no clock, no I/O).
 * @throws RangeError on input the API should have refused (months outside 1–60, performance not an
 * integer 0–200, invalid dates, a repeating transaction without a cycle, an unusable rate);
 * AmountOverflowError when a total is too large to be exact.
 */
export function computeForecast(input: ForecastInput): ForecastResult {
  const horizon = horizonOf(input.today, input.months);
  checkPerformance(input.performance);
  const minimumBalance = toCents(input.minimumBalance);
  const rates = createRateBook(input.currency, input.rates);

  // FORECAST.md 2: all accounts, each converted and rounded on its own.
  let startBalance = 0;
  for (const account of input.bankAccounts)
    startBalance += convertToBase(account.amount, rates.rateOf(account.currency));
  exactSum(startBalance, 'The start balance');

  const ledger = new Ledger(horizon.count, leafCapacity(input));
  const vat = createVatCollector(input.vatSetting, horizon);
  addTransactions(input.transactions, horizon, rates, ledger, vat);
  const vatParts = vat?.settle(ledger, input.performance);
  addSalaries(input.salaries, horizon, rates, ledger);
  addSalaryCosts(input.salaries, horizon, rates, ledger);
  for (const exclusion of input.exclusions) {
    const offset = parseMonthIndex(exclusion.month) - horizon.first;
    if (offset >= 0 && offset < horizon.count) ledger.exclude(exclusion.relatedTable, exclusion.relatedId, offset);
  }

  const { details, totals } = buildDetails(ledger, horizon.keys, input.performance, vatParts);
  const months: ForecastMonth[] = [];
  let saldo = startBalance;
  for (let i = 0; i < horizon.count; i++) {
    const { revenue, expense } = totals[i] as { revenue: number; expense: number };
    // Each side sums leaves of one sign, so no leaf or category is larger than its side's total.
    exactSum(revenue, 'The revenue of a month');
    exactSum(expense, 'The expense of a month');
    const cashflow = revenue + expense;
    saldo = exactSum(saldo + cashflow, 'The end balance of a month');
    months.push({ month: horizon.keys[i] as string, revenue, expense, cashflow, saldo });
  }
  return {
    currency: input.currency,
    startBalance,
    missingRates: rates.missing(),
    months,
    details,
    runway: runwayOf(months, minimumBalance),
  };
}
