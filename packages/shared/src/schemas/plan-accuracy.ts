import { z } from 'zod';
import { monthSchema } from './fields.js';
import { occurrenceKinds } from './plan-actual.js';

/**
 * The plan's accuracy per side and horizon (docs/plan-actual.md "Accuracy per horizon"): what the
 * forecast kept at the start of a month (a snapshot) said about the months after it, beside what
 * the bank showed.
 */

/** The horizons measured: forecasts made 1, 3, 6 and 12 months ahead of their month. */
export const ACCURACY_HORIZONS = [1, 3, 6, 12] as const;
export type AccuracyHorizon = (typeof ACCURACY_HORIZONS)[number];

/** Snapshots are kept this many months; the band on the Prognose needs this many first. */
export const SNAPSHOT_LIMITS = { keptMonths: 24, monthsAhead: 12, forBand: 3, largestLeaves: 5 } as const;

/** One side: WAPE and bias in percent of the actual (one decimal), null when nothing was measured. */
export const accuracySideSchema = z.object({
  /** Σ|actual − plan| / Σ|actual|, in %. */
  wape: z.number().nullable(),
  /** Σ(plan − actual) / Σ|actual|, in %: above 0 the plan expected more than came (inflows) or went (outflows). */
  bias: z.number().nullable(),
});
export type AccuracySide = z.infer<typeof accuracySideSchema>;

export const accuracyHorizonSchema = z.object({
  horizon: z.number().int(),
  /** How many covered months had a forecast made this many months ahead. */
  months: z.number().int(),
  inflows: accuracySideSchema,
  outflows: accuracySideSchema,
  /** The mean absolute error of the end balance (minor units), null when nothing was measured. */
  balanceError: z.number().int().nullable(),
});
export type AccuracyHorizonFigures = z.infer<typeof accuracyHorizonSchema>;

/** A leaf of the forecast with its error over the months measured 1 month ahead (amounts signed). */
export const accuracyLeafSchema = z.object({
  kind: z.enum(occurrenceKinds),
  id: z.number().int(),
  name: z.string(),
  plan: z.number().int(),
  actual: z.number().int(),
  /** Σ|actual − plan| over the months. */
  error: z.number().int(),
});
export type AccuracyLeaf = z.infer<typeof accuracyLeafSchema>;

/** `GET /plan-actual/accuracy`. */
export const planAccuracySchema = z.object({
  currency: z.string(),
  /** The months whose snapshot is kept, oldest first. */
  snapshots: z.array(z.string()),
  horizons: z.array(accuracyHorizonSchema),
  /** The five leaves with the largest absolute error, 1 month ahead, largest first. */
  leaves: z.array(accuracyLeafSchema),
  /** Whether the Prognose shows its band: SNAPSHOT_LIMITS.forBand snapshots and an end-balance error measured. */
  band: z.boolean(),
});
export type PlanAccuracy = z.infer<typeof planAccuracySchema>;

/** What a snapshot keeps (small: months and leaves only); also the body of the test helper. */
export const snapshotMonthSchema = z.object({
  month: monthSchema,
  revenue: z.number().int(),
  expense: z.number().int(),
  saldo: z.number().int(),
  /** [kind, id, amount] per leaf of the month (organisation currency, signed). */
  leaves: z.array(z.tuple([z.enum(occurrenceKinds), z.number().int(), z.number().int()])),
});
export type SnapshotMonth = z.infer<typeof snapshotMonthSchema>;

export const snapshotDataSchema = z.object({
  /** The months after the one it was taken in (up to SNAPSHOT_LIMITS.monthsAhead). */
  months: z.array(snapshotMonthSchema).max(SNAPSHOT_LIMITS.monthsAhead),
  /** The leaves' names, by "kind|id". */
  names: z.record(z.string(), z.string()),
});
export type SnapshotData = z.infer<typeof snapshotDataSchema>;

/** The development and test helper `POST /dev/forecast-snapshots`: a snapshot as if taken in `month`. */
export const snapshotSeedSchema = snapshotDataSchema.extend({ month: monthSchema });
export type SnapshotSeed = z.infer<typeof snapshotSeedSchema>;

/**
 * The half-width of the band around the forecast's end balance `monthsAhead` months after the
 * current one (docs/plan-actual.md "Accuracy per horizon"): the mean end-balance error measured at
 * the horizons, linear between them from 0 now; beyond the largest horizon measured it grows with the
 * square root of the months (errors of independent months add up so). Null without any measured.
 */
export function balanceBandOf(horizons: readonly AccuracyHorizonFigures[], monthsAhead: number): number | null {
  const measured = horizons
    .filter((figure) => figure.balanceError !== null)
    .map((figure) => [figure.horizon, figure.balanceError as number] as const)
    .sort((a, b) => a[0] - b[0]);
  if (measured.length === 0 || monthsAhead <= 0) return monthsAhead <= 0 && measured.length > 0 ? 0 : null;
  let previous: readonly [number, number] = [0, 0];
  for (const point of measured) {
    if (monthsAhead <= point[0]) {
      const share = (monthsAhead - previous[0]) / (point[0] - previous[0]);
      return Math.round(previous[1] + share * (point[1] - previous[1]));
    }
    previous = point;
  }
  return Math.round(previous[1] * Math.sqrt(monthsAhead / previous[0]));
}

/** The German texts of the accuracy, one wording for the web and the files. */
export const planAccuracyTexts = {
  title: 'Planungsgenauigkeit',
  horizon: (months: number) => (months === 1 ? '1 Monat voraus' : `${months} Monate voraus`),
  inflows: 'Zuflüsse',
  outflows: 'Abflüsse',
  /** "8.0 %", "–" when nothing was measured. */
  percent: (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} %`),
  /** "+2.0 %": the sign says which way the plan was off. */
  bias: (value: number | null) => (value === null ? '–' : `${value > 0 ? '+' : ''}${value.toFixed(1)} %`),
  basis: (months: number) => (months === 1 ? 'aus 1 Monat' : `aus ${months} Monaten`),
} as const;

/** One line per horizon: "Zuflüsse WAPE 8.0 %, Bias +2.0 % · Abflüsse WAPE 5.0 %, Bias -1.0 % (aus 4 Monaten)". */
export function accuracyHorizonText(figure: AccuracyHorizonFigures): string {
  if (figure.months === 0) return '–';
  const side = (label: string, value: AccuracySide) =>
    `${label} WAPE ${planAccuracyTexts.percent(value.wape)}, Bias ${planAccuracyTexts.bias(value.bias)}`;
  return `${side(planAccuracyTexts.inflows, figure.inflows)} · ${side(planAccuracyTexts.outflows, figure.outflows)} (${planAccuracyTexts.basis(figure.months)})`;
}
