import { z } from 'zod';
import { formatDate } from '../calendar.js';
import { PLAN_ACTUAL_LIMITS } from '../constants.js';
import { formatAmount } from '../money.js';
import { ID_MAX, dateSchema, idFieldSchema, idParamSchema, monthSchema } from './fields.js';
import { leafTables, type ForecastLeafTable } from './forecasts.js';

/**
 * Plan vs actual (docs/plan-actual.md): planned occurrences as things, the bank entries matched to
 * them, the suggestions, the occurrences marked "entfällt", and the Plan/Ist table.
 */

export const planActualMessages = {
  kind: 'Unbekannte Art der geplanten Zahlung',
  id: 'Ungültige Id',
  dueDate: 'Fälligkeitsdatum wird benötigt',
  notPlanned: 'Keine geplante Zahlung an diesem Datum gefunden',
  direction: 'Die geplante Zahlung geht in die andere Richtung als die Buchung',
  occurrenceTaken:
    'Diese geplante Zahlung ist bereits einer anderen Buchung zugeordnet (für eine Teilzahlung «split» setzen)',
  entryTaken: 'Diese Buchung ist bereits zugeordnet: bitte zuerst die Zuordnung lösen',
  notMatched: 'Diese Buchung ist keiner geplanten Zahlung zugeordnet',
  alreadyDismissed: 'Diese geplante Zahlung ist bereits als «entfällt» markiert',
  matchedCannotBeDismissed: 'Diese geplante Zahlung ist einer Buchung zugeordnet und kann nicht entfallen',
  range: 'Der Zeitraum darf höchstens 24 Monate umfassen',
  order: 'Der Beginn muss vor dem Ende liegen',
  pastOnly: 'Plan/Ist zeigt vergangene Monate (bis 24 zurück) und den laufenden Monat',
  occurrencesEmpty: 'Bitte mindestens eine geplante Zahlung angeben',
  occurrencesTooMany: `Höchstens ${PLAN_ACTUAL_LIMITS.occurrencesPerEntry} geplante Zahlungen auf einmal`,
  occurrencesTwice: 'Jede geplante Zahlung darf nur einmal in der Liste stehen',
  oneOrList: 'Entweder eine geplante Zahlung (kind, id, dueDate) oder eine Liste (occurrences) angeben, nicht beides',
} as const;

/**
 * The German messages of a match to several occurrences (docs/plan-actual.md "Matching") that name
 * the occurrence or the amounts: the occurrence by its name and due date, amounts as `-21'400.00 CHF`.
 */
export const planActualRunMessages = {
  notPlanned: (kindLabel: string, dueDate: string) =>
    `Keine geplante Zahlung an diesem Datum gefunden (${kindLabel}, fällig ${formatDate(dueDate)})`,
  dismissed: (name: string, dueDate: string) =>
    `«${name}», fällig ${formatDate(dueDate)}, ist als «entfällt» markiert: bitte zuerst wiederherstellen`,
  taken: (name: string, dueDate: string) =>
    `«${name}», fällig ${formatDate(dueDate)}, ist bereits einer anderen Buchung zugeordnet (für eine Teilzahlung «split» setzen)`,
  sumOff: (sum: number, amount: number, currency: string, tolerancePercent: number) =>
    `Die Summe der gewählten geplanten Zahlungen (${formatAmount(sum, currency)}) weicht vom Betrag der Buchung (${formatAmount(amount, currency)}) ab: erlaubt sind ±${tolerancePercent} % (Einstellungen → Organisation)`,
} as const;

/** The kinds of planned occurrences are the kinds of forecast leaves (docs/forecast.md "Leaves and the tree"). */
export const occurrenceKinds = leafTables;
export type OccurrenceKind = ForecastLeafTable;
export const occurrenceKindLabels: Record<OccurrenceKind, string> = {
  transactions: 'Transaktion',
  salaries: 'Lohn',
  salary_cost_labels: 'Lohnkosten',
  vat_settlement: 'MWST',
};

/**
 * A planned occurrence's identity: (kind, id, due date). `id` is the transaction, the salary that
 * pays, the cost label (0 = "<Kein Label>"; a payment of the payment calendar has a negative one,
 * docs/payment-calendar.md "In the forecast") or 0 for the VAT settlement. Whether it is planned at
 * all the API checks against the plan.
 */
