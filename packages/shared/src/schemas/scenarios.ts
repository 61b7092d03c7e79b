import { z } from 'zod';
import {
  centsSchema,
  changingAtLeastOneField,
  cycleSchema,
  dateSchema,
  idFieldSchema,
  idParamSchema,
  nonZeroCentsSchema,
  textSchema,
} from './fields.js';
import { forecastMonthSchema, forecastQuerySchema, forecastLeafTables } from './forecasts.js';
import { birthDateSchema, hoursPerMonthSchema, salaryAmountSchema, thirteenthSalaryMonths } from './employees.js';
import { paymentCalendarUpdateSchema } from './payment-calendar.js';
import { vatSettingUpdateSchema } from './vat-settings.js';

/**
 * The scenarios contract (docs/scenarios.md): a scenario is an ordered list of levers on top of the
 * live base plan; nothing of the base is copied or changed until a scenario is promoted.
 */

/** Most scenarios one organisation keeps, and most levers one scenario holds (docs/scenarios.md "Limits"). */
export const SCENARIOS_MAX = 30;
export const LEVERS_MAX = 100;
/** Most scenarios one comparison shows besides the base. */
export const COMPARE_SCENARIOS_MAX = 4;

export const scenarioMessages = {
  tooManyScenarios: `Eine Organisation kann höchstens ${SCENARIOS_MAX} Szenarien haben`,
  tooManyLevers: `Ein Szenario kann höchstens ${LEVERS_MAX} Hebel haben`,
  notFound: 'Das Szenario wurde nicht gefunden.',
  leverNotFound: 'Der Hebel wurde nicht gefunden.',
  color: 'Ungültige Farbe: erwartet wird #RRGGBB',
  targetDeleted: 'Ziel gelöscht',
  exactlyOneTarget: 'Bitte genau eines wählen: Transaktion, Kategorie oder Seite',
  oneTarget: 'Bitte genau eines wählen: Kategorie oder Seite',
  delayDays: 'Die Verschiebung muss eine ganze Zahl von 1 bis 365 Tagen sein',
  percent: 'Die Veränderung muss zwischen −100 % und +500 % liegen (höchstens zwei Nachkommastellen)',
  toBeforeFrom: 'Bis darf nicht vor Von liegen',
  ratePercent: 'Der Zinssatz muss zwischen 0 % und 100 % liegen (höchstens vier Nachkommastellen)',
  payments: 'Die Anzahl Raten muss eine ganze Zahl von 1 bis 600 sein',
  interestOnlyPayments: 'Die Anzahl Zins-Raten muss eine ganze Zahl von 0 bis 120 sein',
  principal: 'Der Darlehensbetrag muss grösser als 0 sein',
  transactionRequired: 'Transaktion wird benötigt',
  employeeRequired: 'Mitarbeitende wird benötigt',
  raiseAmountOrPercent: 'Bitte entweder einen Betrag oder eine Prozentzahl angeben',
  hoursRequired: 'Arbeitsstunden werden für einen Stundenlohn benötigt',
  changeNothing: 'Bitte ändern Sie mindestens ein Feld',
  addFields: 'Name, Betrag, Währung, Kategorie und Start werden für eine neue Transaktion benötigt',
  winFields: 'Name, Betrag, Währung und Kategorie werden für einen neuen Kunden benötigt',
  loseTarget: 'Bitte genau eines wählen: Transaktion oder Kategorie',
  ids: 'Ungültige Liste: erwartet wird «base» und/oder Szenario-Ids, durch Kommas getrennt (höchstens 5)',
  conflicts: 'Die Basis wurde seit dem Anlegen des Hebels geändert: bitte Konflikte auflösen',
} as const;

const nameSchema = textSchema({ max: 100, required: 'Name wird benötigt' });
const currencyIdSchema = idFieldSchema('Ungültige Währung', 'Währung wird benötigt');
const categoryIdSchema = idFieldSchema('Ungültige Kategorie', 'Kategorie wird benötigt');
const transactionIdSchema = idFieldSchema('Ungültige Transaktion', scenarioMessages.transactionRequired);
const employeeIdSchema = idFieldSchema('Ungültige Mitarbeitende', scenarioMessages.employeeRequired);
const fromSchema = dateSchema('Von wird benötigt');

