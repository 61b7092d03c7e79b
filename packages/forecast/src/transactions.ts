/**
 * Transactions in the forecast (docs/forecast.md "Transactions"): every occurrence from today to
 * the horizon end adds the transaction's amount (VAT added on top when not included), converted
 * once, to its own leaf. The same pass feeds the VAT settlement (docs/vat.md), which also counts
 * past occurrences.
 */

import { monthsPerStep, vatAmount } from '@saldopilot/shared';
import type { Horizon } from './horizon.js';
import type { Ledger } from './ledger.js';
import { forEachChangedOccurrence } from './occurrence-changes.js';
import { forEachOccurrence, isTodayOrLater, occurrenceSeries, type OccurrenceSeries } from './occurrences.js';
import { convert, type RateBook } from './rates.js';
import type { VatCollector } from './vat-settlement.js';
import type { ForecastTransaction, OccurrenceChange } from './types.js';

/**
 * The amount one occurrence adds, in the transaction's currency: the amount, plus the VAT when a
 * rate is set and the VAT is not included (then the amount is net).
 */
export function grossAmount(transaction: Pick<ForecastTransaction, 'amount' | 'vatBasisPoints' | 'vatIncluded'>) {
  const { amount, vatBasisPoints, vatIncluded } = transaction;
  return vatIncluded || vatBasisPoints === null ? amount : amount + vatAmount(amount, vatBasisPoints, false);
}

/**
 * Adds one transaction (sign 1) or takes out what it added (sign −1, the same transaction as it
 * was added). A disabled one adds nothing. The converted amount is the same for every month, so it
 * is converted once (the result equals converting per month). Converted 0 contributes nothing;
 * > 0 is revenue, < 0 expense (decided by the tree from the sign).
 */
export function addTransaction(
  transaction: ForecastTransaction,
  horizon: Horizon,
  rates: RateBook,
  ledger: Ledger,
  vat: VatCollector | null,
  sign: 1 | -1,
): void {
  const { first, last, today } = horizon;
  if (transaction.isDisabled) return;
  const rate = rates.rateOf(transaction.currency);
  const converted = convert(grossAmount(transaction), rate);
  if (converted === 0) return;
  const step = transaction.type === 'single' ? 0 : monthsPerStep(transaction.cycle);
  if (transaction.type === 'repeating' && step === 0) throw new RangeError(`Transaction ${transaction.id}: no cycle`);
  const schedule = occurrenceSeries(transaction.startDate, step, transaction.endDate);
  if (transaction.occurrenceChanges !== undefined && transaction.occurrenceChanges.length > 0) {
    addChangedTransaction(transaction, transaction.occurrenceChanges, schedule, horizon, rates, ledger, vat, sign);
    return;
  }

  let slot = -1;
  const signed = sign * converted;
  forEachOccurrence(schedule, first, last, (month, day) => {
    if (!isTodayOrLater(month, day, today)) return;
    if (slot < 0) slot = ledger.open('transactions', transaction.id, transaction.name, transaction.categoryName);
    ledger.add(slot, month - first, signed, sign);
  });

  // docs/vat.md: the VAT of revenue (output tax) and of expenses (input tax), or for the net tax rate
  // method the gross revenue that carries VAT; from past occurrences too and regardless of exclusions.
  if (vat === null || !transaction.vatBasisPoints) return;
  const convertedTax =
    sign * convert(vatAmount(transaction.amount, transaction.vatBasisPoints, transaction.vatIncluded), rate);
  if (converted > 0)
    forEachOccurrence(schedule, vat.from, vat.to, (month) => vat.addRevenue(month, signed, convertedTax));
  else if (convertedTax !== 0)
    forEachOccurrence(schedule, vat.from, vat.to, (month) => vat.addInput(month, -convertedTax));
}

/**
 * `addTransaction` for a transaction a scenario delays or scales (docs/scenarios.md
 * "Implementation"): each occurrence with its own date and amount, as a single row per occurrence
 * would add it — converted per amount, nothing for an amount that converts to 0, the VAT by the
 * month it is paid in.
 */
function addChangedTransaction(
  transaction: ForecastTransaction,
  changes: readonly OccurrenceChange[],
  schedule: OccurrenceSeries,
  horizon: Horizon,
  rates: RateBook,
  ledger: Ledger,
  vat: VatCollector | null,
  sign: 1 | -1,
): void {
  const { first, last, today } = horizon;
  const rate = rates.rateOf(transaction.currency);
  const collector = transaction.vatBasisPoints ? vat : null;
  const from = collector ? Math.min(first, collector.from) : first;
  const to = collector ? Math.max(last, collector.to) : last;
  // Scaled amounts are few per transaction: each converted once.
  let amountOf = Number.NaN;
  let converted = 0;
  let convertedTax = 0;
  let slot = -1;
  forEachChangedOccurrence(schedule, transaction.amount, changes, from, to, (month, day, amount) => {
    if (amount !== amountOf) {
      amountOf = amount;
      converted = convert(grossAmount({ ...transaction, amount }), rate);
      convertedTax = collector
        ? sign * convert(vatAmount(amount, transaction.vatBasisPoints as number, transaction.vatIncluded), rate)
        : 0;
    }
    if (converted === 0) return;
    const signed = sign * converted;
    if (month >= first && month <= last && isTodayOrLater(month, day, today)) {
      if (slot < 0) slot = ledger.open('transactions', transaction.id, transaction.name, transaction.categoryName);
      ledger.add(slot, month - first, signed, sign);
    }
    if (collector === null || month < collector.from || month > collector.to) return;
    if (converted > 0) collector.addRevenue(month, signed, convertedTax);
    else if (convertedTax !== 0) collector.addInput(month, -convertedTax);
  });
}
