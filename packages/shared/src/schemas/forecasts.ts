import { z } from 'zod';
import { FORECAST_DEFAULTS, FORECAST_LIMITS } from '../constants.js';
import { ID_MAX, idParamSchema, monthSchema } from './fields.js';
import { forecastExportFormatSchema } from './exports.js';
import { wholeNumberQuery } from './pagination.js';

/**
 * The forecast contract (docs/api.md "Areas", docs/forecast.md): the query of both reads, the
 * totals with the runway, the details tree, and the exclusions of leaves per month.
 */

export const forecastMessages = {
  months: `Der Zeitraum muss eine ganze Zahl von ${FORECAST_LIMITS.minMonths} bis ${FORECAST_LIMITS.maxMonths} Monaten sein`,
  performance: `Die Performance muss eine ganze Zahl von ${FORECAST_LIMITS.minPerformance} bis ${FORECAST_LIMITS.maxPerformance} Prozent sein`,
  relatedTable: 'Unbekannte Art des Eintrags',
  vatSettlement: 'Die Mehrwertsteuer-Abrechnung kann nicht ausgeschlossen werden',
  relatedId: 'Ungültige Id',
  monthOutsideHorizon: 'Der Monat liegt ausserhalb des Prognosezeitraums (aktueller Monat bis 59 Monate danach)',
  notFound: 'Kein Eintrag gefunden für diesen Ausschluss',
  expand: 'Ungültige Kategorie: erwartet wird «revenue:<Name>» oder «expense:<Name>»',
} as const;

/** `GET /forecasts` and `GET /forecasts/details`: `?months=1…60` (13) and `?performance=0…200` (100). */
export const forecastQuerySchema = z.strictObject({
  months: wholeNumberQuery(FORECAST_LIMITS.minMonths, FORECAST_LIMITS.maxMonths, forecastMessages.months).default(
    FORECAST_DEFAULTS.months,
  ),
  performance: wholeNumberQuery(
    FORECAST_LIMITS.minPerformance,
    FORECAST_LIMITS.maxPerformance,
    forecastMessages.performance,
  ).default(FORECAST_DEFAULTS.performance),
  /** A scenario of the organisation (docs/scenarios.md): its forecast in the same shape; absent = the base. */
  scenario: idParamSchema.optional(),
});
export type ForecastQuery = z.infer<typeof forecastQuerySchema>;

/** `GET /forecasts/export?format=xlsx|csv|pdf&months=&performance=`: the same figures as `GET /forecasts`. */
export const forecastExportQuerySchema = forecastQuerySchema.extend({ format: forecastExportFormatSchema });
export type ForecastExportQuery = z.infer<typeof forecastExportQuerySchema>;

/** Most categories one details read may expand (the remembered list of expanded rows holds as many). */
export const FORECAST_EXPAND_MAX = 500;

/** A category of the details tree as "revenue:<Name>" or "expense:<Name>" (names are unique per side). */
export const forecastCategoryKeySchema = z
  .string({ error: forecastMessages.expand })
  .max(300, forecastMessages.expand)
  .regex(/^(revenue|expense):[^\0]*$/, forecastMessages.expand);

/**
 * `GET /forecasts/details`: the query of the totals, and optionally `?expand=` (repeatable) naming
 * the categories whose leaves are wanted; the other categories come with their amounts and no
 * leaves, and an empty `?expand=` asks for none. Without it every leaf comes (docs/api.md "Areas"):
 * for a big organisation tens of megabytes, so the page asks only for the rows it shows.
 */
export const forecastDetailsQuerySchema = forecastQuerySchema.extend({
  expand: z
    .preprocess(
      (value) => (Array.isArray(value) ? value : [value]).filter((entry) => entry !== ''),
      z.array(forecastCategoryKeySchema).max(FORECAST_EXPAND_MAX, forecastMessages.expand),
    )
    .optional(),
});
export type ForecastDetailsQuery = z.infer<typeof forecastDetailsQuerySchema>;

