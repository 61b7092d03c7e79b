import { describe, expect, it } from 'vitest';
import { costStepAmount, swissPresetById } from '@saldopilot/shared';
import { initialChoices, presetPreview, presetRequest } from './preset-choices';

const monthly = (amount: number) => ({ amount, cycle: 'monthly' as const });

describe('the presets dialog', () => {
  it('previews the amount that is stored: FAK 1.025 % of 7,500.00 = 76.87 (not 76.88)', () => {
    const choices = initialChoices();
    // 750,000 × 1,025 ÷ 100,000 = 7,687.5 Rappen; storage floors to 7,687.
    expect(presetPreview(swissPresetById.fak, choices.fak, monthly(750_000), 'CHF')).toEqual({
      text: '1.025 % = 76.87 CHF',
      note: null,
    });
    const stored = { id: 1, amountType: 'percentage' as const, amount: 1025, distributionType: 'employer' as const };
    expect(costStepAmount({ ...stored, baseSalaryCostIDs: [] }, 750_000, new Map())).toBe(7_687);
  });

  it('says so when a row is capped: 15,000.00 a month, ceiling month 12,350.00', () => {
    const choices = initialChoices();
    const salary = monthly(1_500_000);
    // 1.2 % of 12,350.00 = 148.20; 1.1 % = 135.85 on each side.
    expect(presetPreview(swissPresetById['uvg-nbu'], choices['uvg-nbu'], salary, 'CHF')).toEqual({
      text: '1.200 % der Höchstgrenze = 148.20 CHF',
      note: "Der Lohn liegt über der Höchstgrenze von CHF 148'200 pro Jahr für UVG NBU: UVG NBU wird als fester Betrag auf der Höchstgrenze berechnet.",
    });
    expect(presetPreview(swissPresetById.alv, choices.alv, salary, 'CHF')?.text).toBe(
      '1.100 % der Höchstgrenze = 135.85 CHF × 2',
    );
    // KTG: 0.6 % of 15,000.00 = 90.00 without a ceiling; CHF 120,000 a year → 10,000.00 a month → 60.00.
    expect(presetPreview(swissPresetById.ktg, choices.ktg, salary, 'CHF')?.text).toBe('0.600 % = 90.00 CHF × 2');
    expect(presetPreview(swissPresetById.ktg, { ...choices.ktg, ceiling: 12_000_000 }, salary, 'CHF')?.text).toBe(
      '0.600 % der Höchstgrenze = 60.00 CHF × 2',
    );
  });

  it('sends the KTG ceiling only when entered, and refuses one not above 0', () => {
    const choices = initialChoices();
    const items = (request: ReturnType<typeof presetRequest>) =>
      typeof request === 'string' ? request : request.items;
    expect(items(presetRequest(choices))).toContainEqual({ preset: 'ktg', rate: 600 });
    expect(items(presetRequest({ ...choices, ktg: { ...choices.ktg, ceiling: 12_000_000 } }))).toContainEqual({
      preset: 'ktg',
      rate: 600,
      ceiling: 12_000_000,
    });
    expect(presetRequest({ ...choices, ktg: { ...choices.ktg, ceiling: 0 } })).toBe('Ungültige Höchstgrenze: KTG');
    expect(presetRequest({ ...choices, ktg: { ...choices.ktg, ceiling: Number.NaN } })).toBe(
      'Ungültige Höchstgrenze: KTG',
    );
  });
});
