import {
  convertToBase,
  cycleLabels,
  type FiatRate,
  type PlannedOccurrence,
  type Transaction,
} from '@saldopilot/shared';
import { formatAmount, formatDate } from '../../../lib/format';
import { transactionTexts as texts } from './transaction-texts';

/**
 * "Nächste Gutschrift" for money coming in, "Nächste Belastung" for money going out; when it is
 * never paid again, "Überfällig seit {date}" while the engine counts a past payment of it unpaid
 * (`overdueSince`: the word and date of the Prognose, docs/plan-actual.md "The forecast counts nothing twice"), else
 * "Abgelaufen" (docs/web.md "Transaktionen").
 */
export function nextExecution(
  transaction: Pick<Transaction, 'amount' | 'nextExecutionDate'>,
  overdueSince?: string,
): { expired: true; overdue?: string } | { expired: false; label: string; date: string } {
  if (!transaction.nextExecutionDate) {
    return overdueSince ? { expired: true, overdue: texts.overdueSince(formatDate(overdueSince)) } : { expired: true };
  }
  return {
    expired: false,
    label: transaction.amount >= 0 ? texts.nextCredit : texts.nextDebit,
    date: formatDate(transaction.nextExecutionDate),
  };
}

/**
 * The earliest überfällig due date of each transaction, from the engine's overdue list
 * (`GET /api/occurrence-dismissals/bulk?before=today`, docs/plan-actual.md "Many at once"): the same
 * list the Prognose's "überfällig" rows come from, so both pages use one word for one thing.
 */
export function overdueSinceOf(occurrences: readonly PlannedOccurrence[]): Map<number, string> {
  const since = new Map<number, string>();
  for (const occurrence of occurrences) {
    if (occurrence.kind !== 'transactions') continue;
    const known = since.get(occurrence.id);
    if (known === undefined || occurrence.dueDate < known) since.set(occurrence.id, occurrence.dueDate);
  }
  return since;
}

/** "Monatlich", … for a repeating transaction, "Einmalig" for a single one. */
export function cycleText(transaction: Pick<Transaction, 'type' | 'cycle'>): string {
  return transaction.type === 'repeating' && transaction.cycle ? cycleLabels[transaction.cycle] : texts.single;
}

/** "inkl. 74.93 CHF" / "zzgl. 81.00 CHF", or undefined without a VAT rate. */
export function vatText(transaction: Pick<Transaction, 'vat' | 'vatAmount' | 'vatIncluded' | 'currency'>) {
  if (!transaction.vat) return undefined;
  const prefix = transaction.vatIncluded ? texts.vatIncludedShort : texts.vatExcludedShort;
  return `${prefix} ${formatAmount(transaction.vatAmount, transaction.currency.code)}`;
}

/**
 * The amount in the organisation's currency, for the "~ … CHF" hint of a foreign amount; undefined
 * when the currency is the organisation's own or no rate is known (a 1:1 figure would mislead).
 */
export function convertedAmount(
  amount: number,
  currencyCode: string,
  organisationCurrency: string,
  rates: readonly FiatRate[] | undefined,
): number | undefined {
  if (currencyCode === organisationCurrency) return undefined;
  const rate = rates?.find((candidate) => candidate.target === currencyCode)?.rate;
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return undefined;
  return convertToBase(amount, rate);
}

/** "~ 1'234.50 CHF", or undefined (see convertedAmount). */
export function convertedText(
  amount: number,
  currencyCode: string,
  organisationCurrency: string,
  rates: readonly FiatRate[] | undefined,
): string | undefined {
  const converted = convertedAmount(amount, currencyCode, organisationCurrency, rates);
  return converted === undefined ? undefined : `~ ${formatAmount(converted, organisationCurrency)}`;
}

/**
 * The address a link opens: only http and https. Stored links are checked by the API, so this is
 * the second line against a `javascript:` address ever becoming clickable.
 */
export function safeHref(link: string | null): string | undefined {
  if (!link) return undefined;
  return /^https?:\/\//i.test(link) ? link : undefined;
}