/** The totals of one month after performance; `saldo` is the end balance (all in minor units). */
export const forecastMonthSchema = z.object({
  month: z.string(),
  revenue: z.number().int(),
  expense: z.number().int(),
  cashflow: z.number().int(),
  saldo: z.number().int(),
});
export type ForecastMonthTotals = z.infer<typeof forecastMonthSchema>;

/**
 * How long the money lasts: `coveredUntil` = the last month ('YYYY-MM') before the end balance first
 * falls below `minimumBalance`, or null when the whole horizon is covered; `lowest` = the month with
 * the lowest end balance (the first of equal ones).
 */
export const forecastRunwaySchema = z.object({
  minimumBalance: z.number().int(),
  coveredUntil: z.string().nullable(),
  lowest: z.object({ month: z.string(), saldo: z.number().int() }),
});
export type ForecastRunwaySummary = z.infer<typeof forecastRunwaySchema>;

/** `GET /forecasts`: computed on demand (`calculatedAt` = now, ISO instant), in the organisation currency. */
export const forecastSchema = z.object({
  calculatedAt: z.string(),
  currency: z.string(),
  startBalance: z.number().int(),
  /** Currency codes without a rate, converted 1:1 (sorted): the page warns about them. */
  missingRates: z.array(z.string()),
  months: z.array(forecastMonthSchema),
  runway: forecastRunwaySchema,
});
export type Forecast = z.infer<typeof forecastSchema>;

/**
 * What a leaf can be excluded as (docs/forecast.md "Leaves and the tree", "Exclusions"); a label
 * leaf with id 0 = "<Kein Label>".
 */
export const exclusionTables = ['transactions', 'salaries', 'salary_cost_labels'] as const;
export type ExcludableTable = (typeof exclusionTables)[number];
/** Every kind of leaf: the excludable ones and the VAT settlement (id 0, never excludable). */
export const leafTables = [...exclusionTables, 'vat_settlement'] as const;
/**
 * What a leaf of the details tree can be: a kind above or, in a scenario's forecast only, a row a
 * lever adds (`scenario_levers`, id = the lever's; docs/scenarios.md "Forecast of a scenario").
 */
export const forecastLeafTables = [...leafTables, 'scenario_levers'] as const;
export type ForecastLeafTable = (typeof leafTables)[number];

/**
 * Level 2 of the details tree: one item in one month (0, `isExcluded` and `excludedAmount` when excluded). An
 * employee's salaries are one leaf across the months (docs/forecast.md): `relatedId` is the salary
 * that paid in this month (the one to exclude), `employeeId` the employee (salary leaves only).
 */
export const forecastLeafNodeSchema = z.object({
  name: z.string(),
  amount: z.number().int(),
  relatedId: z.number().int(),
  relatedTable: z.enum(forecastLeafTables),
  isExcluded: z.boolean(),
  /** On excluded leaves only: the amount the exclusion takes out (after performance). */
  excludedAmount: z.number().int().optional(),
  /**
   * Only on `vat_settlement` leaves, minor units after performance (docs/vat.md). Effective method:
   * the period's output tax ("Umsatzsteuer") and input tax ("Vorsteuer"), both ≥ 0; net tax rate
   * method: the period's gross revenue and the rate(s) in thousandths of a percent, the second one
   * with its share of the revenue in percent.
   */
  outputTax: z.number().int().optional(),
  inputTax: z.number().int().optional(),
  grossRevenue: z.number().int().optional(),
  netTaxRate: z.number().int().optional(),
  netTaxRate2: z.number().int().optional(),
  netTaxRate2Share: z.number().int().optional(),
  employeeId: z.number().int().optional(),
  /** Salary leaves only: the month's payment includes a 13th salary ("inkl. 13. Monatslohn"). */
  thirteenthSalary: z.literal(true).optional(),
  /**
   * An überfällig occurrence (docs/plan-actual.md "The forecast counts nothing twice"): due on this
   * past date, matched to no bank entry and not marked "entfällt"; it counts in the current month, as
   * a leaf of its own.
   */
  overdueDate: z.string().optional(),
  /** In a scenario's forecast only: the lever(s) that changed this leaf in this month (docs/scenarios.md). */
  leverIds: z.array(z.number().int()).optional(),
  /**
   * The payment calendar's leaves and the annual VAT instalments only: how this month's amount was
   * computed, in German (payroll basis, rates, periods), and the warnings that concern it
   * (docs/payment-calendar.md "Explanations").
   */
  explanation: z.string().optional(),
  warnings: z.array(z.string()).optional(),
});
export type ForecastLeafNode = z.infer<typeof forecastLeafNodeSchema>;

