import { describe, expect, it } from 'vitest';
import { leverInputSchema, type LeverView } from '@saldopilot/shared';
import { leverSummary, shortAmount, type LeverNames } from './lever-summary';
import { leverFormValues, newLeverValues, toLeverInput } from './lever-form-values';

const names: LeverNames = {
  currency: (id) => ({ 1: 'CHF', 2: 'EUR' })[id],
  category: (id) => ({ 5: 'Beratung', 6: 'Miete' })[id],
  transaction: (id) => ({ 10: 'Kunde Muster AG' })[id],
  employee: (id) => ({ 20: 'Eva Frei' })[id],
};

describe('the lever sentences (docs/scenarios.md "The web")', () => {
  it('says when, what and how much for every lever type', () => {
    const cases: [LeverView, string][] = [
      [
        {
          type: 'hire',
          name: 'Entwicklerin',
          from: '2027-03-01',
          salary: 850_000,
          currencyId: 1,
          birthDate: '1990-05-01',
          payments: 13,
        },
        "Ab 01.03.2027: Neue Stelle «Entwicklerin», CHF 8'500 × 13 inkl. Sozialleistungen",
      ],
      [
        {
          type: 'hire',
          name: 'Aushilfe',
          from: '2027-03-01',
          salary: 4_550,
          currencyId: 1,
          birthDate: '2000-01-01',
          payments: 12,
          basis: 'hourly',
          hoursPerMonth: 60,
        },
        'Ab 01.03.2027: Neue Stelle «Aushilfe», CHF 45.50 pro Stunde × 60 Std. × 12 inkl. Sozialleistungen',
      ],
      [
        {
          type: 'hire',
          name: 'Geheim',
          from: '2027-03-01',
          salary: null,
          currencyId: 1,
          birthDate: '2000-01-01',
          payments: 12,
        },
        'Ab 01.03.2027: Neue Stelle «Geheim», Lohn verborgen × 12 inkl. Sozialleistungen',
      ],
      [
        { type: 'customer', action: 'lose', from: '2027-01-01', transactionId: 10 },
        'Ab 01.01.2027: Kunde verloren, «Kunde Muster AG»',
      ],
      [
        {
          type: 'customer',
          action: 'win',
          from: '2027-02-01',
          name: 'Neu AG',
          amount: 300_000,
          currencyId: 1,
          categoryId: 5,
          cycle: 'monthly',
        },
        "Ab 01.02.2027: Neuer Kunde «Neu AG», CHF 3'000 monatlich",
      ],
      [
        { type: 'delay', days: 60, from: '2026-12-01', side: 'revenue' },
        'Ab 01.12.2026: Zahlungen aller Einnahmen 60 Tage später',
      ],
      [
        { type: 'delay', days: 1, from: '2026-12-01', categoryId: 6 },
        'Ab 01.12.2026: Zahlungen der Kategorie «Miete» 1 Tag später',
      ],
      [
        { type: 'percentage', percent: -12.5, from: '2027-01-01', to: '2027-12-31', side: 'expense' },
        '01.01.2027 – 31.12.2027: Alle Ausgaben −12.5 %',
      ],
      [
        { type: 'percentage', percent: 10, from: '2027-01-01', categoryId: 5 },
        'Ab 01.01.2027: Kategorie «Beratung» +10 %',
      ],
      [{ type: 'leave', employeeId: 20, date: '2027-06-30' }, 'Am 30.06.2027: Austritt «Eva Frei»'],
      [{ type: 'leave', employeeId: 99, date: '2027-06-30' }, 'Am 30.06.2027: Austritt «(unbekannt)»'],
      [{ type: 'raise', from: '2027-01-01', percent: 3 }, 'Ab 01.01.2027: Lohn aller Mitarbeitenden +3 %'],
      [
        { type: 'raise', from: '2027-01-01', employeeId: 20, amount: 50_000 },
        'Ab 01.01.2027: Lohn von «Eva Frei» +500',
      ],
      [
        {
          type: 'loan',
          name: 'Bankkredit',
          date: '2027-01-15',
          amount: 10_000_000,
          currencyId: 1,
          ratePercent: 4.5,
          repayment: 'annuity',
          cycle: 'quarterly',
          payments: 20,
          interestOnlyPayments: 2,
        },
        "Am 15.01.2027: Darlehen «Bankkredit» CHF 100'000 zu 4.5 %, Annuität, 20 Raten vierteljährlich, zuerst 2 nur Zins",
      ],
      [
        {
          type: 'vat',
          from: '2027-01-01',
          setting: {
            enabled: true,
            billingDate: '2027-04-01',
            transactionMonthOffset: 0,
            interval: 'biannually',
            method: 'netTaxRate',
            netTaxRate: 6_200,
          },
        },
        'Ab 01.01.2027: MWST-Abrechnung Saldosteuersatzmethode, halbjährlich',
      ],
      [
        {
          type: 'vat',
          from: '2026-12-01',
          setting: { enabled: false, billingDate: '2026-12-01', transactionMonthOffset: 0, interval: 'quarterly' },
          paymentCalendar: { ahv: { rhythm: 'monthly', akonto: null, dueDays: 10, differenceMonth: 3 } },
        },
        'Ab 01.12.2026: ohne automatische MWST-Abrechnung; Zahlungskalender ab 01.01.2027',
      ],
      [
        { type: 'oneOff', name: 'Kapitalerhöhung', date: '2027-04-01', amount: 5_000_000, currencyId: 1 },
        "Am 01.04.2027: Einmalige Zahlung «Kapitalerhöhung», +CHF 50'000",
      ],
      [
        {
          type: 'transaction',
          action: 'add',
          name: 'Lizenz',
          amount: -12_000,
          currencyId: 2,
          categoryId: 6,
          startDate: '2027-01-01',
          cycle: null,
        },
        'Am 01.01.2027: Neue Transaktion «Lizenz», EUR -120 einmalig',
      ],
      [
        {
          type: 'transaction',
          action: 'change',
          transactionId: 10,
          from: '2027-01-01',
          amount: 200_000,
          endDate: '2027-12-31',
        },
        "Ab 01.01.2027: «Kunde Muster AG» geändert (Betrag +2'000, Ende 31.12.2027)",
      ],
      [
        { type: 'transaction', action: 'stop', transactionId: 10, from: '2027-01-01' },
        'Ab 01.01.2027: «Kunde Muster AG» gestoppt',
      ],
    ];
    for (const [lever, sentence] of cases) expect(leverSummary(lever, names)).toBe(sentence);
  });

  it('writes whole francs without decimals and the rest with them', () => {
    expect(shortAmount(850_000, 'CHF')).toBe("CHF 8'500");
    expect(shortAmount(850_050, 'CHF')).toBe("CHF 8'500.50");
  });
});

