import { describe, expect, it } from 'vitest';
import { leafNoteText, netTaxRateText, vatDetailText } from './vat-detail';

describe('the tooltip of the "MWST" row (docs/vat.md)', () => {
  it('names output and input tax of the effective method', () => {
    expect(vatDetailText({ outputTax: 3_645_00, inputTax: 243_00 }, 'CHF')).toBe(
      "Umsatzsteuer 3'645.00 CHF / Vorsteuer 243.00 CHF",
    );
  });

  it('names the gross revenue and the net tax rate(s)', () => {
    expect(vatDetailText({ grossRevenue: 64_860_00, netTaxRate: 6_200 }, 'CHF')).toBe(
      "Umsatz inkl. MWST 64'860.00 CHF × Saldosteuersatz 6.2 %",
    );
    expect(
      vatDetailText({ grossRevenue: 64_860_00, netTaxRate: 6_200, netTaxRate2: 2_100, netTaxRate2Share: 20 }, 'CHF'),
    ).toBe("Umsatz inkl. MWST 64'860.00 CHF: 80 % × 6.2 % + 20 % × 2.1 % (Saldosteuersätze)");
  });

  it('says nothing without a settlement or its parts', () => {
    expect(vatDetailText(undefined, 'CHF')).toBeUndefined();
    expect(vatDetailText({}, 'CHF')).toBeUndefined();
  });

  it.each([
    [6_200, '6.2 %'],
    [1, '0.001 %'],
    [10_000, '10 %'],
    [2_345, '2.345 %'],
  ])('writes %s thousandths of a percent as "%s"', (thousandths, text) => {
    expect(netTaxRateText(thousandths)).toBe(text);
  });

  it("joins a calendar leaf's explanation and warnings for its title, none without", () => {
    expect(leafNoteText({})).toBeUndefined();
    expect(leafNoteText({ explanation: 'Beiträge ÷ 4 Quartale', warnings: ['Akonto anpassen lassen'] })).toBe(
      'Beiträge ÷ 4 Quartale. Akonto anpassen lassen',
    );
  });
});
