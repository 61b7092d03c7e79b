import {
  formatAmount,
  swissPresetCost,
  swissPresets,
  type Cycle,
  type SalaryCostPresets,
  type SwissPreset,
  type SwissPresetId,
} from '@saldopilot/shared';
import { percentText } from './employee-display';

/** What the person chose for one preset row of the dialog. */
export interface Choice {
  chosen: boolean;
  /** Thousandths of a percent (percentage presets); null while emptied. */
  rate: number | null;
  /** Minor units per salary cycle (BVG); null while empty. */
  amount: number | null;
  /** The policy's yearly ceiling in minor units (KTG); null = none (the default). */
  ceiling: number | null;
  /** BVG only: the legal minimum by age (with `rate` for risk and administration) instead of `amount`. */
  bvgByAge: boolean;
}

/** Every percentage preset is chosen with its default rate; BVG needs the person's amount, so it starts unchosen. */
export function initialChoices(): Record<SwissPresetId, Choice> {
  return Object.fromEntries(
    swissPresets.map((preset) => [
      preset.id,
      {
        chosen: preset.amountType === 'percentage',
        rate: preset.defaultRate ?? (preset.id === 'bvg' ? 0 : null),
        amount: null,
        ceiling: null,
        bvgByAge: false,
      },
    ]),
  ) as Record<SwissPresetId, Choice>;
}

const isBlank = (value: number | null): value is null => value === null || Number.isNaN(value);

/** The request of the chosen rows, or the message why it cannot be sent yet. */
export function presetRequest(choices: Record<SwissPresetId, Choice>): SalaryCostPresets | string {
  const items: SalaryCostPresets['items'] = [];
  for (const preset of swissPresets) {
    const choice = choices[preset.id];
    if (!choice.chosen) continue;
    if (preset.id === 'bvg' && !choice.bvgByAge) {
      if (isBlank(choice.amount)) return 'Bitte geben Sie den monatlichen BVG-Betrag ein';
      items.push({ preset: preset.id, amount: choice.amount });
    } else {
      if (isBlank(choice.rate) || choice.rate < 0 || choice.rate > 100_000) {
        return `Ungültiger Prozentsatz: ${preset.label}`;
      }
      if (preset.ceiling !== 'entered' || choice.ceiling === null) {
        items.push({ preset: preset.id, rate: choice.rate });
        continue;
      }
      if (Number.isNaN(choice.ceiling) || choice.ceiling <= 0) return `Ungültige Höchstgrenze: ${preset.label}`;
      items.push({ preset: preset.id, rate: choice.rate, ceiling: choice.ceiling });
    }
  }
  return items.length ? { items } : 'Bitte wählen Sie mindestens einen Beitrag';
}

/**
 * What the row becomes on this salary, as the dialog shows it: the per-payment amount is the shared
 * `swissPresetCost` — the very function the API stores with — so the preview is what is stored
 * (docs/salary-costs.md). Null while the row cannot be computed (an emptied rate or amount). BVG
 * by age is not previewed here: its amount depends on the birth date (the dialog's BvgByAgePreview).
 */
export function presetPreview(
  preset: SwissPreset,
  choice: Choice,
  salary: { amount: number; cycle: Cycle },
  currency: string,
): { text: string; note: string | null } | null {
  const value = (number: number | null) => (isBlank(number) ? undefined : number);
  if (preset.amountType === 'percentage' ? isBlank(choice.rate) : isBlank(choice.amount)) return null;
  const ceiling = value(choice.ceiling);
  const cost = swissPresetCost(preset.id, salary, {
    rate: value(choice.rate),
    amount: value(choice.amount),
    ceiling: ceiling !== undefined && ceiling > 0 ? ceiling : undefined,
  });
  const perSide = `${formatAmount(cost.stepAmount, currency)}${preset.distributionType === 'both' ? ' × 2' : ''}`;
  if (preset.amountType !== 'percentage') return { text: perSide, note: null };
  const rate = percentText(choice.rate as number);
  return { text: cost.capped ? `${rate} der Höchstgrenze = ${perSide}` : `${rate} = ${perSide}`, note: cost.note };
}
