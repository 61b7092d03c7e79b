/**
 * Transactions in the forecast (docs/forecast.md "Transactions"): every occurrence from today to
 * the horizon end adds the transaction's amount (VAT added on top when not included), converted
 * once, to its own leaf. The same pass feeds the VAT settlement (docs/vat.md), which also counts
 * past occurrences.
 */

import { monthsPerStep, vatAmount } from '@saldopilot/shared';
import type { Horizon } from './horizon.js';
import type { Ledger } from './ledger.js';
import { forEachOccurrence, isTodayOrLater, occurrenceSeries } from './occurrences.js';
import { convert, type RateBook } from './rates.js';
import type { VatCollector } from './vat-settlement.js';
import type { ForecastTransaction } from './types.js';

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
