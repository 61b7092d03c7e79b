import { describe, expect, it } from 'vitest';
import { bvgCoordinatedSalary, bvgSavingsCredit, bvgStepAmount } from './bvg.js';

// The BVG minimum by age with the 2026 figures (swiss-figures.ts), each worked out by hand.
describe('bvgCoordinatedSalary', () => {
  it('is 0 below the entry threshold and clamps between the smallest and largest coordinated salary', () => {
    expect(bvgCoordinatedSalary(2_267_999)).toBe(0); // below 22'680.00
    expect(bvgCoordinatedSalary(2_268_000)).toBe(378_000); // 22'680 − 26'460 < 3'780 → 3'780
    expect(bvgCoordinatedSalary(7_200_000)).toBe(4_554_000); // 72'000 − 26'460
    expect(bvgCoordinatedSalary(9_072_000)).toBe(6_426_000); // the upper limit 90'720 − 26'460
    expect(bvgCoordinatedSalary(20_000_000)).toBe(6_426_000); // capped
  });
});

describe('bvgSavingsCredit', () => {
  it('follows the age bands of Art. 16 BVG', () => {
    expect([24, 25, 34, 35, 44, 45, 54, 55, 65, 66].map(bvgSavingsCredit)).toEqual([
      0, 7000, 7000, 10_000, 10_000, 15_000, 15_000, 18_000, 18_000, 0,
    ]);
  });
});

describe('bvgStepAmount', () => {
  const base = { yearlyCents: 7_200_000, riskRate: 0, stepMonths: 1 };

  it('is one side of the monthly credit, floored once', () => {
    // 45'540.00 × 7 % = 3'187.80 a year; / 12 / 2 = 132.825 → 132.82.
    expect(bvgStepAmount({ ...base, birthDate: '1996-07-01', year: 2026 })).toBe(13_282);
    // The year decides the band: born 1991 is 35 in 2026 (10 %: 189.75) whatever the birthday.
    expect(bvgStepAmount({ ...base, birthDate: '1991-12-31', year: 2026 })).toBe(18_975);
  });

  it('charges only the risk rate from 18 to 24 and nothing under 18 or after 65', () => {
    // 45'540.00 × 1.5 % = 683.10 a year; / 24 = 28.4625 → 28.46.
    expect(bvgStepAmount({ ...base, riskRate: 1500, birthDate: '2004-01-01', year: 2026 })).toBe(2846);
    expect(bvgStepAmount({ ...base, riskRate: 1500, birthDate: '2009-01-01', year: 2026 })).toBe(0);
    expect(bvgStepAmount({ ...base, riskRate: 1500, birthDate: '1960-01-01', year: 2026 })).toBe(0);
  });

  it('covers the months of the step: a quarterly step is three months', () => {
    // 3'187.80 / 4 / 2 = 398.475 → 398.47.
    expect(bvgStepAmount({ ...base, stepMonths: 3, birthDate: '1996-07-01', year: 2026 })).toBe(39_847);
  });
});
