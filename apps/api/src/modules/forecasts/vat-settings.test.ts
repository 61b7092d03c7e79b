import { describe, expect, it } from 'vitest';
import type { Forecast, ForecastDetails, ForecastDetailsMonth, Vat, VatSetting } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { expectFieldError } from '../../test/expectations.js';
import { aCategory, aTransaction } from '../../test/factories.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

// The VAT settlement of docs/vat.md through HTTP: the method, the net tax rates and the payment term
// of `PUT /api/vat-settings`, and what the forecast makes of them. The test clock's today is
// 2026-11-21: the forecast starts in November 2026.
const app = useTestApp();

function put(user: SignedInUser, payload: object) {
  return user.send({ method: 'PUT', url: '/api/vat-settings', payload });
}

async function saved(user: SignedInUser, payload: object): Promise<VatSetting> {
  const response = await put(user, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VatSetting>();
}

async function vatRateId(user: SignedInUser, value: number): Promise<number> {
  const rate = (await user.get('/api/vats')).json<Vat[]>().find((candidate) => candidate.value === value);
  if (!rate) throw new Error(`no VAT rate ${value}`);
  return rate.id;
}

async function detailsOf(user: SignedInUser): Promise<ForecastDetails> {
  const response = await user.get('/api/forecasts/details');
  expect(response.statusCode, response.body).toBe(200);
  return detailsOfColumns(response.json<ForecastDetailColumns>());
}

async function forecastOf(user: SignedInUser): Promise<Forecast> {
  const response = await user.get('/api/forecasts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Forecast>();
}

function monthOf(details: ForecastDetails, month: string): ForecastDetailsMonth {
  const found = details.find((entry) => entry.month === month);
  if (!found) throw new Error(`no details for ${month}`);
  return found;
}

/** The VAT settlement's leaves of the forecast by month, with the side they are on. */
function vatLeaves(details: ForecastDetails) {
  const found: Record<string, object> = {};
  for (const month of details) {
    for (const side of ['revenue', 'expense'] as const) {
      for (const category of month[side]) {
        for (const { name: _name, relatedId: _id, relatedTable, isExcluded: _excluded, ...rest } of category.children) {
          if (relatedTable === 'vat_settlement') found[month.month] = { side, category: category.name, ...rest };
        }
      }
    }
  }
  return found;
}

/** A transaction at 8.1 % VAT on top, monthly unless said otherwise. */
async function withVat(user: SignedInUser, name: string, amount: number, startDate: string, overrides = {}) {
  return aTransaction(user, {
    name,
    amount,
    startDate,
    categoryId: (await aCategory(user, { name: `Kategorie ${name}` })).id,
    vatId: await vatRateId(user, 810),
    vatIncluded: false,
    ...overrides,
  });
}

const effectiveDefaults = {
  paymentTerm: 'offset',
  method: 'effective',
  netTaxRate: null,
  netTaxRate2: null,
  netTaxRate2Share: null,
};

describe('PUT/GET /api/vat-settings: method, net tax rates and payment term', () => {
  it('leaves an older client\'s setting as it was: payment term "offset", effective method', async () => {
    const owner = await signUp(app);
    const old = { enabled: true, billingDate: '2026-03-31', transactionMonthOffset: 2, interval: 'quarterly' };
    expect(await saved(owner, old)).toEqual({ ...old, ...effectiveDefaults });
    expect((await owner.get('/api/vat-settings')).json()).toEqual({ ...old, ...effectiveDefaults });
  });

  it('stores the net tax rate method with one and with two rates, and the ESTV term', async () => {
    const owner = await signUp(app);
    const oneRate = {
      enabled: true,
      billingDate: '2027-01-01',
      transactionMonthOffset: 0,
      interval: 'biannually',
      paymentTerm: 'estv',
      method: 'netTaxRate',
      netTaxRate: 6_200,
    };
    expect(await saved(owner, oneRate)).toEqual({ ...oneRate, netTaxRate2: null, netTaxRate2Share: null });
    const twoRates = { ...oneRate, netTaxRate: 10_000, netTaxRate2: 1, netTaxRate2Share: 99 };
    expect(await saved(owner, twoRates)).toEqual(twoRates);
    expect((await owner.get('/api/vat-settings')).json()).toEqual(twoRates);
    // Back to the effective method: the rates go (null is the same as left out).
    const effective = { ...oneRate, interval: 'quarterly', method: 'effective', netTaxRate: null };
    expect(await saved(owner, effective)).toEqual({ ...effective, netTaxRate2: null, netTaxRate2Share: null });
  });

  const netTaxRate = {
    enabled: true,
    billingDate: '2027-01-01',
    transactionMonthOffset: 0,
    interval: 'biannually',
    paymentTerm: 'estv',
    method: 'netTaxRate',
    netTaxRate: 6_200,
  };
  const rateMessage = 'Der Saldosteuersatz muss zwischen 0.001 % und 10 % liegen (höchstens drei Nachkommastellen)';
  const shareMessage = 'Der Anteil zum zweiten Saldosteuersatz muss eine ganze Zahl von 1 bis 99 % sein';
  const onlyNetTaxRate = 'Saldosteuersätze gelten nur für die Saldosteuersatzmethode';
  it.each([
    [{ netTaxRate: 0 }, 'netTaxRate', rateMessage],
    [{ netTaxRate: 10_001 }, 'netTaxRate', rateMessage],
    [{ netTaxRate: 6_200.5 }, 'netTaxRate', rateMessage],
    [{ netTaxRate: '6.2' }, 'netTaxRate', rateMessage],
    [{ netTaxRate: undefined }, 'netTaxRate', 'Saldosteuersatz wird für die Saldosteuersatzmethode benötigt'],
    [{ netTaxRate: null }, 'netTaxRate', 'Saldosteuersatz wird für die Saldosteuersatzmethode benötigt'],
    [{ netTaxRate2: 0 }, 'netTaxRate2', rateMessage],
    [{ netTaxRate2: 2_100 }, 'netTaxRate2Share', 'Anteil zum zweiten Saldosteuersatz wird benötigt'],
    [{ netTaxRate2Share: 20 }, 'netTaxRate2', 'Zweiter Saldosteuersatz wird benötigt, wenn ein Anteil angegeben ist'],
    [{ netTaxRate2: 2_100, netTaxRate2Share: 0 }, 'netTaxRate2Share', shareMessage],
    [{ netTaxRate2: 2_100, netTaxRate2Share: 100 }, 'netTaxRate2Share', shareMessage],
    [{ netTaxRate2: 2_100, netTaxRate2Share: 12.5 }, 'netTaxRate2Share', shareMessage],
    // Half-yearly or, since the annual settlement of Art. 86a, yearly (docs/vat.md).
    [
      { interval: 'quarterly' },
      'interval',
      'Die Saldosteuersatzmethode wird halbjährlich oder jährlich abgerechnet: bitte «Halbjährlich» oder «Jährlich» wählen',
    ],
    [
      { interval: 'monthly' },
      'interval',
      'Die Saldosteuersatzmethode wird halbjährlich oder jährlich abgerechnet: bitte «Halbjährlich» oder «Jährlich» wählen',
    ],
    [{ method: 'effective' }, 'netTaxRate', onlyNetTaxRate],
    [{ method: undefined }, 'netTaxRate', onlyNetTaxRate],
    [{ method: 'effective', netTaxRate: null, netTaxRate2Share: 20 }, 'netTaxRate2Share', onlyNetTaxRate],
    [{ method: 'flat' }, 'method', 'Ungültige Abrechnungsmethode'],
    [{ paymentTerm: 'soon' }, 'paymentTerm', 'Ungültiger Zahlungszeitpunkt'],
  ])('refuses %j with a German message naming %s and keeps the stored setting', async (change, field, message) => {
    const owner = await signUp(app);
    const before = await saved(owner, { ...netTaxRate, method: 'effective', netTaxRate: undefined });
    const response = await put(owner, { ...netTaxRate, ...change });
    expectFieldError(response, field, message);
    expect((await owner.get('/api/vat-settings')).json()).toEqual(before);
  });

  it('is closed to read-only members, and each organisation sees only its own', async () => {
    const { a, b } = await twoTenants(app);
    const setting = await saved(a, netTaxRate);
    const readOnly = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    const refused = await put(readOnly, { ...netTaxRate, netTaxRate: 100 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await readOnly.get('/api/vat-settings')).json()).toEqual(setting);

    const none = await b.get('/api/vat-settings');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    await saved(b, { ...netTaxRate, netTaxRate: 100 });
    expect((await a.get('/api/vat-settings')).json()).toEqual(setting);
    expect((await b.delete('/api/vat-settings')).statusCode).toBe(204);
    expect((await a.get('/api/vat-settings')).json()).toEqual(setting);
  });
});

describe('the VAT settlement in the forecast (docs/vat.md)', () => {
  it('effective method: output tax − input tax, 3645.00 − 243.00 = 3402.00 a quarter, paid by the ESTV deadline', async () => {
    const user = await signUp(app);
    // 15'000.00 net a month at 8.1 %: 1'215.00 VAT a month, 3'645.00 a quarter (October counts,
    // although it is past). An expense of 1'000.00 net a month: 81.00 input tax, 243.00 a quarter.
    await withVat(user, 'Beratung', 15_000_00, '2026-10-05');
    await withVat(user, 'Material', -1_000_00, '2026-10-20');
    // Quarters end with the month before the billing date's month: Oct–Dec 2026 is due 60 days after
    // December 31 (March 1), so the forecast pays it in February 2027; Jan–Mar 2027 on May 30.
    await saved(user, {
      enabled: true,
      billingDate: '2027-01-01',
      transactionMonthOffset: 0,
      interval: 'quarterly',
      paymentTerm: 'estv',
    });
    const quarter = { side: 'expense', category: 'MWST', amount: -3_402_00, outputTax: 3_645_00, inputTax: 243_00 };
    const leaves = vatLeaves(await detailsOf(user));
    expect(leaves['2027-02']).toEqual(quarter);
    expect(leaves['2027-05']).toEqual(quarter);
    expect(Object.keys(leaves).slice(0, 3)).toEqual(['2027-02', '2027-05', '2027-08']);
    const february = (await forecastOf(user)).months.find((month) => month.month === '2027-02');
    expect(february).toMatchObject({ revenue: 16_215_00, expense: -1_081_00 - 3_402_00 });

    // The same quarters with the older payment term: one month after the billing date (Feb 1).
    await saved(user, {
      enabled: true,
      billingDate: '2027-01-01',
      transactionMonthOffset: 1,
      interval: 'quarterly',
    });
    expect(vatLeaves(await detailsOf(user))['2027-02']).toEqual(quarter);
  });

  it('a period with more input than output tax is a refund: revenue in the month it is paid', async () => {
    const user = await signUp(app);
    // November: 1'000.00 net sold (81.00 VAT), 10'000.00 net bought (810.00 input tax): 729.00 back,
    // monthly, due 60 days after November 30: January 29, 2027.
    await withVat(user, 'Beratung', 1_000_00, '2026-11-25', { type: 'single', cycle: undefined });
    await withVat(user, 'Server', -10_000_00, '2026-11-26', { type: 'single', cycle: undefined });
    await saved(user, {
      enabled: true,
      billingDate: '2026-12-01',
      transactionMonthOffset: 0,
      interval: 'monthly',
      paymentTerm: 'estv',
    });
    const details = await detailsOf(user);
    expect(vatLeaves(details)).toEqual({
      '2027-01': { side: 'revenue', category: 'MWST', amount: 729_00, outputTax: 81_00, inputTax: 810_00 },
    });
    expect(monthOf(details, '2027-01').expense).toEqual([]);
    expect((await forecastOf(user)).months[2]).toMatchObject({ month: '2027-01', revenue: 729_00, expense: 0 });
  });

  it('net tax rate method: gross revenue × rate half-yearly, no input tax; a second rate on its share', async () => {
    const user = await signUp(app);
    // 10'000.00 net a month at 8.1 %: 10'810.00 gross, 64'860.00 for July–December 2026, due 60 days
    // after December 31 and paid in February 2027. The expense's VAT is not deducted.
    await withVat(user, 'Beratung', 10_000_00, '2026-07-05');
    await withVat(user, 'Material', -5_000_00, '2026-07-20');
    const setting = {
      enabled: true,
      billingDate: '2027-01-01',
      transactionMonthOffset: 0,
      interval: 'biannually',
      paymentTerm: 'estv',
      method: 'netTaxRate',
      netTaxRate: 6_200,
    };
    await saved(user, setting);
    // 64'860.00 × 6.2 % = 4'021.32.
    expect(vatLeaves(await detailsOf(user))['2027-02']).toEqual({
      side: 'expense',
      category: 'MWST',
      amount: -4_021_32,
      grossRevenue: 64_860_00,
      netTaxRate: 6_200,
    });
    // 20 % at 2.1 %, 80 % at 6.2 %: 64'860.00 × 5.38 % = 3'489.468 → 3'489.47.
    await saved(user, { ...setting, netTaxRate2: 2_100, netTaxRate2Share: 20 });
    const leaves = vatLeaves(await detailsOf(user));
    expect(leaves['2027-02']).toEqual({
      side: 'expense',
      category: 'MWST',
      amount: -3_489_47,
      grossRevenue: 64_860_00,
      netTaxRate: 6_200,
      netTaxRate2: 2_100,
      netTaxRate2Share: 20,
    });
    // January–June 2027 is paid on August 29.
    expect(Object.keys(leaves).slice(0, 2)).toEqual(['2027-02', '2027-08']);
  });
});

describe('annual VAT (docs/vat.md "Annual settlement (Art. 86a)")', () => {
  it("takes the previous year's tax for yearly settings of both methods, and refuses it for others", async () => {
    const owner = await signUp(app);
    const yearly = { enabled: true, billingDate: '2027-01-01', transactionMonthOffset: 0, interval: 'yearly' };
    expect(await saved(owner, { ...yearly, paymentTerm: 'estv', previousYearTax: 8_000_000 })).toEqual({
      ...yearly,
      ...effectiveDefaults,
      paymentTerm: 'estv',
      previousYearTax: 8_000_000,
    });
    const net = { ...yearly, paymentTerm: 'estv', method: 'netTaxRate', netTaxRate: 6_200 };
    expect(await saved(owner, net)).toEqual({ ...net, netTaxRate2: null, netTaxRate2Share: null });
    expectFieldError(
      await put(owner, { ...yearly, interval: 'quarterly', previousYearTax: 100 }),
      'previousYearTax',
      'Die Steuer des Vorjahres gilt nur für die jährliche Abrechnung',
    );
    expectFieldError(
      await put(owner, { ...yearly, previousYearTax: -1 }),
      'previousYearTax',
      'Die Steuer des Vorjahres muss ein Betrag von 0 oder mehr sein',
    );
    expect((await owner.get('/api/vat-settings')).json()).toEqual({
      ...net,
      netTaxRate2: null,
      netTaxRate2Share: null,
    });
  });

  it('explains the instalments in the details and warns on the MWST leaves of a year above the limit (docs/payment-calendar.md "Explanations")', async () => {
    const owner = await signUp(app);
    // 500'000.00 net a month from December 2026: 2027's revenue exceeds CHF 5'005'000.
    await withVat(owner, 'Grosskunde', 500_000_00, '2026-12-05');
    await saved(owner, { enabled: true, billingDate: '2027-01-01', transactionMonthOffset: 0, interval: 'yearly' });
    const may = monthOf(await detailsOf(owner), '2027-05')
      .expense.flatMap((category) => category.children)
      .find((leaf) => leaf.relatedTable === 'vat_settlement');
    // ¼ of 2026's planned tax: 500'000.00 × 8.1 % = 40'500.00 → 10'125.00.
    expect(may).toMatchObject({
      name: 'MWST-Rate 1/3 (geschätzt)',
      amount: -10_125_00,
      explanation: "1/4 der geplanten MWST 2026 40'500.00 CHF = 10'125.00 CHF, fällig am 2027-05-30",
      warnings: [
        "Der geplante Umsatz 2027 übersteigt CHF 5'005'000: die jährliche MWST-Abrechnung ist dann nicht mehr möglich.",
      ],
    });
  });
});