/** The two sides of the plan a lever may target as a whole. */
export const leverSides = ['revenue', 'expense'] as const;
export type LeverSide = (typeof leverSides)[number];
const sideSchema = z.enum(leverSides, { error: 'Ungültiger Wert: revenue oder expense' });

function decimalNumber(min: number, max: number, decimals: number, message: string) {
  const factor = 10 ** decimals;
  return z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .refine((value) => Number.isFinite(value) && Math.abs(Math.round(value * factor) - value * factor) < 1e-6, message);
}

function issue(context: z.RefinementCtx, path: string, message: string) {
  context.addIssue({ code: 'custom', message, path: [path] });
}
const count = (...values: unknown[]) => values.filter((value) => value !== undefined && value !== null).length;

// ---------------------------------------------------------------------------------------------
// The ten levers (docs/scenarios.md "Levers"): the body of POST …/levers, item of the answers.
// ---------------------------------------------------------------------------------------------

export const transactionLeverActions = ['add', 'change', 'stop'] as const;
export type TransactionLeverAction = (typeof transactionLeverActions)[number];

/**
 * 1. Transaction: `add` a new one (name, amount signed, currency, category, startDate, cycle null =
 * one-off, optional endDate, VAT); `change` an existing one from `from` (amount, cycle, endDate: the
 * given fields only); `stop` an existing one from `from` (no occurrence on or after it).
 */
export const transactionLeverSchema = z
  .strictObject({
    type: z.literal('transaction'),
    action: z.enum(transactionLeverActions, { error: 'Ungültige Aktion: add, change oder stop' }),
    transactionId: transactionIdSchema.optional(),
    from: fromSchema.optional(),
    name: nameSchema.optional(),
    amount: nonZeroCentsSchema.optional(),
    currencyId: currencyIdSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    startDate: dateSchema('Start wird benötigt').optional(),
    endDate: dateSchema().nullable().optional(),
    cycle: cycleSchema.nullable().optional(),
    vatId: idFieldSchema('Ungültige Mehrwertsteuer').nullable().optional(),
    vatIncluded: z.boolean({ error: 'Ungültiger Wert' }).optional(),
  })
  .superRefine((value, context) => {
    if (value.action === 'add') {
      if (count(value.name, value.amount, value.currencyId, value.categoryId, value.startDate) < 5) {
        for (const field of ['name', 'amount', 'currencyId', 'categoryId', 'startDate'] as const) {
          if (value[field] === undefined) issue(context, field, scenarioMessages.addFields);
        }
      }
      if (value.transactionId !== undefined) issue(context, 'transactionId', 'Eine neue Transaktion hat keine Id');
      if (value.endDate && value.startDate && value.endDate < value.startDate) {
        issue(context, 'endDate', scenarioMessages.toBeforeFrom);
      }
      return;
    }
    if (value.transactionId === undefined) issue(context, 'transactionId', scenarioMessages.transactionRequired);
    if (value.from === undefined) issue(context, 'from', 'Von wird benötigt');
    if (value.action === 'change' && count(value.amount, value.cycle, value.endDate) === 0) {
      issue(context, 'amount', scenarioMessages.changeNothing);
    }
    if (value.action === 'change' && value.endDate && value.from && value.endDate < value.from) {
      issue(context, 'endDate', scenarioMessages.toBeforeFrom);
    }
  });

export const customerLeverActions = ['lose', 'win'] as const;
/**
 * 2. Lost or won customer: `lose` stops every revenue occurrence of a transaction or a whole
 * category from `from`; `win` adds a revenue (name, amount > 0, currency, category, cycle null =
 * once) from `from`.
 */
