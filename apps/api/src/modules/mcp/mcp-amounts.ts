import { formatAmount } from '@saldopilot/shared';

/**
 * The amounts of an MCP answer for the model: every amount both as the API's integer minor units
 * and as de-CH text (`{ cents: 123450, formatted: "1'234.50 CHF" }`), so an assistant neither
 * divides by 100 nor formats by itself (docs/api.md "Format").
 */

export interface Money {
  cents: number;
  formatted: string;
}

/** A rate in thousandths of a percent (salary costs: 5300 = 5.3 %). */
export interface Rate {
  thousandthsOfPercent: number;
  formatted: string;
}

/**
 * The keys under which the API's answers carry amounts in minor units (the shared answer schemas:
 * forecast, details, runway, Plan/Ist, transactions, bank accounts and entries, employees,
 * salaries, salary costs). A key holds an amount only where its value is a number: `revenue` is a
 * month's total in the forecast, an array of categories in the details and a cell in Plan/Ist.
 */
const AMOUNT_KEYS = new Set([
  'amount',
  'vatAmount',
  'convertedAmount',
  'startBalance',
  'minimumBalance',
  'saldo',
  'revenue',
  'expense',
  'cashflow',
  'balance',
  'plan',
  'actual',
  'variance',
  'excludedAmount',
  'outputTax',
  'inputTax',
  'grossRevenue',
  'salaryAmount',
  'grossAmount',
  'employerCosts',
  'employeeDeductions',
  'netAmount',
  'totalCost',
  'calculatedAmount',
  'calculatedNextCost',
  'charges',
  'matchedAmount',
  // Scenarios (docs/scenarios.md): the total cash flow of compare and a hire lever's monthly salary.
  'totalCashflow',
  'salary',
  // The Übersicht (docs/cockpit.md "The row"): today's bank balance of an organisation.
  'bankBalance',
]);

/** Cost amount types whose `amount` is a rate, not money (docs/salary-costs.md). */
const RATE_AMOUNT_TYPES = new Set(['percentage', 'bvgMinimum']);

export function money(cents: number, currency?: string): Money {
  return { cents, formatted: formatAmount(cents, currency) };
}

/** 5300 -> "5.3 %": whole numbers only, no float division. */
export function rate(thousandths: number): Rate {
  const abs = Math.abs(thousandths);
  const decimals = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  const number = `${thousandths < 0 ? '-' : ''}${Math.floor(abs / 1000)}${decimals ? `.${decimals}` : ''}`;
  return { thousandthsOfPercent: thousandths, formatted: `${number} %` };
}

/** The currency an answer object names: a code (`"CHF"`) or a currency object (`{ code: "CHF" }`). */
function currencyOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (value && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'string') {
    return (value as { code: string }).code;
  }
  return undefined;
}

/**
 * The answer with every amount as {@link Money}, formatted in the currency the nearest enclosing
 * object names (the forecast's organisation currency, a transaction's or account's own); without
 * one the number alone. A salary cost's percentage `amount` becomes a {@link Rate}.
 */
export function withAmounts(value: unknown, currency?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withAmounts(item, currency));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const own = currencyOf(record.currency) ?? currency;
  const amountIsRate = typeof record.amountType === 'string' && RATE_AMOUNT_TYPES.has(record.amountType);
  return Object.fromEntries(
    Object.entries(record).map(([key, field]) => {
      if (typeof field !== 'number' || !AMOUNT_KEYS.has(key)) return [key, withAmounts(field, own)];
      return [key, key === 'amount' && amountIsRate ? rate(field) : money(field, own)];
    }),
  );
}