export const occurrenceKeySchema = z.strictObject({
  kind: z.enum(occurrenceKinds, { error: planActualMessages.kind }),
  id: z
    .number({ error: planActualMessages.id })
    .int(planActualMessages.id)
    .min(-ID_MAX, planActualMessages.id)
    .max(ID_MAX, planActualMessages.id),
  dueDate: dateSchema(planActualMessages.dueDate),
});
export type OccurrenceKey = z.infer<typeof occurrenceKeySchema>;

/** A planned occurrence: its identity, what the forecast shows for it, and its amount (organisation currency, signed, before performance). */
export const plannedOccurrenceSchema = z.object({
  kind: z.enum(occurrenceKinds),
  id: z.number().int(),
  dueDate: z.string(),
  name: z.string(),
  category: z.string(),
  amount: z.number().int(),
});
export type PlannedOccurrence = z.infer<typeof plannedOccurrenceSchema>;

/** `GET /bank-entries/{id}/match-suggestions`: open occurrences of the entry's direction, best first. */
export const matchSuggestionSchema = plannedOccurrenceSchema.extend({
  /** 0–100: how well it fits (docs/plan-actual.md "Suggestions"). */
  score: z.number().int(),
  /** Why, in German: "Referenz gleich", "Betrag gleich, 2 Tage später", … */
  reasons: z.array(z.string()),
  /** What entries matched to it already add up to (a split payment); 0 when it is open. */
  matchedAmount: z.number().int(),
});
export type MatchSuggestion = z.infer<typeof matchSuggestionSchema>;

/**
 * A salary run proposed for one entry (docs/plan-actual.md "Suggestions"): the month's salaries (and
 * the salary costs due the same day) whose sum the entry meets within the tolerance.
 */
export const matchRunSuggestionSchema = z.object({
  score: z.number().int(),
  /** "Lohnlauf: 3 Löhne", "Summe gleich", "am Fälligkeitstag", … */
  reasons: z.array(z.string()),
  /** The sum of the occurrences (organisation currency, signed). */
  amount: z.number().int(),
  occurrences: z.array(plannedOccurrenceSchema),
});
export type MatchRunSuggestion = z.infer<typeof matchRunSuggestionSchema>;

export const matchSuggestionsSchema = z.object({
  entryId: z.number().int(),
  /** The organisation's settings the ranking used. */
  tolerancePercent: z.number().int(),
  windowDays: z.number().int(),
  suggestions: z.array(matchSuggestionSchema),
  /** Salary runs whose sum fits the entry, best first (matched in one step with `occurrences`). */
  runs: z.array(matchRunSuggestionSchema),
});
export type MatchSuggestions = z.infer<typeof matchSuggestionsSchema>;

export const bankEntryIdParamsSchema = z.strictObject({ id: idParamSchema });

/**
 * `POST /bank-entries/{id}/match`: one occurrence (`kind`, `id`, `dueDate`), or several at once
 * (`occurrences`, a salary run: their sum must meet the entry's amount within the tolerance);
 * `split` joins occurrences matched already (payments in parts). docs/plan-actual.md "Matching".
 */