export const customerLeverSchema = z
  .strictObject({
    type: z.literal('customer'),
    action: z.enum(customerLeverActions, { error: 'Ungültige Aktion: lose oder win' }),
    from: fromSchema,
    transactionId: transactionIdSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    name: nameSchema.optional(),
    amount: nonZeroCentsSchema.refine((cents) => cents > 0, 'Ein Umsatz ist grösser als 0').optional(),
    currencyId: currencyIdSchema.optional(),
    cycle: cycleSchema.nullable().optional(),
    vatId: idFieldSchema('Ungültige Mehrwertsteuer').nullable().optional(),
  })
  .superRefine((value, context) => {
    if (value.action === 'lose') {
      if (count(value.transactionId, value.categoryId) !== 1)
        issue(context, 'transactionId', scenarioMessages.loseTarget);
      return;
    }
    for (const field of ['name', 'amount', 'currencyId', 'categoryId'] as const) {
      if (value[field] === undefined) issue(context, field, scenarioMessages.winFields);
    }
  });

/** 3. Payment delay: occurrences on or after `from` move `days` (1–365) later; one target. */
export const delayLeverSchema = z
  .strictObject({
    type: z.literal('delay'),
    days: z
      .number({ error: scenarioMessages.delayDays })
      .int(scenarioMessages.delayDays)
      .min(1, scenarioMessages.delayDays)
      .max(365, scenarioMessages.delayDays),
    from: fromSchema,
    transactionId: transactionIdSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    side: sideSchema.optional(),
  })
  .superRefine((value, context) => {
    if (count(value.transactionId, value.categoryId, value.side) !== 1) {
      issue(context, 'transactionId', scenarioMessages.exactlyOneTarget);
    }
  });

/**
 * 4. Percentage change: amounts of a category or a whole side × (100 + percent) / 100 between
 * `from` and `to` (null: open), percent −100 … +500 with at most two decimals.
 */
export const percentageLeverSchema = z
  .strictObject({
    type: z.literal('percentage'),
    percent: decimalNumber(-100, 500, 2, scenarioMessages.percent),
    from: fromSchema,
    to: dateSchema().nullable().optional(),
    categoryId: categoryIdSchema.optional(),
    side: sideSchema.optional(),
  })
  .superRefine((value, context) => {
    if (count(value.categoryId, value.side) !== 1) issue(context, 'categoryId', scenarioMessages.oneTarget);
    if (value.to && value.to < value.from) issue(context, 'to', scenarioMessages.toBeforeFrom);
  });

export const hireBases = ['monthly', 'hourly'] as const;
/**
 * 5. Hire: a new employee from `from` (until `to`, optional) with `salary` = the monthly gross, or
 * with `basis: 'hourly'` the hourly wage × `hoursPerMonth`; 12 or 13 payments (the 13th with the
 * salary of `thirteenthSalaryMonth`, default December); the organisation's Swiss presets apply.
 */
export const hireLeverSchema = z
  .strictObject({
    type: z.literal('hire'),
    name: nameSchema,
    from: fromSchema,
    to: dateSchema().nullable().optional(),
    salary: salaryAmountSchema,
    currencyId: currencyIdSchema,
    birthDate: birthDateSchema,
    payments: z.union([z.literal(12), z.literal(13)], { error: 'Anzahl Löhne: 12 oder 13' }),
    basis: z.enum(hireBases, { error: 'Ungültiger Wert: monthly oder hourly' }).optional(),
    hoursPerMonth: hoursPerMonthSchema.optional(),
    thirteenthSalaryMonth: z
      .union(
        thirteenthSalaryMonths.map((month) => z.literal(month)),
        { error: 'Der 13. Monatslohn wird im November (11) oder Dezember (12) ausbezahlt' },
      )
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.basis === 'hourly' && value.hoursPerMonth === undefined) {
      issue(context, 'hoursPerMonth', scenarioMessages.hoursRequired);
    }
    if (value.to && value.to < value.from) issue(context, 'to', scenarioMessages.toBeforeFrom);
  });