/** Level 1: a category ("Löhne", "Lohnkosten", "MWST" or a transaction category); amount = Σ children. */
export const forecastCategoryNodeSchema = z.object({
  name: z.string(),
  amount: z.number().int(),
  children: z.array(forecastLeafNodeSchema),
});
export type ForecastCategoryNode = z.infer<typeof forecastCategoryNodeSchema>;

export const forecastDetailsMonthSchema = z.object({
  month: z.string(),
  revenue: z.array(forecastCategoryNodeSchema),
  expense: z.array(forecastCategoryNodeSchema),
});
export type ForecastDetailsMonth = z.infer<typeof forecastDetailsMonthSchema>;

/**
 * The details as a tree per month (one entry per month of the horizon): the shape the server's
 * readers (report, exports, Plan/Ist, scenario comparison) and the web's drafts work on. On the wire
 * they travel in columns (`forecastDetailColumnsSchema`); `detailsOfColumns` makes this back.
 */
export const forecastDetailsSchema = z.array(forecastDetailsMonthSchema);
export type ForecastDetails = z.infer<typeof forecastDetailsSchema>;

/**
 * What a cell of a leaf's row has beyond its amount, where it differs from the row's identity
 * (docs/forecast.md "Details on the wire"): an excluded cell, an employee's month paid by another
 * salary (`relatedId`), a lever's mark, a note, the VAT settlement's parts.
 */
export const forecastLeafCellSchema = forecastLeafNodeSchema.omit({ amount: true }).partial();
export type ForecastLeafCell = z.infer<typeof forecastLeafCellSchema>;

/**
 * One leaf's row across the months: its identity once, then `amounts` (one per month of the
 * answer, minor units, null where the row has no leaf that month) and, by month index, the cells
 * that carry more than an amount.
 */
export const forecastLeafColumnSchema = z.object({
  name: z.string(),
  relatedTable: z.enum(forecastLeafTables),
  relatedId: z.number().int(),
  // The optional fields after the required ones: the answer's writer puts them there (response-serializer.ts).
  amounts: z.array(z.number().int().nullable()),
  employeeId: z.number().int().optional(),
  overdueDate: z.string().optional(),
  cells: z.record(z.string(), forecastLeafCellSchema).optional(),
});
export type ForecastLeafColumn = z.infer<typeof forecastLeafColumnSchema>;

/** A category's row: its amount per month (null where it does not occur) and its leaves' rows. */
export const forecastCategoryColumnSchema = z.object({
  name: z.string(),
  amounts: z.array(z.number().int().nullable()),
  leaves: z.array(forecastLeafColumnSchema),
});
export type ForecastCategoryColumn = z.infer<typeof forecastCategoryColumnSchema>;

/**
 * `GET /forecasts/details` (docs/api.md "Areas", docs/forecast.md "Details on the wire"): the
 * months of the horizon (same as `GET /forecasts`) and per side the categories' rows, each with
 * its leaves' rows, in display order: one object per leaf, not one per leaf and month.
 */
export const forecastDetailColumnsSchema = z.object({
  months: z.array(z.string()),
  revenue: z.array(forecastCategoryColumnSchema),
  expense: z.array(forecastCategoryColumnSchema),
});
export type ForecastDetailColumns = z.infer<typeof forecastDetailColumnsSchema>;

const relatedTableSchema = z.enum(exclusionTables, {
  error: (issue) => (issue.input === 'vat_settlement' ? forecastMessages.vatSettlement : forecastMessages.relatedTable),
});