export const bankEntryMatchCreateSchema = z
  .strictObject({
    ...occurrenceKeySchema.partial().shape,
    occurrences: z
      .array(occurrenceKeySchema, { error: planActualMessages.occurrencesEmpty })
      .min(1, planActualMessages.occurrencesEmpty)
      .max(PLAN_ACTUAL_LIMITS.occurrencesPerEntry, planActualMessages.occurrencesTooMany)
      .refine(
        (keys) => new Set(keys.map((key) => `${key.kind}|${key.id}|${key.dueDate}`)).size === keys.length,
        planActualMessages.occurrencesTwice,
      )
      .optional(),
    split: z.boolean({ error: 'Ungültiger Wert' }).optional(),
  })
  .superRefine((value, context) => {
    const single = { kind: value.kind, id: value.id, dueDate: value.dueDate };
    if (value.occurrences) {
      for (const [field, given] of Object.entries(single)) {
        if (given !== undefined)
          context.addIssue({ code: 'custom', path: [field], message: planActualMessages.oneOrList });
      }
      return;
    }
    const missing = { kind: planActualMessages.kind, id: planActualMessages.id, dueDate: planActualMessages.dueDate };
    for (const [field, message] of Object.entries(missing)) {
      if (single[field as keyof typeof single] === undefined)
        context.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type BankEntryMatchCreate = z.infer<typeof bankEntryMatchCreateSchema>;

/** `POST /bank-entries/{id}/unplanned`: an actual with no plan ("nicht geplant"), counted under the category. */
export const bankEntryUnplannedSchema = z.strictObject({
  categoryId: idFieldSchema('Ungültige Kategorie', 'Kategorie wird benötigt'),
});

/** How an entry stands to the plan. */
export const entryPlanStates = ['open', 'matched', 'unplanned'] as const;
export type EntryPlanState = (typeof entryPlanStates)[number];
export const entryPlanStateLabels: Record<EntryPlanState, string> = {
  open: 'Offen',
  matched: 'Zugeordnet',
  unplanned: 'Nicht geplant',
};

/** An entry's place in the plan, answered with every entry and by the match routes. */
export const entryPlanSchema = z.object({
  state: z.enum(entryPlanStates),
  /** The occurrence it is matched to (state `matched`): the first of `occurrences`. */
  occurrence: plannedOccurrenceSchema.nullable(),
  /** Every occurrence it is matched to, by due date (several for a salary run); empty unless matched. */
  occurrences: z.array(plannedOccurrenceSchema),
});
export type EntryPlan = z.infer<typeof entryPlanSchema>;

/** `POST /bank-entries/confirm-unique` (optionally `?bankAccountId=`): what "Alle eindeutigen bestätigen" matched. */
export const confirmUniqueQuerySchema = z.strictObject({ bankAccountId: idParamSchema.optional() });
export const confirmUniqueResultSchema = z.object({
  confirmed: z.number().int(),
  matches: z.array(z.object({ entryId: z.number().int(), occurrence: plannedOccurrenceSchema })),
});
export type ConfirmUniqueResult = z.infer<typeof confirmUniqueResultSchema>;

/** `POST /occurrence-dismissals`: an overdue occurrence marked "entfällt" (it leaves the forecast). */
export const occurrenceDismissalSchema = z.object({
  dismissalId: z.number().int(),
  kind: z.enum(occurrenceKinds),
  id: z.number().int(),
  dueDate: z.string(),
});
export type OccurrenceDismissal = z.infer<typeof occurrenceDismissalSchema>;

export const occurrenceDismissalMessages = {
  before: 'Bitte ein gültiges Datum eingeben',
  notAfterToday: 'Das Datum darf nicht nach heute liegen',
  dismissalIds: 'Bitte 1 bis 1000 Markierungen angeben',
} as const;

/**
 * `GET /occurrence-dismissals/bulk?before=` (what would be marked) and `POST /occurrence-dismissals/bulk
 * {before}` (marked): every überfällig occurrence due before the day is marked "entfällt" at once.
 */
export const occurrenceDismissalBulkSchema = z.strictObject({ before: dateSchema(occurrenceDismissalMessages.before) });
export type OccurrenceDismissalBulk = z.infer<typeof occurrenceDismissalBulkSchema>;

/** The answer of both: how many, their sum (organisation currency), the occurrences, and the new marks' ids (POST). */
export const occurrenceDismissalBulkResultSchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  occurrences: z.array(plannedOccurrenceSchema),
  dismissalIds: z.array(z.number().int()),
});
export type OccurrenceDismissalBulkResult = z.infer<typeof occurrenceDismissalBulkResultSchema>;

/** `POST /occurrence-dismissals/bulk-restore {dismissalIds}`: the marks taken back at once ("Wiederherstellen"). */
export const occurrenceDismissalRestoreSchema = z.strictObject({
  dismissalIds: z
    .array(idFieldSchema(occurrenceDismissalMessages.dismissalIds), { error: occurrenceDismissalMessages.dismissalIds })
    .min(1, occurrenceDismissalMessages.dismissalIds)
    .max(1000, occurrenceDismissalMessages.dismissalIds),
});
export type OccurrenceDismissalRestore = z.infer<typeof occurrenceDismissalRestoreSchema>;
export const occurrenceDismissalRestoreResultSchema = z.object({ count: z.number().int() });
export type OccurrenceDismissalRestoreResult = z.infer<typeof occurrenceDismissalRestoreResultSchema>;

/**
 * `GET /occurrence-dismissals`: every occurrence marked "entfällt", the latest due first, with what
 * the plan has for it today (name, category, amount: null when the plan no longer has it).
 */
export const occurrenceDismissalListSchema = z.object({
  items: z.array(
    occurrenceDismissalSchema.extend({
      name: z.string().nullable(),
      category: z.string().nullable(),
      amount: z.number().int().nullable(),
    }),
  ),
});
export type OccurrenceDismissalList = z.infer<typeof occurrenceDismissalListSchema>;

/** `GET /plan-actual?from=YYYY-MM&to=YYYY-MM`: default the last 12 months before the current one. */
export const planActualQuerySchema = z
  .strictObject({ from: monthSchema.optional(), to: monthSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: planActualMessages.order,
    path: ['from'],
  });
export type PlanActualQuery = z.infer<typeof planActualQuerySchema>;

/** `GET /plan-actual/month?month=YYYY-MM`: the drill-down of one month. */
export const planActualMonthQuerySchema = z.strictObject({ month: monthSchema });

/**
 * Plan, actual and variance (actual − plan) of one cell; `variancePercent` relative to the plan's
 * size, one decimal, null when the plan is 0.
 */
export const planActualCellSchema = z.object({
  plan: z.number().int(),
  actual: z.number().int(),
  variance: z.number().int(),
  variancePercent: z.number().nullable(),
});
export type PlanActualCell = z.infer<typeof planActualCellSchema>;

export const planActualMonthSchema = z.object({
  month: z.string(),
  /**
   * The statements cover the month (docs/plan-actual.md "Plan/Ist"): every account with statements
   * covers each of its days before today. Only then is there an actual.
   */
  covered: z.boolean(),
  revenue: planActualCellSchema,
  expense: planActualCellSchema,
  cashflow: planActualCellSchema,
  /** End balance: actual from the accounts and their entries, plan = the actual before the period + planned cash flows. */
  balance: z.object({ plan: z.number().int(), actual: z.number().int() }),
});
export type PlanActualMonth = z.infer<typeof planActualMonthSchema>;

/** One category of a side; `unmatched` is the row of entries neither matched nor marked "nicht geplant". */
export const planActualRowSchema = z.object({
  side: z.enum(['revenue', 'expense']),
  category: z.string(),
  unmatched: z.boolean(),
  /** One per month of `months`, in the same order. */
  cells: z.array(planActualCellSchema),
});
export type PlanActualRow = z.infer<typeof planActualRowSchema>;

export const planActualSchema = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  /** The first day any imported statement covers (within the 24 months back); null without any. */
  coveredFrom: z.string().nullable(),
  months: z.array(planActualMonthSchema),
  rows: z.array(planActualRowSchema),
  /** Entries in the period neither matched nor "nicht geplant". */
  unmatchedCount: z.number().int(),
});
export type PlanActual = z.infer<typeof planActualSchema>;