/** 6. Leave: an existing employee's exit ("Austritt") on `date`, as a termination of the employees area. */
export const leaveLeverSchema = z.strictObject({
  type: z.literal('leave'),
  employeeId: employeeIdSchema,
  date: dateSchema('Austrittsdatum wird benötigt'),
});

/**
 * 7. Raise: from `from`, every salary of one employee (or of all: `employeeId` null/absent) changes
 * by `amount` (minor units per salary cycle, signed) or by `percent` (−100 … +500).
 */
export const raiseLeverSchema = z
  .strictObject({
    type: z.literal('raise'),
    from: fromSchema,
    employeeId: employeeIdSchema.nullable().optional(),
    amount: centsSchema.optional(),
    percent: decimalNumber(-100, 500, 2, scenarioMessages.percent).optional(),
  })
  .superRefine((value, context) => {
    if (count(value.amount, value.percent) !== 1) issue(context, 'amount', scenarioMessages.raiseAmountOrPercent);
  });

export const loanRepayments = ['annuity', 'linear'] as const;
export const loanCycles = ['monthly', 'quarterly', 'halfYearly', 'yearly'] as const;
export type LoanCycle = (typeof loanCycles)[number];
export const loanCycleMonths: Record<LoanCycle, number> = { monthly: 1, quarterly: 3, halfYearly: 6, yearly: 12 };

/**
 * 8. Loan: `amount` paid out on `date`; then `interestOnlyPayments` payments of interest only, then
 * `payments` repayments (annuity or linear), one `cycle` apart, the first one cycle after the
 * disbursement; interest at `ratePercent` a year (docs/scenarios.md "Loan").
 */
export const loanLeverSchema = z.strictObject({
  type: z.literal('loan'),
  name: nameSchema,
  date: dateSchema('Auszahlungsdatum wird benötigt'),
  amount: centsSchema.refine((cents) => cents > 0, scenarioMessages.principal),
  currencyId: currencyIdSchema,
  ratePercent: decimalNumber(0, 100, 4, scenarioMessages.ratePercent),
  repayment: z.enum(loanRepayments, { error: 'Ungültige Amortisation: annuity oder linear' }),
  cycle: z.enum(loanCycles, { error: 'Ungültiger Zyklus: monthly, quarterly, halfYearly oder yearly' }),
  payments: z
    .number({ error: scenarioMessages.payments })
    .int(scenarioMessages.payments)
    .min(1, scenarioMessages.payments)
    .max(600, scenarioMessages.payments),
  interestOnlyPayments: z
    .number({ error: scenarioMessages.interestOnlyPayments })
    .int(scenarioMessages.interestOnlyPayments)
    .min(0, scenarioMessages.interestOnlyPayments)
    .max(120, scenarioMessages.interestOnlyPayments)
    .optional(),
});

/**
 * 9. VAT switch: the organisation's VAT setting as it would be from `from` (the shape of `PUT
 * /vat-settings`), and optionally its payment calendar from then on (the shape of `PUT
 * /payment-calendar`).
 */
export const vatLeverSchema = z.strictObject({
  type: z.literal('vat'),
  from: fromSchema,
  setting: vatSettingUpdateSchema,
  paymentCalendar: paymentCalendarUpdateSchema.optional(),
});

/** 10. One-off: a single payment in (> 0) or out (< 0) on `date`. */
export const oneOffLeverSchema = z.strictObject({
  type: z.literal('oneOff'),
  name: nameSchema,
  date: dateSchema('Datum wird benötigt'),
  amount: nonZeroCentsSchema,
  currencyId: currencyIdSchema,
  categoryId: idFieldSchema('Ungültige Kategorie').nullable().optional(),
});

