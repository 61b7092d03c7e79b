/**
 * The Swiss social-insurance presets of a salary (docs/salary-costs.md "The Swiss presets", status
 * 2026): which contributions exist, their labels, default rates, who bears them and their insured
 * earnings ceiling, and the cost row each becomes on a salary. The API stores these rows and the web
 * dialog previews them with the same function (`swissPresetCost`), so the preview is what is stored.
 * Rates are thousandths of a percent (5.3 % = 5300), amounts minor units (Rappen). Pure.
 */

import { formatAmount } from './money.js';
import { costStepAmount } from './salaries.js';
import { cycleMonths, type Cycle } from './schemas/fields.js';
import type { AmountType, DistributionType, SalaryCostFund, SwissPresetId } from './schemas/employees.js';
import { INSURED_EARNINGS_CEILING_CENTS } from './swiss-figures.js';

/** One contribution of the catalogue. */
export interface SwissPreset {
  id: SwissPresetId;
  /** The cost label (created when missing). */
  label: string;
  /** What the dialog explains. */
  description: string;
  distributionType: DistributionType;
  /** Who the contribution is paid to (docs/payment-calendar.md "Funds"). */
  fund: SalaryCostFund;
  /** Percentage of the gross (rate) or a fixed amount the person enters (BVG). */
  amountType: AmountType;
  /** Default rate per side in thousandths of a percent; null for a fixed amount. */
  defaultRate: number | null;
  /**
   * The yearly insured-earnings ceiling in Rappen (ALV, UVG: the law's figure), `'entered'` when the
   * person may enter the policy's own ceiling (KTG), null when the contribution has none.
   */
  ceiling: number | 'entered' | null;
}

/** The catalogue, in the order the dialog lists it. */
export const swissPresets: readonly SwissPreset[] = [
  {
    id: 'ahv',
    label: 'AHV/IV/EO',
    description: 'AHV/IV/EO: 5.3 % Arbeitnehmer + 5.3 % Arbeitgeber (2026)',
    distributionType: 'both',
    fund: 'ahv',
    amountType: 'percentage',
    defaultRate: 5300,
    ceiling: null,
  },
  {
    id: 'alv',
    label: 'ALV',
    description: "ALV: 1.1 % Arbeitnehmer + 1.1 % Arbeitgeber bis CHF 148'200 pro Jahr",
    distributionType: 'both',
    fund: 'ahv',
    amountType: 'percentage',
    defaultRate: 1100,
    ceiling: INSURED_EARNINGS_CEILING_CENTS,
  },
  {
    id: 'fak',
    label: 'FAK',
    description: 'Familienausgleichskasse: Arbeitgeber, Satz je Kanton (z. B. Zürich 1.025 %)',
    distributionType: 'employer',
    fund: 'ahv',
    amountType: 'percentage',
    defaultRate: 1025,
    ceiling: null,
  },
  {
    id: 'uvg-nbu',
    label: 'UVG NBU',
    description: "Nichtberufsunfall: Arbeitnehmer, Satz der Versicherung, bis CHF 148'200 pro Jahr",
    distributionType: 'employee',
    fund: 'uvg',
    amountType: 'percentage',
    defaultRate: 1200,
    ceiling: INSURED_EARNINGS_CEILING_CENTS,
  },
  {
    id: 'uvg-bu',
    label: 'UVG BU',
    description: "Berufsunfall: Arbeitgeber, Satz der Versicherung, bis CHF 148'200 pro Jahr",
    distributionType: 'employer',
    fund: 'uvg',
    amountType: 'percentage',
    defaultRate: 600,
    ceiling: INSURED_EARNINGS_CEILING_CENTS,
  },
  {
    id: 'ktg',
    label: 'KTG',
    description: 'Krankentaggeld: Arbeitgeber und Arbeitnehmer je zur Hälfte, Höchstgrenze gemäss Police',
    distributionType: 'both',
    fund: 'ktg',
    amountType: 'percentage',
    defaultRate: 600,
    ceiling: 'entered',
  },
  {
    id: 'bvg',
    label: 'BVG',
    description:
      'Pensionskasse: fester Betrag gemäss Vorsorgeausweis oder gesetzliches Minimum nach Alter, Arbeitgeber und Arbeitnehmer je zur Hälfte',
    distributionType: 'both',
    fund: 'bvg',
    amountType: 'fixed',
    defaultRate: null,
    ceiling: null,
  },
];

export const swissPresetById: Readonly<Record<SwissPresetId, SwissPreset>> = Object.fromEntries(
  swissPresets.map((preset) => [preset.id, preset]),
) as Record<SwissPresetId, SwissPreset>;

/** "CHF 148'200" (whole francs without decimals), for the notes. */
function francs(cents: number): string {
  const text = formatAmount(cents);
  return `CHF ${text.endsWith('.00') ? text.slice(0, -3) : text}`;
}

/**
 * The note the answer (and the dialog's preview) carries for a row that became the fixed amount on
 * its ceiling, naming the insurance.
 */
export function ceilingNote(label: string, yearlyCeiling: number): string {
  return `Der Lohn liegt über der Höchstgrenze von ${francs(yearlyCeiling)} pro Jahr für ${label}: ${label} wird als fester Betrag auf der Höchstgrenze berechnet.`;
}