/** An entry as the drill-down lists it, its amount converted into the organisation currency. */
export const planActualEntrySchema = z.object({
  entryId: z.number().int(),
  bankAccountId: z.number().int(),
  bookingDate: z.string(),
  amount: z.number().int(),
  counterpartyName: z.string().nullable(),
  text: z.string().nullable(),
  state: z.enum(entryPlanStates),
  /** The category it counts under: the occurrence's (those of a run joined by ", "), the one chosen for "nicht geplant", or null. */
  category: z.string().nullable(),
  /** The first occurrence it is matched to. */
  occurrence: occurrenceKeySchema.nullable(),
  /** Every occurrence it is matched to (several for a salary run). */
  occurrences: z.array(occurrenceKeySchema),
});
export type PlanActualEntry = z.infer<typeof planActualEntrySchema>;

/**
 * The states of a planned occurrence: exactly one each (docs/plan-actual.md "One state per
 * occurrence"); `uncovered`: due before today where no statement of its account covers the due date
 * (docs/plan-actual.md "Coverage").
 */
export const occurrenceStates = ['open', 'overdue', 'matched', 'dismissed', 'uncovered'] as const;
export type OccurrenceState = (typeof occurrenceStates)[number];

export const planActualMonthDetailSchema = z.object({
  month: z.string(),
  /** The month's planned occurrences with their state and the entries matched to them. */
  occurrences: z.array(
    plannedOccurrenceSchema.extend({
      /** Its one state (docs/plan-actual.md "One state per occurrence"). */
      state: z.enum(occurrenceStates),
      /** The mark "entfällt" (state `dismissed`): `DELETE /occurrence-dismissals/{id}` restores it. */
      dismissalId: z.number().int().nullable(),
      /** `share`: what of the entry counts for this occurrence (its whole amount unless it pays several). */
      entries: z.array(planActualEntrySchema.extend({ share: z.number().int() })),
    }),
  ),
  /** Every entry booked in the month. */
  entries: z.array(planActualEntrySchema),
});
export type PlanActualMonthDetail = z.infer<typeof planActualMonthDetailSchema>;
