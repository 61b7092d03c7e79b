/**
 * The automatic VAT settlement (docs/vat.md). Per month the collector
 * gathers, from past occurrences too and regardless of exclusions:
 * - effective method: the VAT of the revenue transactions (output tax) and of the expense
 *   transactions (input tax);
 * - net tax rate method: the gross revenue (VAT included) of the revenue transactions that carry VAT.
 * Each billing period is then paid as one leaf "MWST" in its payment month, when that day is after
 * today: an expense, or revenue when the input tax exceeds the output tax (a refund).
 */

import { cycleMonths, stableAdd, VAT_PAYMENT_DAYS, VAT_SETTLEMENT_NAME } from '@saldopilot/shared';
import { daysOfMonthIndex, parseDay, type DayPoint, type Horizon } from './horizon.js';
import type { Ledger } from './ledger.js';
import type { NotesSink } from './leaf-notes.js';
import { applyPerformance } from './performance.js';
import type { ForecastLeaf, ForecastVatSetting } from './types.js';

/** Name and category of the settlement leaf. */

/** The parts of one settlement, shown with its leaf (docs/vat.md), all after performance. */
export type VatParts = Pick<
  ForecastLeaf,
  'outputTax' | 'inputTax' | 'grossRevenue' | 'netTaxRate' | 'netTaxRate2' | 'netTaxRate2Share'
>;

/** Collects converted VAT per month for the periods whose settlement can land in the horizon. */
export interface VatCollector {
  /** First month index worth collecting. */
  readonly from: number;
  /** Last month index worth collecting. */
  readonly to: number;
  /**
   * Adds a revenue occurrence carrying VAT to a month in `from`…`to`, converted: its gross amount
   * and its VAT. The effective method collects the VAT (output tax), the net tax rate method the
   * gross revenue.
   */
  addRevenue(monthIndex: number, gross: number, tax: number): void;
  /** Adds input tax (converted, > 0) to a month in `from`…`to`; the net tax rate method ignores it. */
  addInput(monthIndex: number, amount: number): void;
  /**
   * Writes the settlements paid up to the month index `until` (default: the horizon's last), after
   * performance, into the ledger's VAT leaves, emptied first (a model settles for every result;
   * `keepWritten`: not emptied, another collector of a VAT switch wrote before), and answers the
   * parts of each written settlement by month offset (0 = first month of the horizon).
   */
  settle(
    ledger: Ledger,
    performance: number,
    until?: number,
    sink?: NotesSink,
    keepWritten?: boolean,
  ): Map<number, VatParts>;
}

/** Months of a settlement interval; an unknown value counts as quarterly, as the reference does. */
export function intervalMonths(interval: string): number {
  return Object.hasOwn(cycleMonths, interval) ? cycleMonths[interval as keyof typeof cycleMonths] : 3;
}

/**
 * The ESTV's payment day of a period that ends with the month `lastMonth` (docs/vat.md): 60 days
 * after the period's last day, which always falls in the second month after it; when that month is
 * too short (periods ending in December or January) the payment lands on its last day, so it stays
 * in that month.
 */
export function estvPaymentDay(lastMonth: number): DayPoint {
  const monthIndex = lastMonth + 2;
  return {
    monthIndex,
    day: Math.min(VAT_PAYMENT_DAYS - daysOfMonthIndex(lastMonth + 1), daysOfMonthIndex(monthIndex)),
  };
}

/**
 * The net tax on `gross` (minor units, ≥ 0): `share` percent at `rate2`, the rest at `rate` (rates in
 * thousandths of a percent), rounded half away from zero to the minor unit once per period. BigInt:
 * gross × rate passes 2^53 for large amounts.
 */
export function netTaxOf(gross: number, rate: number, rate2: number | null, share: number | null): number {
  const weighted = rate2 === null || share === null ? 100 * rate : (100 - share) * rate + share * rate2;
  const divisor = 10_000_000n; // 100 (share in percent) × 100 (percent) × 1000 (thousandths)
  const product = BigInt(gross) * BigInt(weighted);
  const whole = product / divisor;
  const remainder = product % divisor;
  const away = 2n * remainder >= divisor ? 1n : 2n * remainder <= -divisor ? -1n : 0n;
  return Number(whole + away);
}