/**
 * True when the salary's yearly insured earnings exceed the yearly ceiling: yearly salary =
 * salary per cycle × `yearFactor` ÷ months per cycle (`yearFactor` 12 salaries a year; a salary with
 * a 13th salary passes 13). Compared in whole numbers, so no rounding decides it.
 */
export function insuredCeilingApplies(salaryPerCycle: number, cycle: Cycle, ceiling: number, yearFactor = 12): boolean {
  return BigInt(salaryPerCycle) * BigInt(yearFactor) > BigInt(ceiling) * BigInt(cycleMonths[cycle]);
}

/**
 * The ceiling's share of one salary payment: floor(yearly ceiling × months per cycle ÷ `yearFactor`)
 * (12,350.00 a month for CHF 148'200 and 12 salaries a year).
 */
export function insuredCeilingPerCycle(ceiling: number, cycle: Cycle, yearFactor = 12): number {
  return Number((BigInt(ceiling) * BigInt(cycleMonths[cycle])) / BigInt(yearFactor));
}

/**
 * What a preset row costs per salary payment and side, computed by the storage rule itself
 * (`costStepAmount`: a percentage is floor(gross × rate ÷ 100'000), a fixed amount is itself). The
 * dialog's preview and the stored schedules therefore round in one place.
 */
export function presetStepAmount(
  row: { amountType: AmountType; amount: number; distributionType: DistributionType },
  salaryAmount: number,
): number {
  return costStepAmount(
    {
      id: 0,
      amountType: row.amountType,
      amount: row.amount,
      distributionType: row.distributionType,
      baseSalaryCostIDs: [],
    },
    salaryAmount,
    new Map(),
  );
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
  fund: SalaryCostFund;
  relativeOffset: 1;
  targetDate: null;
  /** What the row costs per salary payment and side (`presetStepAmount`): the dialog shows it. */
  stepAmount: number;
  /** True when the row is the fixed amount on the ceiling. */
  capped: boolean;
  /** Why the row differs from the catalogue (above the ceiling), else null. */
  note: string | null;
}

/** The yearly ceiling that holds for the preset: the law's, the one entered (KTG), or none. */
export function presetCeiling(preset: SwissPresetId, entered?: number): number | null {
  const { ceiling } = swissPresetById[preset];
  if (ceiling === 'entered') return entered ?? null;
  return ceiling;
}

/**
 * The cost row of `preset` for a salary of `salaryAmount` per `salaryCycle`: the rate given (or
 * the default) as a percentage of the gross, each side for `both`; BVG the fixed `amount` per
 * salary cycle (0 when none is given — the API requires it). Above the preset's yearly ceiling
 * (ALV, UVG NBU, UVG BU: CHF 148'200; KTG: the one entered, if any) the row is the fixed amount
 * the rate gives on the ceiling's share of the payment, with a note naming the insurance.
 * Example: 15,000.00 monthly → ALV fixed 135.85 on each side, UVG NBU 148.20, UVG BU 74.10.
 */
export function swissPresetCost(
  preset: SwissPresetId,
  salary: { amount: number; cycle: Cycle; hasThirteenthSalary?: boolean | undefined },
  choice: { rate?: number | undefined; amount?: number | undefined; ceiling?: number | undefined } = {},
): SwissPresetCost {
  const entry = swissPresetById[preset];
  const base = {
    preset,
    label: entry.label,
    cycle: salary.cycle,
    distributionType: entry.distributionType,
    fund: entry.fund,
    relativeOffset: 1 as const,
    targetDate: null,
  };
  if (preset === 'bvg') {
    // An amount from the pension fund's statement, else the legal minimum by age (docs/salary-rules.md):
    // its amount depends on the age in each year, so `stepAmount` is 0 here and the dialog previews
    // it with `bvgStepAmount`.
    return choice.amount !== undefined
      ? { ...base, amountType: 'fixed', amount: choice.amount, stepAmount: choice.amount, capped: false, note: null }
      : { ...base, amountType: 'bvgMinimum', amount: choice.rate ?? 0, stepAmount: 0, capped: false, note: null };
  }
  const rate = choice.rate ?? entry.defaultRate ?? 0;
  const ceiling = presetCeiling(preset, choice.ceiling);
  // A 13th salary counts towards the yearly insured salary. Capped, the row is a fixed amount on
  // a twelfth of the ceiling: fixed costs add nothing on the 13th salary, so the year pays exactly
  // the ceiling's contribution (docs/salary-rules.md).
  const salariesPerYear = salary.hasThirteenthSalary && salary.cycle === 'monthly' ? 13 : 12;
  if (ceiling !== null && insuredCeilingApplies(salary.amount, salary.cycle, ceiling, salariesPerYear)) {
    const percentage = { amountType: 'percentage' as const, amount: rate, distributionType: entry.distributionType };
    const amount = presetStepAmount(percentage, insuredCeilingPerCycle(ceiling, salary.cycle));
    return {
      ...base,
      amountType: 'fixed',
      amount,
      stepAmount: amount,
      capped: true,
      note: ceilingNote(entry.label, ceiling),
    };
  }
  const row = { ...base, amountType: 'percentage' as const, amount: rate };
  return { ...row, stepAmount: presetStepAmount(row, salary.amount), capped: false, note: null };
}
