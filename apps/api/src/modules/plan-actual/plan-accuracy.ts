/**
 * The plan's accuracy per side and horizon (docs/plan-actual.md "Accuracy per horizon"), pure: the
 * snapshots kept at the start of past months beside the actual months of Plan/Ist. Amounts are whole
 * minor units of the organisation currency; WAPE and bias are percentages with one decimal.
 */
import {
  ACCURACY_HORIZONS,
  SNAPSHOT_LIMITS,
  addMonthsToMonth,
  type AccuracyHorizonFigures,
  type AccuracyLeaf,
  type AccuracySide,
  type OccurrenceKind,
  type PlanAccuracy,
  type SnapshotData,
} from '@saldopilot/shared';

export interface KeptSnapshot {
  /** The month it was taken in ('YYYY-MM'). */
  month: string;
  data: SnapshotData;
}

/** A month of Plan/Ist as the accuracy reads it: only a covered month has an actual. */
export interface ActualMonth {
  month: string;
  covered: boolean;
  revenue: number;
  /** Signed (≤ 0). */
  expense: number;
  balance: number;
}

export interface AccuracyInput {
  currency: string;
  currentMonth: string;
  snapshots: readonly KeptSnapshot[];
  /** The months before the current one. */
  actualMonths: readonly ActualMonth[];
  /** What the entries matched to each leaf ("kind|id") paid, per booking month. */
  leafActuals: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Whether one person's salary may be named (docs/access.md "Salary figures"). */
  seesSalaries: boolean;
}

/** WAPE and bias of pairs of magnitudes (an outflow's plan and actual as positive amounts). */
function sideOf(pairs: readonly { plan: number; actual: number }[]): AccuracySide {
  const base = pairs.reduce((sum, pair) => sum + Math.abs(pair.actual), 0);
  if (base === 0) return { wape: null, bias: null };
  const error = pairs.reduce((sum, pair) => sum + Math.abs(pair.actual - pair.plan), 0);
  const bias = pairs.reduce((sum, pair) => sum + (pair.plan - pair.actual), 0);
  return { wape: Math.round((error / base) * 1000) / 10, bias: Math.round((bias / base) * 1000) / 10 };
}

/** The snapshot's figures for `month`, when it was taken `horizon` months before. */
function forecastOf(byMonth: ReadonlyMap<string, KeptSnapshot>, month: string, horizon: number) {
  return byMonth.get(addMonthsToMonth(month, -horizon))?.data.months.find((entry) => entry.month === month);
}

export function planAccuracy(input: AccuracyInput): PlanAccuracy {
  const byMonth = new Map(input.snapshots.map((snapshot) => [snapshot.month, snapshot]));
  const measured = input.actualMonths.filter((month) => month.covered && month.month < input.currentMonth);
  const horizons: AccuracyHorizonFigures[] = ACCURACY_HORIZONS.map((horizon) => {
    const pairs = measured.flatMap((actual) => {
      const forecast = forecastOf(byMonth, actual.month, horizon);
      return forecast ? [{ actual, forecast }] : [];
    });
    const balanceErrors = pairs.map(({ actual, forecast }) => Math.abs(actual.balance - forecast.saldo));
    return {
      horizon,
      months: pairs.length,
      inflows: sideOf(pairs.map(({ actual, forecast }) => ({ plan: forecast.revenue, actual: actual.revenue }))),
      outflows: sideOf(pairs.map(({ actual, forecast }) => ({ plan: -forecast.expense, actual: -actual.expense }))),
      balanceError:
        balanceErrors.length === 0
          ? null
          : Math.round(balanceErrors.reduce((sum, error) => sum + error, 0) / balanceErrors.length),
    };
  });

  // The leaves 1 month ahead: every leaf planned or paid in a measured month with a snapshot.
  const leaves = new Map<string, { plan: number; actual: number; error: number; name: string }>();
  for (const actual of measured) {
    const snapshot = byMonth.get(addMonthsToMonth(actual.month, -1));
    const forecast = snapshot?.data.months.find((entry) => entry.month === actual.month);
    if (!snapshot || !forecast) continue;
    const planned = new Map<string, number>();
    for (const [kind, id, amount] of forecast.leaves) {
      const key = `${kind}|${id}`;
      planned.set(key, (planned.get(key) ?? 0) + amount);
    }
    const paid = input.leafActuals.get(actual.month) ?? new Map<string, number>();
    for (const key of new Set([...planned.keys(), ...paid.keys()])) {
      const plan = planned.get(key) ?? 0;
      const got = paid.get(key) ?? 0;
      const leaf = leaves.get(key) ?? { plan: 0, actual: 0, error: 0, name: snapshot.data.names[key] ?? '' };
      leaf.plan += plan;
      leaf.actual += got;
      leaf.error += Math.abs(got - plan);
      if (!leaf.name) leaf.name = snapshot.data.names[key] ?? '';
      leaves.set(key, leaf);
    }
  }
  const largest: AccuracyLeaf[] = [...leaves.entries()]
    .filter(([key, leaf]) => leaf.error > 0 && (input.seesSalaries || !key.startsWith('salaries|')))
    .sort(([keyA, a], [keyB, b]) => b.error - a.error || keyA.localeCompare(keyB))
    .slice(0, SNAPSHOT_LIMITS.largestLeaves)
    .map(([key, leaf]) => {
      const [kind, id] = key.split('|') as [OccurrenceKind, string];
      return { kind, id: Number(id), name: leaf.name, plan: leaf.plan, actual: leaf.actual, error: leaf.error };
    });
  return {
    currency: input.currency,
    snapshots: input.snapshots.map((snapshot) => snapshot.month).sort(),
    horizons,
    leaves: largest,
    band: input.snapshots.length >= SNAPSHOT_LIMITS.forBand && horizons.some((figure) => figure.balanceError !== null),
  };
}