describe('the lever forms', () => {
  it('send only the fields of the lever type, which the contract accepts', () => {
    const delay = {
      ...newLeverValues('delay', 1, '2026-12-01'),
      target: 'side' as const,
      side: 'revenue' as const,
      days: 60,
    };
    expect(toLeverInput(delay)).toEqual({ type: 'delay', days: 60, from: '2026-12-01', side: 'revenue' });
    const lose = { ...newLeverValues('customer', 1, '2026-12-01'), transactionId: 10 };
    expect(toLeverInput(lose)).toEqual({ type: 'customer', action: 'lose', from: '2026-12-01', transactionId: 10 });
    const loan = { ...newLeverValues('loan', 1, '2027-01-01'), name: 'Kredit', amount: 10_000_000, ratePercent: '4.5' };
    const request = toLeverInput(loan);
    expect(request).toEqual({
      type: 'loan',
      name: 'Kredit',
      date: '2027-01-01',
      amount: 10_000_000,
      currencyId: 1,
      ratePercent: 4.5,
      repayment: 'annuity',
      cycle: 'quarterly',
      payments: 20,
    });
    expect(leverInputSchema.safeParse(request).success).toBe(true);
    const hire = {
      ...newLeverValues('hire', 1, '2027-03-01'),
      name: 'Entwicklerin',
      salary: 850_000,
      birthDate: '1990-05-01',
    };
    expect(leverInputSchema.safeParse(toLeverInput(hire)).success).toBe(true);
    const vat = newLeverValues('vat', 1, '2027-01-01');
    expect(leverInputSchema.safeParse(toLeverInput(vat)).success).toBe(true);
  });

  it('refuse a lever the contract refuses, with its German message under the field', () => {
    const delay = { ...newLeverValues('delay', 1, '2026-12-01'), days: 400, target: 'side' as const };
    const result = leverInputSchema.safeParse(toLeverInput(delay));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['days'],
      message: 'Die Verschiebung muss eine ganze Zahl von 1 bis 365 Tagen sein',
    });
  });

  it('fill the form from a stored lever and give the same request back', () => {
    const stored: LeverView = { type: 'percentage', percent: -20, from: '2027-01-01', to: '2027-06-30', categoryId: 5 };
    expect(toLeverInput(leverFormValues(stored, 1, '2026-12-01'))).toEqual(stored);
    const lose: LeverView = { type: 'customer', action: 'lose', from: '2027-01-01', categoryId: 5 };
    expect(toLeverInput(leverFormValues(lose, 1, '2026-12-01'))).toEqual(lose);
    const change: LeverView = {
      type: 'transaction',
      action: 'change',
      transactionId: 10,
      from: '2027-01-01',
      amount: 1_000,
    };
    expect(toLeverInput(leverFormValues(change, 1, '2026-12-01'))).toEqual(change);
    // A VAT/settings lever keeps its payment calendar (docs/scenarios.md "Payment calendar").
    const vat: LeverView = {
      type: 'vat',
      from: '2027-01-01',
      setting: {
        enabled: true,
        billingDate: '2027-01-01',
        transactionMonthOffset: 0,
        interval: 'quarterly',
        paymentTerm: 'estv',
        method: 'effective',
      },
      paymentCalendar: { ahv: { rhythm: 'monthly', akonto: null, dueDays: 10, differenceMonth: 3 } },
    };
    expect(toLeverInput(leverFormValues(vat, 1, '2026-12-01'))).toEqual(vat);
  });

  it('keep every field of the VAT settings a VAT lever offers: two net tax rates, the previous year tax of a yearly filer', () => {
    const annual: LeverView = {
      type: 'vat',
      from: '2027-01-01',
      setting: {
        enabled: true,
        billingDate: '2028-01-01',
        transactionMonthOffset: 0,
        interval: 'yearly',
        paymentTerm: 'estv',
        method: 'netTaxRate',
        netTaxRate: 6_200,
        netTaxRate2: 2_100,
        netTaxRate2Share: 30,
        previousYearTax: 8_000_000,
      },
    };
    const values = leverFormValues(annual, 1, '2026-12-01');
    expect(toLeverInput(values)).toEqual(annual);
    expect(leverInputSchema.safeParse(toLeverInput(values)).success).toBe(true);
    // Back to the effective method, quarterly: the fields that belong to the others are not sent.
    const quarterly = {
      ...values,
      setting: { ...values.setting, method: 'effective' as const, interval: 'quarterly' as const },
    };
    expect(toLeverInput(quarterly)).toMatchObject({
      setting: { method: 'effective', interval: 'quarterly' },
    });
    const sent = toLeverInput(quarterly) as { setting: Record<string, unknown> };
    expect(Object.keys(sent.setting)).not.toContain('netTaxRate2');
    expect(Object.keys(sent.setting)).not.toContain('previousYearTax');
  });
});
