import { z } from 'zod';
import { cycles, idFieldSchema, idParamSchema, nonZeroCentsSchema, textSchema } from './fields.js';
import { transactionSchema } from './transactions.js';

/**
 * Recurring payments found in the statements (docs/recurring.md): suggestions, accepting them as
 * planned transactions, dismissing them.
 */

export const recurringMessages = {
  notFound:
    'Diese wiederkehrende Zahlung wird nicht mehr vorgeschlagen (bereits übernommen, verworfen oder zugeordnet)',
  changed: 'Die wiederkehrende Zahlung hat sich inzwischen geändert: bitte die Vorschläge neu laden',
  direction: 'Das Vorzeichen des Betrags muss zur Richtung der Zahlungen passen',
  categoryRequired: 'Kategorie wird benötigt',
  entryTaken: 'Eine Buchung dieser Reihe ist inzwischen zugeordnet: bitte die Vorschläge neu laden',
  items: 'Zwischen 1 und 100 Vorschläge auswählen',
  twice: 'Derselbe Vorschlag ist mehrfach gewählt',
  key: 'Ungültiger Vorschlag',
} as const;

export const recurringCycles = ['weekly', 'biweekly', ...cycles] as const;
export type RecurringCycleName = (typeof recurringCycles)[number];

/**
 * docs/recurring.md "Weekly series": the plan's shortest cycle is a month, so a weekly series is
 * planned as a monthly transaction of its monthly sum — 52 payments a year over 12 months (every 2
 * weeks: 26), to the cent; other cycles keep their amount.
 */
export function plannedAmountOf(cycle: RecurringCycleName, amount: number): number {
  const perYear = cycle === 'weekly' ? 52 : cycle === 'biweekly' ? 26 : 0;
  return perYear === 0 ? amount : Math.round((amount * perYear) / 12);
}

export const recurringSuggestionsQuerySchema = z.strictObject({ bankAccountId: idParamSchema.optional() });
export type RecurringSuggestionsQuery = z.infer<typeof recurringSuggestionsQuerySchema>;

export const recurringSuggestionSchema = z.object({
  /** The series (counterparty, direction, currency, account); with `fingerprint` it names the suggestion. */
  key: z.string(),
  /** The pattern (cycle, day, amount): a dismissed series comes back when it changes. */
  fingerprint: z.string(),
  kind: z.enum(['payment', 'salaryRun']),
  counterparty: z.object({ name: z.string(), iban: z.string().nullable() }),
  direction: z.enum(['in', 'out']),
  currency: z.string(),
  bankAccountId: z.number().int(),
  cycle: z.enum(recurringCycles),
  /** Signed minor units; the range of the amounts found, and which of them the amount is. */
  amount: z.number().int(),
  amountMin: z.number().int(),
  amountMax: z.number().int(),
  amountBasis: z.enum(['exact', 'latest', 'median']),
  firstDate: z.string(),
  lastDate: z.string(),
  nextDate: z.string(),
  entryIds: z.array(z.number().int()),
  confidence: z.number().int(),
  reasons: z.array(z.string()),
  /**
   * False for weekly and two-weekly series: the plan's cycles are at least monthly, so they are
   * proposed as a monthly transaction of their monthly sum (`proposed.amount`).
   */
  plannable: z.boolean(),
  /** What accepting creates unless edited. */
  proposed: z.object({
    name: z.string(),
    /** The transaction's amount: the payment's, or a weekly series' monthly sum (`plannedAmountOf`). */
    amount: z.number().int(),
    cycle: z.enum(cycles),
    startDate: z.string(),
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable(),
    vatId: z.number().int().nullable(),
  }),
});
export type RecurringSuggestion = z.infer<typeof recurringSuggestionSchema>;

export const recurringSuggestionListSchema = z.object({
  /** The confidence a series needs to be suggested (docs/recurring.md "Confidence"). */
  threshold: z.number().int(),
  suggestions: z.array(recurringSuggestionSchema),
});
export type RecurringSuggestionList = z.infer<typeof recurringSuggestionListSchema>;

const keyFields = {
  key: textSchema({ max: 300, required: recurringMessages.key }),
  fingerprint: textSchema({ max: 300, required: recurringMessages.key }),
};

export const recurringAcceptItemSchema = z.strictObject({
  ...keyFields,
  name: textSchema({ max: 255, required: 'Name wird benötigt' }).optional(),
  amount: nonZeroCentsSchema.optional(),
  categoryId: idFieldSchema('Ungültige Kategorie', recurringMessages.categoryRequired).optional(),
  vatId: idFieldSchema('Ungültige Mehrwertsteuer').nullable().optional(),
});
export type RecurringAcceptItem = z.infer<typeof recurringAcceptItemSchema>;

function uniqueKeys(items: readonly { key: string; fingerprint: string }[], context: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = `${item.key}#${item.fingerprint}`;
    if (seen.has(key)) context.addIssue({ code: 'custom', path: [index], message: recurringMessages.twice });
    seen.add(key);
  });
}

export const recurringAcceptSchema = z.strictObject({
  items: z
    .array(recurringAcceptItemSchema, { error: recurringMessages.items })
    .min(1, recurringMessages.items)
    .max(100, recurringMessages.items)
    .superRefine(uniqueKeys),
});
export type RecurringAccept = z.infer<typeof recurringAcceptSchema>;

export const recurringAcceptResultSchema = z.object({
  transactions: z.array(transactionSchema),
  /** Entries matched to the new transactions' past occurrences. */
  matchedEntries: z.number().int(),
});
export type RecurringAcceptResult = z.infer<typeof recurringAcceptResultSchema>;

export const recurringDismissSchema = z.strictObject({
  items: z
    .array(z.strictObject(keyFields), { error: recurringMessages.items })
    .min(1, recurringMessages.items)
    .max(100, recurringMessages.items)
    .superRefine(uniqueKeys),
});
export type RecurringDismiss = z.infer<typeof recurringDismissSchema>;
export const recurringDismissResultSchema = z.object({ dismissed: z.number().int() });
export type RecurringDismissResult = z.infer<typeof recurringDismissResultSchema>;

/** A delay learned from matched payments (docs/recurring.md "Payment delays"). */
export const learnedDelaySchema = z.object({
  /** Median days late (negative: early). */
  days: z.number().int(),
  /** The payments it rests on. */
  count: z.number().int(),
  /** "Kommt im Schnitt 3 Tage später, aus 6 Zahlungen". */
  text: z.string(),
});
export type LearnedDelay = z.infer<typeof learnedDelaySchema>;

/** `GET /recurring-suggestions/delays`: per planned transaction and per counterparty. */
export const learnedDelaysSchema = z.object({
  transactions: z.array(
    learnedDelaySchema.extend({ transactionId: z.number().int(), name: z.string(), applied: z.boolean() }),
  ),
  counterparties: z.array(learnedDelaySchema.extend({ key: z.string(), name: z.string() })),
});
export type LearnedDelays = z.infer<typeof learnedDelaysSchema>;

/** `PUT /recurring-suggestions/delays/{id}`: "gelernte Verzögerung anwenden" of one transaction. */
export const applyLearnedDelaySchema = z.strictObject({ apply: z.boolean({ error: 'Ungültiger Wert' }) });
export type ApplyLearnedDelay = z.infer<typeof applyLearnedDelaySchema>;
