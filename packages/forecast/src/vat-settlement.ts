/**
 * The automatic VAT settlement (research §5.8, FORECAST.md 3): the VAT of the revenue transactions is
 * collected per month (past occurrences included, exclusions ignored), summed per billing period and
 * paid as one expense leaf "Mwst." in the period's settlement month, when that day is after today.
 */

import { cycleMonths, stableAdd } from '@saldopilot/shared';
import { parseDay, type Horizon } from './horizon.js';
import type { Ledger } from './ledger.js';
import type { ForecastVatSetting } from './types.js';

/** Name and category of the settlement leaf. */
export const VAT_SETTLEMENT_NAME = 'Mwst.';

/** Collects converted VAT per month for the periods whose settlement can land in the horizon. */
export interface VatCollector {
  /** First month index worth collecting. */
  readonly from: number;
  /** Last month index worth collecting. */
  readonly to: number;
  /** Adds converted VAT to a month in `from`…`to`. */
  add(monthIndex: number, amount: number): void;
  /** Writes the settlements into the ledger's `Mwst.` leaf. */
  settle(ledger: Ledger): void;
}

/** Months of a settlement interval; an unknown value counts as quarterly, as the reference does. */
export function intervalMonths(interval: string): number {
  return Object.hasOwn(cycleMonths, interval) ? cycleMonths[interval as keyof typeof cycleMonths] : 3;
}

/**
 * A collector for the VAT setting, or null when there is nothing to settle (no setting, disabled, or
 * no settlement month within the horizon).
 *
 * Periods: interval I, the first one starts I months before the billing date's month; period p
 * covers I months from there and is paid on stableAdd(stableAdd(billingDate, p × I), offset), i.e.
 * in month billing + p × I + offset. Only the periods paid inside the horizon are collected, so a
 * billing date years ago costs nothing.
 * @throws RangeError on an invalid billing date.
 */
export function createVatCollector(setting: ForecastVatSetting | null, horizon: Horizon): VatCollector | null {
  if (!setting || !setting.enabled) return null;
  const interval = intervalMonths(setting.interval);
  const offset = setting.transactionMonthOffset;
  const billing = parseDay(setting.billingDate);
  const firstStart = billing.monthIndex - interval;
  const firstPeriod = Math.max(0, Math.ceil((horizon.first - billing.monthIndex - offset) / interval));
  const lastPeriod = Math.floor((horizon.last - billing.monthIndex - offset) / interval);
  if (lastPeriod < firstPeriod) return null;
  const from = firstStart + firstPeriod * interval;
  const to = firstStart + (lastPeriod + 1) * interval - 1;
  const sums = new Float64Array(to - from + 1);
  return {
    from,
    to,
    add(monthIndex, amount) {
      sums[monthIndex - from] = (sums[monthIndex - from] as number) + amount;
    },
    settle(ledger) {
      for (let period = firstPeriod; period <= lastPeriod; period++) {
        let total = 0;
        const periodStart = (period - firstPeriod) * interval;
        for (let i = 0; i < interval; i++) total += sums[periodStart + i] as number;
        if (total === 0) continue;
        const settlement = stableAdd(stableAdd(setting.billingDate, period * interval), offset);
        // Strictly after today: a settlement due today is taken as paid already.
        if (settlement <= horizon.todayDate) continue;
        const slot = ledger.open('vat_settlement', 0, VAT_SETTLEMENT_NAME, VAT_SETTLEMENT_NAME);
        ledger.add(slot, parseDay(settlement).monthIndex - horizon.first, -total);
      }
    },
  };
}