export const leverTypes = [
  'transaction',
  'customer',
  'delay',
  'percentage',
  'hire',
  'leave',
  'raise',
  'loan',
  'vat',
  'oneOff',
] as const;
export type LeverType = (typeof leverTypes)[number];
export const leverTypeLabels: Record<LeverType, string> = {
  transaction: 'Transaktion',
  customer: 'Kunde verloren oder gewonnen',
  delay: 'Zahlungsverzug',
  percentage: 'Prozentuale Veränderung',
  hire: 'Neue Stelle',
  leave: 'Austritt',
  raise: 'Lohnänderung',
  loan: 'Darlehen',
  vat: 'MWST-Umstellung',
  oneOff: 'Einmalige Zahlung',
};

/** The body of `POST /scenarios/{id}/levers`: one lever, `{ type, … }`. */
export const leverInputSchema = z.discriminatedUnion(
  'type',
  [
    transactionLeverSchema,
    customerLeverSchema,
    delayLeverSchema,
    percentageLeverSchema,
    hireLeverSchema,
    leaveLeverSchema,
    raiseLeverSchema,
    loanLeverSchema,
    vatLeverSchema,
    oneOffLeverSchema,
  ],
  { error: `Ungültiger Hebel: type muss eines von ${leverTypes.join(', ')} sein` },
);
export type LeverInput = z.infer<typeof leverInputSchema>;
export type TransactionLever = z.infer<typeof transactionLeverSchema>;
export type CustomerLever = z.infer<typeof customerLeverSchema>;
export type DelayLever = z.infer<typeof delayLeverSchema>;
export type PercentageLever = z.infer<typeof percentageLeverSchema>;
export type HireLever = z.infer<typeof hireLeverSchema>;
export type LeaveLever = z.infer<typeof leaveLeverSchema>;
export type RaiseLever = z.infer<typeof raiseLeverSchema>;
export type LoanLever = z.infer<typeof loanLeverSchema>;
export type VatLever = z.infer<typeof vatLeverSchema>;
export type OneOffLever = z.infer<typeof oneOffLeverSchema>;

/**
 * `PATCH /scenarios/{id}/levers/{leverId}`: the lever's new content as a whole (same `type`), and/or
 * its new `position` (0-based; the others move up or down).
 */
export const leverUpdateSchema = z
  .strictObject({
    lever: leverInputSchema.optional(),
    position: z
      .number({ error: 'Ungültige Position' })
      .int('Ungültige Position')
      .min(0, 'Ungültige Position')
      .max(LEVERS_MAX - 1, 'Ungültige Position')
      .optional(),
  })
  .refine((value) => value.lever !== undefined || value.position !== undefined, scenarioMessages.changeNothing);
export type LeverUpdate = z.infer<typeof leverUpdateSchema>;

/**
 * A lever as answered: its content (salary amounts of hire and raise levers null for a caller who
 * may not see salaries, docs/scenarios.md "Roles and privacy"), its id and position, and
 * `targetDeleted` when the row it names no longer exists in the base ("Ziel gelöscht": it changes
 * nothing).
 */
export const leverSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  type: z.enum(leverTypes),
  /** The lever's fields as sent (`{ type, … }`), with hidden salary amounts set to null. */
  lever: z.record(z.string(), z.unknown()),
  targetDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A lever's content as answered: hire `salary` and raise `amount` are null where salaries are hidden. */
export type LeverView =
  | Exclude<LeverInput, HireLever | RaiseLever>
  | (Omit<HireLever, 'salary'> & { salary: number | null })
  | (Omit<RaiseLever, 'amount'> & { amount?: number | null });
export type Lever = Omit<z.infer<typeof leverSchema>, 'lever'> & { lever: LeverView };
export const leverListSchema = z.array(leverSchema);

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

