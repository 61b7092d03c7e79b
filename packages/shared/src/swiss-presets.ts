/**
 * The Swiss social-insurance presets of a salary (issue 11, research/peers.md §3.1 and §5, status
 * 2026): which contributions exist, their labels, default rates and who bears them, and the cost
 * row each becomes on a salary. The API creates these rows; the web dialog shows the same defaults.
 * Rates are thousandths of a percent (5.3 % = 5300), amounts minor units (Rappen). Pure.
 */

import { cycleMonths, type Cycle } from './schemas/fields.js';
import type { AmountType, DistributionType, SwissPresetId } from './schemas/employees.js';

/** One contribution of the catalogue. */
export interface SwissPreset {
  id: SwissPresetId;
  /** The cost label (created when missing). */
  label: string;
  /** What the dialog explains. */
  description: string;
  distributionType: DistributionType;
  /** Percentage of the gross (rate) or a fixed amount the person enters (BVG). */
  amountType: AmountType;
  /** Default rate per side in thousandths of a percent; null for a fixed amount. */
  defaultRate: number | null;
}

/**
 * ALV: 1.1 % on each side on the wage up to CHF 148,200 a year; above it 0 % in 2026 (peers.md
 * §3.1), so the contribution of a higher salary is the fixed amount on the ceiling.
 */
export const ALV_YEARLY_CEILING_CENTS = 14_820_000;

/** The catalogue, in the order the dialog lists it. */
export const swissPresets: readonly SwissPreset[] = [
  {
    id: 'ahv',
    label: 'AHV/IV/EO',
    description: 'AHV/IV/EO: 5.3 % Arbeitnehmer + 5.3 % Arbeitgeber (2026)',
    distributionType: 'both',
    amountType: 'percentage',
    defaultRate: 5300,
  },
  {
    id: 'alv',
    label: 'ALV',
    description: "ALV: 1.1 % Arbeitnehmer + 1.1 % Arbeitgeber bis CHF 148'200 pro Jahr",
    distributionType: 'both',
    amountType: 'percentage',
    defaultRate: 1100,
  },
  {
    id: 'fak',
    label: 'FAK',
    description: 'Familienausgleichskasse: Arbeitgeber, Satz je Kanton (z. B. Zürich 1.025 %)',
    distributionType: 'employer',
    amountType: 'percentage',
    defaultRate: 1025,
  },
  {
    id: 'uvg-nbu',
    label: 'UVG NBU',
    description: 'Nichtberufsunfall: Arbeitnehmer, Satz der Versicherung',
    distributionType: 'employee',
    amountType: 'percentage',
    defaultRate: 1200,
  },
  {
    id: 'uvg-bu',
    label: 'UVG BU',
    description: 'Berufsunfall: Arbeitgeber, Satz der Versicherung',
    distributionType: 'employer',
    amountType: 'percentage',
    defaultRate: 600,
  },
  {
    id: 'ktg',
    label: 'KTG',
    description: 'Krankentaggeld: Arbeitgeber und Arbeitnehmer je zur Hälfte',
    distributionType: 'both',
    amountType: 'percentage',
    defaultRate: 600,
  },
  {
    id: 'bvg',
    label: 'BVG',
    description:
      'Pensionskasse: fester Betrag gemäss Vorsorgeausweis oder gesetzliches Minimum nach Alter, Arbeitgeber und Arbeitnehmer je zur Hälfte',
    distributionType: 'both',
    amountType: 'fixed',
    defaultRate: null,
  },
];

export const swissPresetById: Readonly<Record<SwissPresetId, SwissPreset>> = Object.fromEntries(
  swissPresets.map((preset) => [preset.id, preset]),
) as Record<SwissPresetId, SwissPreset>;

/** The note the answer carries when the ALV row became the fixed amount on the ceiling. */
export const ALV_CEILING_NOTE =
  "Der Lohn liegt über der ALV-Höchstgrenze von CHF 148'200 pro Jahr: ALV wird als fester Betrag auf der Höchstgrenze berechnet.";

/** The ALV ceiling for one step of the salary cycle (12,350.00 a month). */
export function alvCeilingPerCycle(cycle: Cycle): number {
  return Math.floor((ALV_YEARLY_CEILING_CENTS * cycleMonths[cycle]) / 12);
}

/** The cost row a preset becomes on a salary (the fields of a salary-cost create, label by name). */
export interface SwissPresetCost {
  preset: SwissPresetId;
  label: string;
  /** The salary's own cycle: a percentage is taken of the gross per salary cycle. */
  cycle: Cycle;
  amountType: AmountType;
  amount: number;
  distributionType: DistributionType;
  relativeOffset: 1;
  targetDate: null;
  /** Why the row differs from the catalogue (ALV above the ceiling), else null. */
  note: string | null;
}

/**
 * The cost row of `preset` for a salary of `salaryAmount` per `salaryCycle`: the rate given (or
 * the default) as a percentage of the gross, each side for `both`; BVG the fixed `amount` per
 * salary cycle (0 when none is given — the API requires it). ALV above the ceiling is the fixed
 * amount floor(ceiling per cycle × rate), with a note. Example: 15,000.00 monthly → ALV fixed
 * 135.85 on each side.
 */
export function swissPresetCost(
  preset: SwissPresetId,
  salary: { amount: number; cycle: Cycle },
  choice: { rate?: number | undefined; amount?: number | undefined } = {},
): SwissPresetCost {
  const entry = swissPresetById[preset];
  const base = {
    preset,
    label: entry.label,
    cycle: salary.cycle,
    distributionType: entry.distributionType,
    relativeOffset: 1 as const,
    targetDate: null,
  };
  if (preset === 'bvg') {
    // An amount from the pension fund's statement, else the legal minimum by age (docs/salary-rules.md).
    return choice.amount !== undefined
      ? { ...base, amountType: 'fixed', amount: choice.amount, note: null }
      : { ...base, amountType: 'bvgMinimum', amount: choice.rate ?? 0, note: null };
  }
  const rate = choice.rate ?? entry.defaultRate ?? 0;
  const ceiling = alvCeilingPerCycle(salary.cycle);
  if (preset === 'alv' && salary.amount > ceiling) {
    const amount = Number((BigInt(ceiling) * BigInt(rate)) / 100_000n);
    return { ...base, amountType: 'fixed', amount, note: ALV_CEILING_NOTE };
  }
  return { ...base, amountType: 'percentage', amount: rate, note: null };
}