function isRate(value: number | null | undefined, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

/** The net tax rates of the setting; null for the effective method. */
export function netTaxRatesOf(setting: ForecastVatSetting) {
  if (setting.method !== 'netTaxRate') return null;
  const { netTaxRate, netTaxRate2 = null, netTaxRate2Share = null } = setting;
  if (!isRate(netTaxRate, 10_000)) throw new RangeError(`A net tax rate is 1–10000: ${netTaxRate}`);
  if ((netTaxRate2 === null) !== (netTaxRate2Share === null)) {
    throw new RangeError('A second net tax rate needs its share, and a share its rate');
  }
  if (netTaxRate2 !== null && (!isRate(netTaxRate2, 10_000) || !isRate(netTaxRate2Share, 99))) {
    throw new RangeError(`Second net tax rate 1–10000 at a share of 1–99 %: ${netTaxRate2}, ${netTaxRate2Share}`);
  }
  return { netTaxRate, netTaxRate2, netTaxRate2Share };
}

/** The ids of every VAT leaf: the settlement (0) and the annual instalments (vat-annual.ts). */
export const VAT_LEAF_IDS = [0, 1, 2, 3, 11, 12, 13] as const;

/** Empties the VAT leaves before a settlement writes them anew. */
export function clearVatLeaves(ledger: Ledger): void {
  for (const id of VAT_LEAF_IDS) {
    const slot = ledger.slotOf('vat_settlement', id);
    if (slot !== undefined) ledger.clearSlot(slot);
  }
}

/**
 * A collector for the VAT setting, or null when there is nothing to settle (no setting, disabled, or
 * no settlement month within the horizon).
 *
 * Periods: interval I, the first one starts I months before the billing date's month; period p
 * covers I months from there. It is paid, with `paymentTerm: 'offset'`, on
 * stableAdd(stableAdd(billingDate, p × I), offset), i.e. in month billing + p × I + offset; with
 * `'estv'` on {@link estvPaymentDay} of its last month, i.e. in month billing + p × I + 1. Only the
 * periods paid inside the horizon are collected, so a billing date years ago costs nothing.
 * @throws RangeError on an invalid billing date or net tax rate.
 */
export function createVatCollector(setting: ForecastVatSetting | null, horizon: Horizon): VatCollector | null {
  if (!setting || !setting.enabled) return null;
  const interval = intervalMonths(setting.interval);
  const estv = setting.paymentTerm === 'estv';
  const offset = estv ? 1 : setting.transactionMonthOffset;
  const rates = netTaxRatesOf(setting);
  const { billingDate } = setting;
  const billing = parseDay(billingDate);
  const firstStart = billing.monthIndex - interval;
  const firstPeriod = Math.max(0, Math.ceil((horizon.first - billing.monthIndex - offset) / interval));
  const lastPeriod = Math.floor((horizon.last - billing.monthIndex - offset) / interval);
  if (lastPeriod < firstPeriod) return null;
  const from = firstStart + firstPeriod * interval;
  const to = firstStart + (lastPeriod + 1) * interval - 1;
  // Output tax, or gross revenue for the net tax rate method; and input tax.
  const sums = new Float64Array(to - from + 1);
  const inputs = new Float64Array(rates === null ? to - from + 1 : 0);
  const { today } = horizon;

  /** The payment month of the period, or -1 when it is paid on or before today. */
  function paymentMonth(period: number): number {
    if (estv) {
      const day = estvPaymentDay(billing.monthIndex + period * interval - 1);
      const afterToday =
        day.monthIndex > today.monthIndex || (day.monthIndex === today.monthIndex && day.day > today.day);
      return afterToday ? day.monthIndex : -1;
    }
    const settlement = stableAdd(stableAdd(billingDate, period * interval), offset);
    // Strictly after today: a settlement due today is taken as paid already.
    return settlement > horizon.todayDate ? parseDay(settlement).monthIndex : -1;
  }

  return {
    from,
    to,
    addRevenue(monthIndex, gross, tax) {
      sums[monthIndex - from] = (sums[monthIndex - from] as number) + (rates === null ? tax : gross);
    },
    addInput(monthIndex, amount) {
      if (rates === null) inputs[monthIndex - from] = (inputs[monthIndex - from] as number) + amount;
    },
    settle(ledger, performance, until = horizon.last, _sink, keepWritten = false) {
      const parts = new Map<number, VatParts>();
      if (!keepWritten) clearVatLeaves(ledger);
      for (let period = firstPeriod; period <= lastPeriod; period++) {
        let collected = 0;
        let input = 0;
        const periodStart = (period - firstPeriod) * interval;
        for (let i = 0; i < interval; i++) {
          collected += sums[periodStart + i] as number;
          if (rates === null) input += inputs[periodStart + i] as number;
        }
        if (collected === 0 && input === 0) continue;
        const month = paymentMonth(period);
        if (month < 0 || month > until) continue;
        // Performance scales revenue, so the output tax or gross revenue; input tax is on expenses.
        const revenueSide = applyPerformance(collected, performance);
        let amount: number;
        if (rates === null) {
          amount = input - revenueSide;
          parts.set(month - horizon.first, { outputTax: revenueSide, inputTax: input });
        } else {
          amount = -netTaxOf(revenueSide, rates.netTaxRate, rates.netTaxRate2, rates.netTaxRate2Share);
          parts.set(month - horizon.first, {
            grossRevenue: revenueSide,
            netTaxRate: rates.netTaxRate,
            ...(rates.netTaxRate2 !== null && {
              netTaxRate2: rates.netTaxRate2,
              netTaxRate2Share: rates.netTaxRate2Share as number,
            }),
          });
        }
        const slot = ledger.open('vat_settlement', 0, VAT_SETTLEMENT_NAME, VAT_SETTLEMENT_NAME);
        ledger.add(slot, month - horizon.first, amount);
      }
      return parts;
    },
  };
}