const colorSchema = z
  .string({ error: scenarioMessages.color })
  .regex(/^#[0-9a-fA-F]{6}$/, scenarioMessages.color)
  .transform((color) => color.toLowerCase());

const scenarioFields = {
  name: nameSchema,
  description: textSchema({ max: 2000, multiline: true }).optional(),
  color: colorSchema.optional(),
};

/** `POST /scenarios`: name, description, colour, and optionally its first levers (at most 100). */
export const scenarioCreateSchema = z.strictObject({
  ...scenarioFields,
  levers: z.array(leverInputSchema).max(LEVERS_MAX, scenarioMessages.tooManyLevers).optional(),
});
export type ScenarioCreate = z.infer<typeof scenarioCreateSchema>;
export const scenarioUpdateSchema = changingAtLeastOneField(z.strictObject(scenarioFields).partial());
export type ScenarioUpdate = z.infer<typeof scenarioUpdateSchema>;

export const scenarioSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  leverCount: z.number().int(),
});
export type Scenario = z.infer<typeof scenarioSchema>;
/** `GET /scenarios`: every scenario of the organisation (at most 30), by name. */
export const scenarioListSchema = z.array(scenarioSchema);
/** `GET /scenarios/{id}` and the answer of POST/PATCH: the scenario with its levers in order. */
export const scenarioDetailSchema = scenarioSchema.extend({ levers: leverListSchema });
export type ScenarioDetail = z.infer<typeof scenarioDetailSchema>;

/** Params of the lever routes. */
export const leverParamsSchema = z.strictObject({ id: idParamSchema, leverId: idParamSchema });

// ---------------------------------------------------------------------------------------------
// The forecast of a scenario, and compare
// ---------------------------------------------------------------------------------------------

/** `?scenario=<id>` on `GET /forecasts`, `/forecasts/details` and `/forecasts/export`: absent = the base. */
export const scenarioQueryField = z
  .string({ error: 'Ungültiges Szenario' })
  .regex(/^[1-9][0-9]{0,9}$/, 'Ungültiges Szenario')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'Ungültiges Szenario'));

/** `ids=base,3,7`: the base and/or up to 5 entries in all; each at most once. */
export const compareIdsSchema = z
  .string({ error: scenarioMessages.ids })
  .max(200, scenarioMessages.ids)
  .transform((text) => text.split(','))
  .pipe(
    z
      .array(
        z.union([
          z.literal('base'),
          z
            .string()
            .regex(/^[1-9][0-9]{0,9}$/)
            .transform(Number),
        ]),
        {
          error: scenarioMessages.ids,
        },
      )
      .min(1, scenarioMessages.ids)
      .max(COMPARE_SCENARIOS_MAX + 1, scenarioMessages.ids)
      .refine((ids) => new Set(ids).size === ids.length, scenarioMessages.ids)
      .refine((ids) => ids.every((id) => id === 'base' || id <= 2_147_483_647), scenarioMessages.ids),
  );

/** `GET /scenarios/compare?ids=base,3,7&months=&performance=`. */
export const scenarioCompareQuerySchema = forecastQuerySchema
  .omit({ scenario: true })
  .extend({ ids: compareIdsSchema });
export type ScenarioCompareQuery = z.infer<typeof scenarioCompareQuerySchema>;
/** `GET /scenarios/compare/export?ids=…&format=pdf|xlsx&months=&performance=`. */
export const compareExportFormats = ['pdf', 'xlsx'] as const;
export const scenarioCompareExportQuerySchema = scenarioCompareQuerySchema.extend({
  format: z.enum(compareExportFormats, { error: 'Unbekanntes Format: erwartet wird «pdf» oder «xlsx»' }),
});
export type ScenarioCompareExportQuery = z.infer<typeof scenarioCompareExportQuerySchema>;

/** The key figures of one forecast (docs/scenarios.md "Compare"). */
export const scenarioKpisSchema = z.object({
  lowest: z.object({ month: z.string(), saldo: z.number().int() }),
  /** The first month whose end balance is below the minimum balance; null: none. */
  firstBelowMinimum: z.string().nullable(),
  /** The runway: the last month covered before the first one below the minimum; null: all covered. */
  coveredUntil: z.string().nullable(),
  /** Whole months from the first month of the horizon up to and with `coveredUntil`; null: all covered. */
  runwayMonths: z.number().int().nullable(),
  /** Σ cash flow over the horizon. */
  totalCashflow: z.number().int(),
});
export type ScenarioKpis = z.infer<typeof scenarioKpisSchema>;