/**
 * −(2^31 − 1) … 2^31 − 1; 0 ("<Kein Label>") and negative ids (a leaf of the payment calendar,
 * docs/payment-calendar.md "Exclusions") only for `salary_cost_labels`, checked with the table.
 */
const relatedIdSchema = z
  .number({ error: forecastMessages.relatedId })
  .int(forecastMessages.relatedId)
  .min(-ID_MAX, forecastMessages.relatedId)
  .max(ID_MAX, forecastMessages.relatedId);

const exclusionKeyShape = { month: monthSchema, relatedTable: relatedTableSchema, relatedId: relatedIdSchema };

function zeroOnlyForLabels(
  value: { relatedTable: ExcludableTable; relatedId: number },
  context: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  if (value.relatedId <= 0 && value.relatedTable !== 'salary_cost_labels') {
    context.addIssue({ code: 'custom', message: forecastMessages.relatedId, path: [...path, 'relatedId'] });
  }
}

/**
 * One exclusion: the leaf (relatedTable, relatedId) counts nothing in `month` ('YYYY-MM', within the
 * current month … current month + 59). Body of `POST` and `DELETE /forecasts/exclude`, and an item of
 * the `GET` list.
 */
export const forecastExclusionSchema = z
  .strictObject(exclusionKeyShape)
  .superRefine((value, context) => zeroOnlyForLabels(value, context));
export type ForecastExclusionKey = z.infer<typeof forecastExclusionSchema>;

/** The answer item of `GET /forecasts/exclude` and `POST` (plain, no refinements). */
export const forecastExclusionAnswerSchema = z.object({
  month: z.string(),
  relatedTable: z.enum(exclusionTables),
  relatedId: z.number().int(),
});
/** `GET /forecasts/exclude`: the organisation's exclusions from the current month on, by month. */
export const forecastExclusionListSchema = z.array(forecastExclusionAnswerSchema);

/**
 * `GET /forecasts/exclude?relatedTable=…&relatedId=…`: both optional filters (relatedId only with
 * relatedTable); without them every exclusion of the organisation from the current month on.
 */
export const forecastExclusionListQuerySchema = z
  .strictObject({
    relatedTable: relatedTableSchema.optional(),
    relatedId: z
      .string({ error: forecastMessages.relatedId })
      .regex(/^(0|-?[1-9][0-9]{0,9})$/, forecastMessages.relatedId)
      .transform(Number)
      .pipe(z.number().min(-ID_MAX, forecastMessages.relatedId).max(ID_MAX, forecastMessages.relatedId))
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.relatedId !== undefined && value.relatedTable === undefined) {
      context.addIssue({ code: 'custom', message: forecastMessages.relatedTable, path: ['relatedTable'] });
    }
  });
export type ForecastExclusionListQuery = z.infer<typeof forecastExclusionListQuerySchema>;

/** Most entries one batch may carry (60 months × a page of leaves). */
export const EXCLUSION_BATCH_MAX = 5_000;

/**
 * `PUT /forecasts/exclude`: exclusions set (`isExcluded: true`) or lifted (`false`), all in one
 * database transaction — one bad entry (400/404) and nothing of the batch is stored.
 */
export const forecastExclusionBatchSchema = z.strictObject({
  updates: z
    .array(
      z
        .strictObject({
          ...exclusionKeyShape,
          isExcluded: z.boolean({ error: 'Ungültiger Wert: Ja/Nein-Wert erwartet' }),
        })
        .superRefine((value, context) => zeroOnlyForLabels(value, context)),
      { error: 'Liste der Änderungen wird benötigt' },
    )
    .max(EXCLUSION_BATCH_MAX, `Höchstens ${EXCLUSION_BATCH_MAX} Änderungen auf einmal`),
});
export type ForecastExclusionBatch = z.infer<typeof forecastExclusionBatchSchema>;
export type ForecastExclusionUpdate = ForecastExclusionBatch['updates'][number];

/** Answer of `PUT /forecasts/exclude`: how many exclusions were added or removed. */
export const forecastExclusionBatchResultSchema = z.object({ affected: z.number().int() });
