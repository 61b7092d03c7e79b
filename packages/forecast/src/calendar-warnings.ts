/**
 * The German warnings of the payment calendar and the VAT method (docs/payment-calendar.md
 * "Warnings"): an entered AHV Akonto more than 10 % off the year's planned contributions, and a
 * planned year above a limit of the chosen VAT settlement. Pure: from the forecast's input.
 */

import {
  ANNUAL_VAT_TURNOVER_LIMIT_CENTS,
  NET_TAX_RATE_TAX_LIMIT_CENTS,
  NET_TAX_RATE_TURNOVER_LIMIT_CENTS,
  formatAmount,
} from '@saldopilot/shared';
import { computeForecast } from './compute-forecast.js';
import { horizonOf } from './horizon.js';
import {
  ahvPayroll,
  ahvRhythm,
  akontoWarningText,
  contributionsOver,
  fundContributions,
  hasCalendarBlocks,
} from './payment-calendar.js';
import { createRateBook } from './rates.js';
import { netTaxOf } from './vat-settlement.js';
import type { ForecastInput, ForecastVatSetting } from './types.js';

/** "CHF 5'005'000" (whole francs). */
function francs(cents: number): string {
  const text = formatAmount(cents);
  return `CHF ${text.endsWith('.00') ? text.slice(0, -3) : text}`;
}

/** The warnings for the calendar years from today's to the last month's, in that order. */
export function calendarWarnings(input: ForecastInput): string[] {
  const warnings: string[] = [];
  const horizon = horizonOf(input.today, input.months);
  const firstYear = Math.floor(horizon.first / 12);
  const lastYear = Math.floor(horizon.last / 12);
  const calendar = input.paymentCalendar;
  if (hasCalendarBlocks(calendar) && calendar.ahv && calendar.ahv.akonto !== null) {
    const rates = createRateBook(input.currency, input.rates);
    const contributions = fundContributions(input.salaries, calendar, horizon, rates);
    for (let year = firstYear; year <= lastYear; year++) {
      const total = contributionsOver(contributions, 'ahv', year * 12, 12);
      const payroll = ahvPayroll(year, contributions);
      const periods = { monthly: 12, quarterly: 4, yearly: 1 }[ahvRhythm(calendar.ahv.rhythm, total, payroll)];
      const warning = akontoWarningText(year, total, calendar.ahv.akonto * periods);
      if (warning !== null) warnings.push(warning);
    }
  }
  const vat = input.vatSetting;
  if (vatLimitsApply(vat)) {
    // The plan's revenue per calendar year (before performance), all revenue leaves.
    const result = computeForecast({ ...input, performance: 100 });
    for (const { text } of vatLimitWarnings(vat, result.months, firstYear, lastYear)) warnings.push(text);
  }
  return warnings;
}

/** Whether the VAT setting has limits to check: an annual settlement or the net tax rate method. */
export function vatLimitsApply(vat: ForecastVatSetting | null | undefined): vat is ForecastVatSetting {
  return vat?.enabled === true && (vat.interval === 'yearly' || vat.method === 'netTaxRate');
}

/**
 * The warnings of the years `firstYear`…`lastYear` whose planned revenue (`months`, before
 * performance) exceeds a limit of the chosen VAT settlement (docs/payment-calendar.md "Warnings").
 */
export function vatLimitWarnings(
  vat: ForecastVatSetting,
  months: readonly { month: string; revenue: number }[],
  firstYear: number,
  lastYear: number,
): { year: number; text: string }[] {
  const warnings: { year: number; text: string }[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const revenue = months
      .filter((month) => month.month.startsWith(`${year}-`))
      .reduce((sum, month) => sum + month.revenue, 0);
    if (vat.interval === 'yearly' && revenue > ANNUAL_VAT_TURNOVER_LIMIT_CENTS) {
      warnings.push({
        year,
        text: `Der geplante Umsatz ${year} übersteigt ${francs(ANNUAL_VAT_TURNOVER_LIMIT_CENTS)}: die jährliche MWST-Abrechnung ist dann nicht mehr möglich.`,
      });
    }
    if (vat.method === 'netTaxRate' && typeof vat.netTaxRate === 'number') {
      const tax = netTaxOf(revenue, vat.netTaxRate, vat.netTaxRate2 ?? null, vat.netTaxRate2Share ?? null);
      if (revenue > NET_TAX_RATE_TURNOVER_LIMIT_CENTS || tax > NET_TAX_RATE_TAX_LIMIT_CENTS) {
        warnings.push({
          year,
          text: `Der geplante Umsatz ${year} übersteigt die Grenzen der Saldosteuersatzmethode (${francs(NET_TAX_RATE_TURNOVER_LIMIT_CENTS)} Umsatz, ${francs(NET_TAX_RATE_TAX_LIMIT_CENTS)} Steuer).`,
        });
      }
    }
  }
  return warnings;
}