/** A leaf of the forecast's tree as compare names it: side, category, the leaf. */
export const compareLeafRelatedTables = forecastLeafTables;
export const compareLeafSchema = z.object({
  side: z.enum(leverSides),
  category: z.string(),
  name: z.string(),
  relatedTable: z.enum(compareLeafRelatedTables),
  relatedId: z.number().int(),
});
export type CompareLeaf = z.infer<typeof compareLeafSchema>;

/** One leaf's difference scenario − base (docs/scenarios.md "Compare"). */
export const compareDifferenceSchema = z.object({
  /** The leaf: its index in the answer's `leaves`. */
  leaf: z.number().int().min(0),
  /**
   * scenario − base per month as runs `[month index, amount, …]`, in the order of `months`: each
   * amount holds from its index up to the next run's, the months before the first are 0
   * (`toRuns`/`fromRuns`, compare-runs.ts).
   */
  runs: z.array(z.number().int()),
});
export type CompareDifference = z.infer<typeof compareDifferenceSchema>;

export const compareEntrySchema = z.object({
  /** null: the base. */
  scenarioId: z.number().int().nullable(),
  name: z.string(),
  color: z.string(),
  months: z.array(forecastMonthSchema),
  kpis: scenarioKpisSchema,
  /** Leaves whose amount differs from the base in at least one month (empty for the base). */
  differences: z.array(compareDifferenceSchema),
});
export type CompareEntry = z.infer<typeof compareEntrySchema>;

export const scenarioCompareSchema = z.object({
  calculatedAt: z.string(),
  currency: z.string(),
  minimumBalance: z.number().int(),
  months: z.array(z.string()),
  /** Every leaf an entry's differences name, once for all entries. */
  leaves: z.array(compareLeafSchema),
  entries: z.array(compareEntrySchema),
});
export type ScenarioCompare = z.infer<typeof scenarioCompareSchema>;

/** The name and colour the base has in compare. */
export const BASE_SCENARIO = { name: 'Basis', color: '#495057' } as const;

// ---------------------------------------------------------------------------------------------
// Promote
// ---------------------------------------------------------------------------------------------

/** One choice for a conflict: keep the base's current value or take the scenario's. */
export const promoteResolutionSchema = z.strictObject({
  leverId: idFieldSchema('Ungültiger Hebel'),
  field: z.string({ error: 'Ungültiges Feld' }).max(100, 'Ungültiges Feld'),
  choice: z.enum(['base', 'scenario'], { error: 'Ungültige Wahl: base oder scenario' }),
});

/**
 * `POST /scenarios/{id}/promote` (every lever, or those of `leverIds`) and
 * `POST /scenarios/{id}/levers/{leverId}/promote`: the choices for earlier conflicts.
 */
export const promoteSchema = z.strictObject({
  leverIds: z.array(idFieldSchema('Ungültiger Hebel')).max(LEVERS_MAX).optional(),
  resolutions: z
    .array(promoteResolutionSchema)
    .max(LEVERS_MAX * 20)
    .optional(),
});
export type PromoteRequest = z.infer<typeof promoteSchema>;

/** A field the base changed since the lever was made: as it was, as it is, as the lever sets it. */
export const promoteConflictSchema = z.object({
  leverId: z.number().int(),
  field: z.string(),
  original: z.unknown(),
  base: z.unknown(),
  scenario: z.unknown(),
});
export type PromoteConflict = z.infer<typeof promoteConflictSchema>;

/** The 409 of promote: the error body plus the conflicts. */
export const promoteConflictAnswerSchema = z.object({
  error: z.string(),
  code: z.literal('CONFLICT'),
  conflicts: z.array(promoteConflictSchema),
});

/** The answer of promote: the levers that became base rows (and left the scenario). */
export const promoteResultSchema = z.object({ promoted: z.array(z.number().int()) });
export type PromoteResult = z.infer<typeof promoteResultSchema>;
