import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  AMOUNT_MAX_CENTS,
  convertToBase,
  forecastDetailColumnsSchema,
  forecastSchema,
  type Forecast,
  type ForecastDetails,
  type ForecastDetailsMonth,
  type ForecastExclusionKey,
  type Organisation,
  type Vat,
} from '@saldopilot/shared';
import {
  eurRates,
  salaries,
  salaryCostDetails,
  salaryExclusions,
  transactionExclusions,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/tenant.js';
import { ensureFreshSchedules } from '../employees/salary-schedules.js';
import { createForecastsService } from './forecasts.service.js';
import { useTestApp } from '../../test/build-test-app.js';
import { calendarLeafId } from '@saldopilot/forecast';
import { executeRows } from '../../db/execute-rows.js';
import { forecastTables } from './forecast-inputs.js';
import { dataVersionsOf, pruneRowChanges } from './forecasts.repository.js';
import {
  aBankAccount,
  aCategory,
  aLabel,
  anEmployee,
  aSalary,
  aSalaryCost,
  aTransaction,
  currencyId,
} from '../../test/factories.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { EXACT_LARGEST_BALANCES, fillWithLargestBalances } from '../../test/largest-balances.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

const app = useTestApp();

// The test clock's today is 2026-11-21: the horizon runs from 2026-11 to 2031-10. Monthly items
// paid on the 25th still pay in November (a payment before today counts no more).
const PAID_25TH = '2026-01-25';

async function forecastOf(user: SignedInUser, query = ''): Promise<Forecast> {
  const response = await user.get(`/api/forecasts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Forecast>();
}

async function detailsOf(user: SignedInUser, query = ''): Promise<ForecastDetails> {
  const response = await user.get(`/api/forecasts/details${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return detailsOfColumns(response.json<ForecastDetailColumns>());
}

function put(user: SignedInUser, url: string, payload: object) {
  return user.send({ method: 'PUT', url, payload });
}

function deleteWithBody(user: SignedInUser, url: string, payload: object) {
  return user.send({ method: 'DELETE', url, payload });
}

function monthOf(details: ForecastDetails, month: string): ForecastDetailsMonth {
  const found = details.find((entry) => entry.month === month);
  if (!found) throw new Error(`no details for ${month}`);
  return found;
}

function leaf(month: ForecastDetailsMonth, category: string, name: string) {
  const node = [...month.revenue, ...month.expense].find((candidate) => candidate.name === category);
  return node?.children.find((child) => child.name === name);
}

async function vatRateId(user: SignedInUser, value: number): Promise<number> {
  const rate = (await user.get('/api/vats')).json<Vat[]>().find((candidate) => candidate.value === value);
  if (!rate) throw new Error(`no VAT rate ${value}`);
  return rate.id;
}

/**
 * One employee (through the API) with a monthly salary of 5'000.00 paid on the 25th and three
 * monthly costs: "AHV …" 300.00 employer + 500.00 employee (deducted: net 4'500.00), and 100.00
 * employer without a label.
 */
async function aSalaryWithCosts(user: SignedInUser, name = 'Anna Muster') {
  const employee = await anEmployee(user, { name });
  const salary = await aSalary(user, employee.id, { amount: 5_000_00, fromDate: PAID_25TH });
  const label = await aLabel(user, { name: `AHV ${name}` });
  const fixed = { amountType: 'fixed', cycle: 'monthly', relativeOffset: 1 } as const;
  await aSalaryCost(user, salary.id, { ...fixed, amount: 300_00, distributionType: 'employer', labelId: label.id });
  await aSalaryCost(user, salary.id, { ...fixed, amount: 500_00, distributionType: 'employee', labelId: label.id });
  await aSalaryCost(user, salary.id, { ...fixed, amount: 100_00, distributionType: 'employer' });
  return { employee, salaryId: salary.id, label };
}

/** The tenant of the owner `user`, for calling the service directly. */
async function ownerTenantOf(user: SignedInUser) {
  return {
    userId: user.user.id,
    organisationId: user.user.currentOrganisationId,
    role: 'owner' as const,
    currencyId: await currencyId(user, 'CHF'),
    seesSalaries: true,
  };
}

/** The driver's client under the test app's Drizzle database, whose `query` calls can be counted. */
function driverClient(): { query: (query: unknown, values?: unknown) => unknown } {
  type Client = { query: (query: unknown, values?: unknown) => unknown };
  return (app.deps.database.db as unknown as { session: { client: Client } }).session.client;
}

/**
 * Resolves when the app's change bus has told of a change of the organisation's data versions: a
 * write past the API is seen once its trigger's NOTIFY arrived (docs/realtime.md "Writes past the
 * API"), at once on PGlite, a moment after the commit on PostgreSQL. Call before the write.
 */
function versionsAnnounced(organisationId: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = app.deps.changes.subscribe({
      change(change) {
        if (change.kind !== 'versions' || change.organisationId !== organisationId) return;
        stop();
        resolve();
      },
      reset() {},
    });
  });
}

/** A driver call: the SQL text and the values bound to it. */
type DriverCall = { text: string; values: unknown[] };

/**
 * A check that the app's service, which keeps what it loaded, answers the totals and details of
 * `query` exactly as a service made for the comparison, starting with nothing; it answers the
 * driver calls of the kept read.
 */
function expectingSameAsFresh(tenant: Tenant, query = { months: 13, performance: 100 }) {
  const client = driverClient();
  const kept = app.deps.forecasts;
  return async (what: string): Promise<DriverCall[]> => {
    const spy = vi.spyOn(client, 'query');
    try {
      const [totals, details] = [await kept.forecast(tenant, query), await kept.details(tenant, query)];
      // PGlite is given the text, pg a query config with it; both the values beside it.
      const calls = spy.mock.calls.map(([sent, values]) => ({
        text: typeof sent === 'string' ? sent : (sent as { text: string }).text,
        values: (values ?? (sent as { values?: unknown[] }).values ?? []) as unknown[],
      }));
      const truth = createForecastsService({
        db: app.deps.database.db,
        rates: app.deps.rates,
        reference: app.deps.reference,
        clock: app.deps.clock,
        ensureFreshSchedules,
      });
      expect(details, what).toEqual(await truth.details(tenant, query));
      expect({ ...totals, calculatedAt: '' }, what).toEqual({
        ...(await truth.forecast(tenant, query)),
        calculatedAt: '',
      });
      return calls;
    } finally {
      spy.mockRestore();
    }
  };
}

/** The automatic VAT settlement, quarterly from January, for the months of the transactions. */
async function aQuarterlyVatSettlement(user: SignedInUser) {
  const response = await put(user, '/api/vat-settings', {
    enabled: true,
    billingDate: '2026-01-01',
    transactionMonthOffset: 0,
    interval: 'quarterly',
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('GET /api/forecasts', () => {
  it('computes totals, start balance, VAT settlement, salaries and the runway from the organisation rows', async () => {
    const user = await signUp(app);
    const eur = await currencyId(user, 'EUR');
    await aBankAccount(user, { name: 'Zürich', amount: 10_000_00 });
    await aBankAccount(user, { name: 'Frankfurt', amount: 1_000_00, currencyId: eur });
    const sales = await aCategory(user, { name: 'Verkauf' });
    const revenue = await aTransaction(user, {
      name: 'Beratung',
      amount: 1_000_00,
      startDate: PAID_25TH,
      categoryId: sales.id,
      vatId: await vatRateId(user, 810),
      vatIncluded: false,
    });
    await aTransaction(user, { name: 'Miete', amount: -500_00, startDate: PAID_25TH });
    await aQuarterlyVatSettlement(user);
    await aSalaryWithCosts(user);

    const forecast = await forecastOf(user);
    const startBalance = 10_000_00 + convertToBase(1_000_00, app.deps.rates.rateTable('CHF')?.EUR);
    expect(forecast).toMatchObject({ currency: 'CHF', startBalance, missingRates: [] });
    expect(new Date(forecast.calculatedAt).toString()).not.toBe('Invalid Date');
    expect(forecast.months.map((month) => month.month)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
      '2027-11',
    ]);
    // November: 1'000 + 8.1 % VAT in; rent, net salary 4'500 and costs 800 (AHV) + 100 out.
    expect(forecast.months[0]).toEqual({
      month: '2026-11',
      revenue: 1_081_00,
      expense: -500_00 - 4_500_00 - 900_00,
      cashflow: 1_081_00 - 5_900_00,
      saldo: startBalance + 1_081_00 - 5_900_00,
    });
    // January 2027 pays the VAT of October–December 2026 (3 × 81.00); March pays none.
    const details = await detailsOf(user);
    expect(leaf(monthOf(details, '2027-01'), 'MWST', 'MWST')).toEqual({
      name: 'MWST',
      amount: -243_00,
      relatedId: 0,
      relatedTable: 'vat_settlement',
      isExcluded: false,
      outputTax: 243_00,
      inputTax: 0,
    });
    expect(leaf(monthOf(details, '2027-03'), 'MWST', 'MWST')).toBeUndefined();
    expect(leaf(monthOf(details, '2026-11'), 'Verkauf', 'Beratung')).toEqual({
      name: 'Beratung',
      amount: 1_081_00,
      relatedId: revenue.id,
      relatedTable: 'transactions',
      isExcluded: false,
    });
    expect(leaf(monthOf(details, '2026-11'), 'Löhne', 'Anna Muster')).toMatchObject({ amount: -4_500_00 });
    expect(leaf(monthOf(details, '2026-11'), 'Lohnkosten', 'AHV Anna Muster')).toMatchObject({ amount: -800_00 });
    expect(leaf(monthOf(details, '2026-11'), 'Lohnkosten', '<Kein Label>')).toMatchObject({
      amount: -100_00,
      relatedId: 0,
      relatedTable: 'salary_cost_labels',
    });
    // Each month loses 4'819.00 (and the VAT settlements more): the money lasts until the minimum is hit.
    expect(forecast.runway).toEqual({
      minimumBalance: 0,
      coveredUntil: expect.any(String),
      lowest: { month: '2027-11', saldo: forecast.months[12]!.saldo },
    });

    // Performance scales revenue; months choose the horizon.
    const half = await forecastOf(user, '?months=60&performance=50');
    expect(half.months).toHaveLength(60);
    expect(half.months[0]!.revenue).toBe(540_50);
    expect(half.months[59]!.month).toBe('2031-10');
    expect((await detailsOf(user, '?months=1')).map((month) => month.month)).toEqual(['2026-11']);
  });

  it('names a currency without a rate and counts it 1:1', async () => {
    const user = await signUp(app);
    await aTransaction(user, {
      name: 'Island',
      amount: 200_00,
      startDate: PAID_25TH,
      currencyId: await currencyId(user, 'ISK'),
    });
    await app.deps.database.db.delete(eurRates).where(eq(eurRates.currencyCode, 'ISK'));
    await app.deps.rates.refresh({ force: true });
    try {
      const forecast = await forecastOf(user);
      expect(forecast.missingRates).toEqual(['ISK']);
      expect(forecast.months[0]!.revenue).toBe(200_00);
    } finally {
      await app.deps.rates.ensureRates();
    }
  });

  it('refuses a plan whose end balance is too large to be exact (400 German, not a rounded figure)', async () => {
    const user = await signUp(app);
    await fillWithLargestBalances(app, user);
    expect((await forecastOf(user, '?months=1')).startBalance).toBe(EXACT_LARGEST_BALANCES * AMOUNT_MAX_CENTS);
    await aTransaction(user, { name: 'Grossauftrag', amount: AMOUNT_MAX_CENTS, startDate: PAID_25TH });
    const refused = await user.get('/api/forecasts?months=1');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      error: expect.stringContaining('zu grosse Summe, um sie auf den Rappen genau zu berechnen'),
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers a new organisation with zeros', async () => {
    const user = await signUp(app);
    const forecast = await forecastOf(user, '?months=2');
    expect(forecast).toMatchObject({
      currency: 'CHF',
      startBalance: 0,
      missingRates: [],
      months: [
        { month: '2026-11', revenue: 0, expense: 0, cashflow: 0, saldo: 0 },
        { month: '2026-12', revenue: 0, expense: 0, cashflow: 0, saldo: 0 },
      ],
      runway: { minimumBalance: 0, coveredUntil: null, lowest: { month: '2026-11', saldo: 0 } },
    });
    expect(await detailsOf(user, '?months=2')).toEqual([
      { month: '2026-11', revenue: [], expense: [] },
      { month: '2026-12', revenue: [], expense: [] },
    ]);
  });

  it.each([
    ['months=0', 'months', 'Der Zeitraum muss eine ganze Zahl von 1 bis 60 Monaten sein'],
    ['months=61', 'months', 'Der Zeitraum muss eine ganze Zahl von 1 bis 60 Monaten sein'],
    ['months=1.5', 'months', 'Der Zeitraum muss eine ganze Zahl von 1 bis 60 Monaten sein'],
    ['performance=-1', 'performance', 'Die Performance muss eine ganze Zahl von 0 bis 200 Prozent sein'],
    ['performance=201', 'performance', 'Die Performance muss eine ganze Zahl von 0 bis 200 Prozent sein'],
    ['performance=12.5', 'performance', 'Die Performance muss eine ganze Zahl von 0 bis 200 Prozent sein'],
    ['limit=3', 'limit', 'Unbekanntes Feld'],
  ])('refuses ?%s with a German message', async (query, field, message) => {
    const user = await signUp(app);
    for (const path of ['/api/forecasts', '/api/forecasts/details']) {
      const response = await user.get(`${path}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    }
  });

  it('sends the leaves of the categories named by ?expand= only, every category with its amount', async () => {
    const user = await signUp(app);
    const sales = await aCategory(user, { name: 'Verkauf, Schweiz' });
    await aTransaction(user, { name: 'Beratung', amount: 1_000_00, startDate: PAID_25TH, categoryId: sales.id });
    await aTransaction(user, { name: 'Miete', amount: -500_00, startDate: PAID_25TH });
    await aSalaryWithCosts(user);
    const all = await detailsOf(user, '?months=2');
    const withoutLeaves = all.map((month) => ({
      month: month.month,
      revenue: month.revenue.map((category) => ({ ...category, children: [] })),
      expense: month.expense.map((category) => ({ ...category, children: [] })),
    }));
    expect(await detailsOf(user, '?months=2&expand=')).toEqual(withoutLeaves);
    // Repeatable, and a name may hold a comma.
    const expand = `expand=${encodeURIComponent('revenue:Verkauf, Schweiz')}&expand=expense:L%C3%B6hne`;
    const some = await detailsOf(user, `?months=2&${expand}`);
    for (const [index, month] of some.entries()) {
      const full = all[index]!;
      expect(month.revenue).toEqual(full.revenue);
      expect(month.expense.map((category) => category.children.length > 0)).toEqual(
        full.expense.map((category) => category.name === 'Löhne'),
      );
      expect(month.expense.map((category) => category.amount)).toEqual(full.expense.map((category) => category.amount));
    }
    // A name that is no category expands nothing.
    expect(await detailsOf(user, '?months=2&expand=expense:Unbekannt')).toEqual(withoutLeaves);
  });

  it('answers a browser the details compressed, written once and kept until the data changes', async () => {
    const user = await signUp(app);
    const sales = await aCategory(user, { name: 'Verkauf' });
    await aTransaction(user, { name: 'Beratung', amount: 1_000_00, startDate: PAID_25TH, categoryId: sales.id });
    await aSalaryWithCosts(user);
    const url = `/api/forecasts/details?months=3&expand=revenue:Verkauf`;
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    async function compressed(acceptEncoding: string, encoding: 'br' | 'gzip') {
      const response = await user.send({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const answer: unknown = JSON.parse(decoders[encoding](response.rawPayload).toString('utf8'));
      // The written answer is the schema's: what the response check of the test app proves for the
      // uncompressed one.
      const columns = forecastDetailColumnsSchema.parse(answer);
      expect(columns).toEqual(answer);
      return detailsOfColumns(columns);
    }
    const plain = await detailsOf(user, '?months=3&expand=revenue:Verkauf');
    expect(await compressed('gzip, deflate, br, zstd', 'br')).toEqual(plain);
    expect(await compressed('gzip', 'gzip')).toEqual(plain);
    expect(await compressed('gzip, deflate, br, zstd', 'br')).toEqual(plain);
    // A change shows at once, compressed too.
    await aTransaction(user, { name: 'Wartung', amount: 300_00, startDate: PAID_25TH, categoryId: sales.id });
    const changed = await detailsOf(user, '?months=3&expand=revenue:Verkauf');
    expect(changed).not.toEqual(plain);
    expect(await compressed('br', 'br')).toEqual(changed);
  });

  it('answers a browser the totals compressed, written once and kept until the data changes', async () => {
    const user = await signUp(app);
    await aTransaction(user, { name: 'Beratung', amount: 1_000_00, startDate: PAID_25TH });
    const url = '/api/forecasts?months=3';
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    // `calculatedAt` is when the answer was computed: a kept answer keeps its time.
    const figures = ({ calculatedAt: _, ...rest }: Forecast) => rest;
    async function compressed(acceptEncoding: string, encoding: 'br' | 'gzip') {
      const response = await user.send({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.etag).toMatch(/^W\//);
      const answer = JSON.parse(decoders[encoding](response.rawPayload).toString('utf8')) as Forecast;
      expect(forecastSchema.parse(answer)).toEqual(answer);
      return answer;
    }
    const plain = await forecastOf(user, '?months=3');
    const first = await compressed('gzip, deflate, br, zstd', 'br');
    expect(figures(first)).toEqual(figures(plain));
    expect(figures(await compressed('gzip', 'gzip'))).toEqual(figures(plain));
    // The same bytes again: kept, not computed anew (the time of the first answer).
    expect(await compressed('gzip, deflate, br, zstd', 'br')).toEqual(first);
    // A change shows at once, compressed too.
    await aTransaction(user, { name: 'Wartung', amount: 300_00, startDate: PAID_25TH });
    const changed = await forecastOf(user, '?months=3');
    expect(figures(changed)).not.toEqual(figures(plain));
    expect(figures(await compressed('br', 'br'))).toEqual(figures(changed));
  });

  it.each([
    ['without a side', 'expand=L%C3%B6hne', 'expand.0'],
    ['with a NUL byte', 'expand=expense:a%00b', 'expand.0'],
    ['too long', `expand=expense:${'x'.repeat(300)}`, 'expand.0'],
    ['more than 500', Array.from({ length: 501 }, (_, i) => `expand=expense:K${i}`).join('&'), 'expand'],
  ])('refuses ?expand= %s with a German message', async (_, query, field) => {
    const user = await signUp(app);
    const response = await user.get(`/api/forecasts/details?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: 'Ungültige Kategorie: erwartet wird «revenue:<Name>» oder «expense:<Name>»' },
    });
  });

  it('answers 401 with logout without a session; read-only members read but do not exclude', async () => {
    for (const path of ['/api/forecasts', '/api/forecasts/details', '/api/forecasts/exclude', '/api/vat-settings']) {
      const response = await browser(app).get(path);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
    }
    const owner = await signUp(app);
    const transaction = await aTransaction(owner);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    expect((await reader.get('/api/forecasts')).statusCode).toBe(200);
    expect((await reader.get('/api/forecasts/details')).statusCode).toBe(200);
    const refused = await reader.post('/api/forecasts/exclude', {
      month: '2026-12',
      relatedTable: 'transactions',
      relatedId: transaction.id,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('pays monthly salary costs in every one of 60 months (no 37-month cap, docs/forecast.md "Months")', async () => {
    const user = await signUp(app);
    await aSalaryWithCosts(user);
    const details = await detailsOf(user, '?months=60');
    expect(details).toHaveLength(60);
    const noLabel = details.map((month) => leaf(month, 'Lohnkosten', '<Kein Label>')?.amount ?? 0);
    expect(noLabel.every((amount) => amount === -100_00)).toBe(true);
  });

  it('passes each cost the latest payment before the horizon (include-previous mode, docs/salary-costs.md "Calculated fields")', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user, { name: 'Quartal' });
    const salary = await aSalary(user, employee.id, { amount: 5_000_00, fromDate: PAID_25TH });
    const label = await aLabel(user, { name: 'Quartalskosten' });
    const cost = await aSalaryCost(user, salary.id, {
      amountType: 'fixed',
      cycle: 'quarterly',
      amount: 300_00,
      distributionType: 'employer',
      relativeOffset: 1,
      labelId: label.id,
    });
    const quarterly = async () =>
      (await detailsOf(user, '?months=4')).map((month) => leaf(month, 'Lohnkosten', 'Quartalskosten')?.amount ?? 0);
    // Today's schedule pays in November and February.
    expect(await quarterly()).toEqual([-300_00, 0, 0, -300_00]);
    // A payment stored before the horizon (October) is the "next" one: its amount, its rhythm.
    await app.deps.database.db
      .insert(salaryCostDetails)
      .values({ costId: cost.id, month: '2026-10', amount: 900_00, divider: 3, isExtraMonth: true });
    expect(await quarterly()).toEqual([0, 0, -900_00, 0]);
  });

  it('loads the data in a fixed number of queries, whatever the number of rows', async () => {
    const user = await signUp(app);
    const tenant = await ownerTenantOf(user);
    const client = driverClient();
    // A service of its own: the Übersicht row computed in the background after each write reads
    // through the app's service and would warm its memory (docs/cockpit.md "Stored rows"); that
    // computation is waited for, so its queries are not counted here either.
    const forecasts = createForecastsService({
      db: app.deps.database.db,
      rates: app.deps.rates,
      reference: app.deps.reference,
      clock: app.deps.clock,
      ensureFreshSchedules,
    });
    async function queriesOfOneRead(): Promise<number> {
      await app.deps.alerts.settled();
      const spy = vi.spyOn(client, 'query');
      try {
        await forecasts.forecast(tenant, { months: 13, performance: 100 });
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    }
    await aTransaction(user);
    await aSalaryWithCosts(user, 'Erste');
    const few = await queriesOfOneRead();
    const category = await aCategory(user);
    for (let i = 0; i < 5; i += 1) await aTransaction(user, { categoryId: category.id });
    for (const name of ['Zweite', 'Dritte', 'Vierte']) await aSalaryWithCosts(user, name);
    await aBankAccount(user);
    const many = await queriesOfOneRead();
    // One for the data versions, one to check that the stored salary schedules are today's, fourteen
    // to load the data (the eleven parts of `forecastInputs`, the payment calendar and the learned
    // delays among them; the plan-vs-actual part with three:
    // closed occurrences, statement periods, salary account; the past salary figures with two);
    // then again the two checks (the salaries changed) and the parts whose tables changed, however
    // many rows were added: the accounts and the plan-vs-actual part (it reads the accounts' "Stand
    // per"), and the transactions and costs loaded whole (a new category and new labels can change
    // any of their rows), one query each; the salaries row by row: the salaries and employees
    // written since, then those salaries; the past salary figures (they plan the months before
    // today's, docs/plan-actual.md "Planned occurrences") by employee: the row changes of four tables, then the touched employees' salaries and costs.
    expect(few).toBe(16);
    // (18 since the learned delays' part, docs/recurring.md "Payment delays": it is read again here
    // too; 16 since the row changes of one table from one version are asked once per read,
    // changed-rows.ts: the salaries' and the past figures' parts both follow salaries and employees.)
    expect(many).toBe(16);
    // Nothing changed since: the versions only; the schedules were found fresh at these versions,
    // the rows and the result come from memory.
    expect(await queriesOfOneRead()).toBe(1);
    // A changed account reloads the accounts and the plan-vs-actual part only.
    await aBankAccount(user);
    expect(await queriesOfOneRead()).toBe(5);
  });

  it('after a cost is saved, loads the costs of the salaries it changed only, and answers as a fresh read would', async () => {
    const user = await signUp(app);
    const tenant = await ownerTenantOf(user);
    const { db } = app.deps.database;
    const expectSameAsFresh = expectingSameAsFresh(tenant);
    const costQueries = (calls: DriverCall[]) => calls.filter((call) => call.text.includes('string_agg'));
    // The salaries whose costs a query loads: one array parameter (db/arrays.ts).
    const salaryFilter = /"salary_id" = any\(\$(\d+)::int\[\]\)/;
    const first = await aSalaryWithCosts(user, 'Erste');
    const second = await aSalaryWithCosts(user, 'Zweite');
    const third = await aSalaryWithCosts(user, 'Dritte');
    await expectSameAsFresh('first read');
    const costIdsOf = async (salaryId: number) =>
      (await user.get(`/api/employees/salaries/${salaryId}/costs`))
        .json<{ data: { id: number }[] }>()
        .data.map((cost) => cost.id);
    const [firstCost] = await costIdsOf(first.salaryId);

    // A changed amount: the versions of the salaries' costs, then the costs of that salary alone.
    const patch = await user.send({
      method: 'PATCH',
      url: `/api/employees/salaries/costs/${firstCost}`,
      payload: { amount: 333_00 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const afterPatch = await expectSameAsFresh('a changed amount');
    expect(afterPatch.some((call) => call.text.includes('"organisation_row_changes"'))).toBe(true);
    expect(costQueries(afterPatch)).toHaveLength(1);
    const [costQuery] = costQueries(afterPatch);
    const parameter = salaryFilter.exec(costQuery!.text)?.[1];
    expect(parameter, costQuery!.text).toBeDefined();
    expect(costQuery!.values[Number(parameter) - 1]).toBe(`{${first.salaryId}}`);

    // Nothing changed since: nothing of the costs is read.
    expect(costQueries(await expectSameAsFresh('no change'))).toHaveLength(0);

    const [secondCost] = await costIdsOf(second.salaryId);
    expect((await user.delete(`/api/employees/salaries/costs/${secondCost}`)).statusCode).toBe(204);
    await expectSameAsFresh('a deleted cost');
    await aSalaryCost(user, third.salaryId, { amount: 42_00, distributionType: 'employer', labelId: third.label.id });
    await expectSameAsFresh('an added cost');
    const copied = await user.post(`/api/employees/salaries/${second.salaryId}/costs/copy`, {
      sourceSalaryId: first.salaryId,
    });
    expect(copied.statusCode, copied.body).toBe(201);
    await expectSameAsFresh('costs copied over another salary');
    expect((await user.delete(`/api/employees/${third.employee.id}`)).statusCode).toBe(204);
    await expectSameAsFresh('an employee deleted with its salary and costs');
    // A direct write to the payments (as an operator might) counts like one through the API.
    const announced = versionsAnnounced(tenant.organisationId);
    await db.execute(
      sql`update salary_cost_details set amount = amount + 1 where cost_id in
          (select id from salary_costs where salary_id = ${first.salaryId})`,
    );
    await announced;
    await expectSameAsFresh('payments written directly');
    // A renamed label changes costs of every salary: all are loaded again.
    const renamed = await user.send({
      method: 'PATCH',
      url: `/api/employees/salaries/costs/labels/${first.label.id}`,
      payload: { name: 'AHV neu' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await expectSameAsFresh('a renamed label');
    expect(costQueries(afterRename)).toHaveLength(1);
    expect(costQueries(afterRename)[0]!.text).not.toMatch(salaryFilter);
  });

  it('records which salaries each write to costs and payments changed, under the version it set', async () => {
    const user = await signUp(app);
    const { organisationId } = await ownerTenantOf(user);
    const { db } = app.deps.database;
    const first = await aSalaryWithCosts(user, 'Erste');
    const second = await aSalaryWithCosts(user, 'Zweite');
    const versionOf = async (table: string, salaryId: number) =>
      (
        (await db.execute(
          sql`select version from organisation_row_changes
              where organisation_id = ${organisationId} and table_name = ${table} and row_id = ${salaryId}`,
        )) as { rows: { version: string | number }[] }
      ).rows.map((row) => Number(row.version))[0];
    const firstBefore = await versionOf('salary_costs', first.salaryId);
    const secondBefore = await versionOf('salary_costs', second.salaryId);
    expect(firstBefore).toBeGreaterThan(0);
    await db.execute(sql`update salary_costs set amount = amount where salary_id = ${first.salaryId}`);
    const afterCost = await versionOf('salary_costs', first.salaryId);
    expect(afterCost).toBeGreaterThan(firstBefore!);
    const detailsBefore = await versionOf('salary_cost_details', first.salaryId);
    await db.execute(
      sql`update salary_cost_details set amount = amount where cost_id in
          (select id from salary_costs where salary_id = ${first.salaryId})`,
    );
    expect(await versionOf('salary_cost_details', first.salaryId)).toBeGreaterThan(detailsBefore ?? 0);
    expect(await versionOf('salary_costs', second.salaryId)).toBe(secondBefore);
    // Deleting the employee deletes the costs: recorded for the salary, under a newer version.
    expect((await user.delete(`/api/employees/${first.employee.id}`)).statusCode).toBe(204);
    expect(await versionOf('salary_costs', first.salaryId)).toBeGreaterThan(afterCost!);
    expect(await versionOf('salary_costs', second.salaryId)).toBe(secondBefore);
  });

  it('after a one-row write loads that row only, and answers as a fresh read would', async () => {
    const user = await signUp(app);
    const tenant = await ownerTenantOf(user);
    const { db } = app.deps.database;
    const expectSameAsFresh = expectingSameAsFresh(tenant);
    const category = await aCategory(user);
    const transactions = [];
    for (let i = 0; i < 4; i += 1) {
      transactions.push(await aTransaction(user, { categoryId: category.id, amount: -(1_000_00 + i) }));
    }
    const anna = await aSalaryWithCosts(user, 'Anna');
    await aSalaryWithCosts(user, 'Beat');
    const transactionLoads = (calls: DriverCall[]) =>
      calls.map((call) => call.text).filter((text) => text.includes('"transactions"."vat_included"'));
    await expectSameAsFresh('first read');

    const changed = await user.send({
      method: 'PATCH',
      url: `/api/transactions/${transactions[1]!.id}`,
      payload: { amount: -7_777_00, name: 'Neu benannt' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const afterChange = await expectSameAsFresh('a changed transaction');
    expect(transactionLoads(afterChange)).toHaveLength(1);
    expect(transactionLoads(afterChange)[0]).toMatch(/"transactions"."id" = any\(\$\d+::int\[\]\)/);
    expect((await user.delete(`/api/transactions/${transactions[2]!.id}`)).statusCode).toBe(204);
    await expectSameAsFresh('a deleted transaction');
    await aTransaction(user, { categoryId: category.id, amount: 55_00 });
    await expectSameAsFresh('an added transaction');
    const renamed = await user.send({
      method: 'PATCH',
      url: `/api/employees/${anna.employee.id}`,
      payload: { name: 'Anna Neu' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectSameAsFresh('a renamed employee');
    const raised = await user.send({
      method: 'PATCH',
      url: `/api/employees/salaries/${anna.salaryId}`,
      payload: { amount: 9_100_00 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    await expectSameAsFresh('a changed salary');
    // Nothing changed since: no rows are read.
    expect(transactionLoads(await expectSameAsFresh('no change'))).toHaveLength(0);
    // Changes older than the pruned version are not known row by row: everything loads anew.
    const announced = versionsAnnounced(tenant.organisationId);
    await db.execute(sql`update transactions set amount = amount - 1 where id = ${transactions[0]!.id}`);
    await announced;
    await pruneRowChanges(db, new Date(Date.now() + 60_000));
    const afterPrune = await expectSameAsFresh('row changes pruned');
    expect(transactionLoads(afterPrune)).toHaveLength(1);
    expect(transactionLoads(afterPrune)[0]).not.toMatch(/= any/);
  });

  it('brings stale salary schedules up to date before answering from memory: a new day, a direct write', async () => {
    const user = await signUp(app);
    const { salaryId } = await aSalaryWithCosts(user);
    const { db } = app.deps.database;
    let today = '2026-11-21';
    const checks: boolean[] = [];
    const forecasts = createForecastsService({
      db,
      rates: app.deps.rates,
      reference: app.deps.reference,
      clock: { now: () => app.deps.clock.now(), today: () => today },
      ensureFreshSchedules: async (database, organisationId, day) => {
        const recomputed = await ensureFreshSchedules(database, organisationId, day);
        checks.push(recomputed);
        return recomputed;
      },
    });
    const tenant = await ownerTenantOf(user);
    const read = () => forecasts.forecast(tenant, { months: 3, performance: 100 });
    const scheduleDate = async () =>
      (await db.select({ day: salaries.scheduleDate }).from(salaries).where(eq(salaries.id, salaryId)))[0]?.day;
    await read();
    await read();
    // Found fresh once; the second read trusts that while neither the day nor the salaries changed.
    expect(checks).toEqual([false]);
    today = '2026-11-22';
    await read();
    expect(checks).toEqual([false, true]);
    expect(await scheduleDate()).toBe('2026-11-22');
    // A salary made stale behind the API's back (its version moves) is recomputed at the next read.
    await db.execute(sql`update salaries set schedule_date = null where id = ${salaryId}`);
    await read();
    expect(checks.at(-1)).toBe(true);
    expect(await scheduleDate()).toBe('2026-11-22');
  });

  it('answers from memory only while nothing changed: every kind of write shows at the next read', async () => {
    const user = await signUp(app);
    const total = async () => (await forecastOf(user, '?months=3')).months.map((month) => month.saldo);
    const first = await total();
    expect(await total()).toEqual(first);
    const account = await aBankAccount(user, { amount: 1_000_00 });
    const withAccount = await total();
    expect(withAccount).toEqual(first.map((saldo) => saldo + 1_000_00));
    const transaction = await aTransaction(user, {
      amount: -200_00,
      type: 'single',
      cycle: undefined,
      startDate: '2026-12-10',
    });
    expect(await total()).toEqual([withAccount[0], withAccount[1]! - 200_00, withAccount[2]! - 200_00]);
    expect((await user.delete(`/api/transactions/${transaction.id}`)).statusCode).toBe(204);
    expect(await total()).toEqual(withAccount);
    const patch = await user.send({ method: 'PATCH', url: `/api/bank-accounts/${account.id}`, payload: { amount: 0 } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(await total()).toEqual(first);
    // A direct write to a table the forecast reads (as a migration or an operator might) shows too.
    const announced = versionsAnnounced(user.user.currentOrganisationId);
    await app.deps.database.db.execute(sql`update bank_accounts set amount = 7 where id = ${account.id}`);
    await announced;
    expect(await total()).toEqual(first.map((saldo) => saldo + 7));
  });

  it('raises the data version with every write to each table the forecast reads', async () => {
    const user = await signUp(app);
    const organisation = user.user.currentOrganisationId;
    const db = app.deps.database.db;
    // A row of the organisation in each table.
    const category = await aCategory(user);
    const vat = (await user.post('/api/vats', { value: 333 })).json<Vat>();
    const transaction = await aTransaction(user, { categoryId: category.id, vatId: vat.id });
    const account = await aBankAccount(user);
    const { salaryId, label } = await aSalaryWithCosts(user);
    await aQuarterlyVatSettlement(user);
    // The payment calendar (docs/payment-calendar.md).
    expect((await put(user, '/api/payment-calendar', { ahv: {} })).statusCode).toBe(200);
    // Plan vs actual: an entry, its match and a dismissal (docs/plan-actual.md).
    const [entry] = await executeRows<{ id: number }>(
      db,
      sql`insert into bank_entries (organisation_id, bank_account_id, identity, booking_date, amount, currency, source)
          values (${organisation}, ${account.id}, 'version-test', '2026-11-02', -100, 'CHF', 'csv') returning id`,
    );
    await db.execute(sql`
      insert into bank_entry_matches (organisation_id, bank_entry_id, kind, item_id, due_date, name, category_name, planned_amount)
      values (${organisation}, ${entry!.id}, 'transactions', ${transaction.id}, '2026-11-02', 'x', 'y', -100)`);
    await db.execute(sql`
      insert into occurrence_dismissals (organisation_id, kind, item_id, due_date)
      values (${organisation}, 'transactions', ${transaction.id}, '2026-10-02')`);
    await db.execute(sql`
      insert into bank_statement_periods (organisation_id, bank_account_id, from_date, to_date)
      values (${organisation}, ${account.id}, '2026-11-01', '2026-11-02')`);
    for (const [relatedTable, relatedId] of [
      ['transactions', transaction.id],
      ['salaries', salaryId],
      ['salary_cost_labels', label.id],
      // A leaf of the payment calendar (docs/payment-calendar.md "Exclusions").
      ['salary_cost_labels', calendarLeafId('BVG-Beiträge')],
    ] as const) {
      const response = await user.post('/api/forecasts/exclude', { month: '2026-12', relatedTable, relatedId });
      expect(response.statusCode, response.body).toBe(201);
    }
    const owned = `organisation_id = ${organisation}`;
    // One no-op update per table (a write that changes nothing still counts: a trigger cannot know).
    const updates = [
      `update organisations set name = name where id = ${organisation}`,
      `update bank_accounts set name = name where ${owned}`,
      `update categories set name = name where ${owned}`,
      `update vat_rates set value = value where ${owned}`,
      `update employees set name = name where ${owned}`,
      `update transactions set name = name where ${owned}`,
      `update salaries set amount = amount where ${owned}`,
      `update salary_cost_labels set name = name where ${owned}`,
      `update salary_costs set amount = amount where ${owned}`,
      `update salary_cost_details set amount = amount where cost_id in (select id from salary_costs where ${owned})`,
      `update transaction_exclusions set month = month where ${owned}`,
      `update salary_exclusions set month = month where ${owned}`,
      `update salary_cost_label_exclusions set month = month where ${owned}`,
      `update calendar_leaf_exclusions set month = month where ${owned}`,
      `update vat_settings set enabled = enabled where ${owned}`,
      `update payment_calendars set calendar = calendar where ${owned}`,
      `update bank_entries set amount = amount where ${owned}`,
      `update bank_entry_matches set name = name where ${owned}`,
      `update occurrence_dismissals set due_date = due_date where ${owned}`,
      `update bank_statement_periods set to_date = to_date where ${owned}`,
    ];
    const versionOf = async (table: string) => (await dataVersionsOf(db, organisation)).get(table) ?? 0;
    for (const update of updates) {
      const table = update.split(' ')[1]!;
      const before = await versionOf(table);
      // AppDatabase is typed over both drivers, so execute() answers `unknown`; both return { rows }.
      const result = (await db.execute(sql.raw(`${update} returning 1`))) as { rows: unknown[] };
      expect(result.rows.length, update).toBeGreaterThan(0);
      expect(await versionOf(table), update).toBeGreaterThan(before);
    }
    // The updates cover every table a part of the forecast's data is read from (forecast-inputs.ts),
    // and those are exactly the tables that carry the version trigger in the database.
    const tables = updates.map((update) => update.split(' ')[1]);
    expect([...forecastTables].sort()).toEqual(tables.sort());
    const triggered = await executeRows<{ table: string }>(
      db,
      sql`select distinct c.relname as table from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          where p.proname = 'raise_organisation_data_version' and not t.tgisinternal`,
    );
    expect(triggered.map((row) => row.table).sort()).toEqual([...forecastTables].sort());
    // Deletes count as well; the details a cost takes with it are counted by the cost (one part).
    const before = await versionOf('salary_costs');
    await db.execute(sql.raw(`delete from salary_costs where ${owned}`));
    expect(await versionOf('salary_costs')).toBeGreaterThan(before);
  });

  it("another organisation's writes leave an organisation's forecast in memory", async () => {
    const { a: alice, b: bob } = await twoTenants(app);
    const versions = async (user: SignedInUser) =>
      Object.fromEntries(await dataVersionsOf(app.deps.database.db, user.user.currentOrganisationId));
    await forecastOf(alice);
    const before = await versions(alice);
    await aBankAccount(bob);
    await aTransaction(bob);
    await aSalaryWithCosts(bob);
    expect(await versions(alice)).toEqual(before);
    await aBankAccount(alice);
    expect((await versions(alice)).bank_accounts).toBeGreaterThan(before.bank_accounts ?? 0);
  });
});

describe('forecast exclusions', () => {
  it('excludes and includes leaves one by one and in batches; the forecast shows the effect', async () => {
    const user = await signUp(app);
    const transaction = await aTransaction(user, { name: 'Abo', amount: 100_00, startDate: PAID_25TH });
    const { salaryId, label } = await aSalaryWithCosts(user);

    const excluded = await user.post('/api/forecasts/exclude', {
      month: '2026-12',
      relatedTable: 'transactions',
      relatedId: transaction.id,
    });
    expect(excluded.statusCode).toBe(201);
    expect(excluded.json()).toEqual({ month: '2026-12', relatedTable: 'transactions', relatedId: transaction.id });
    // Twice is no error and stores it once.
    expect(
      (
        await user.post('/api/forecasts/exclude', {
          month: '2026-12',
          relatedTable: 'transactions',
          relatedId: transaction.id,
        })
      ).statusCode,
    ).toBe(201);

    let forecast = await forecastOf(user);
    expect(forecast.months[0]!.revenue).toBe(100_00);
    expect(forecast.months[1]!.revenue).toBe(0);
    let details = await detailsOf(user);
    expect(leaf(monthOf(details, '2026-12'), transaction.category.name, 'Abo')).toEqual({
      name: 'Abo',
      amount: 0,
      relatedId: transaction.id,
      relatedTable: 'transactions',
      isExcluded: true,
      // What the exclusion took out, for the struck-through cell (docs/forecast.md "Exclusions").
      excludedAmount: 100_00,
    });

    // One batch: lift December, exclude the salary, the label and "<Kein Label>" in November.
    const batch = await put(user, '/api/forecasts/exclude', {
      updates: [
        { month: '2026-12', relatedTable: 'transactions', relatedId: transaction.id, isExcluded: false },
        { month: '2026-11', relatedTable: 'salaries', relatedId: salaryId, isExcluded: true },
        { month: '2026-11', relatedTable: 'salary_cost_labels', relatedId: label.id, isExcluded: true },
        { month: '2026-11', relatedTable: 'salary_cost_labels', relatedId: 0, isExcluded: true },
        { month: '2027-01', relatedTable: 'transactions', relatedId: transaction.id, isExcluded: true },
      ],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json()).toEqual({ affected: 5 });

    forecast = await forecastOf(user);
    expect(forecast.months[0]).toMatchObject({ revenue: 100_00, expense: 0 });
    expect(forecast.months[1]).toMatchObject({ revenue: 100_00, expense: -5_400_00 });
    expect(forecast.months[2]!.revenue).toBe(0);
    details = await detailsOf(user);
    expect(leaf(monthOf(details, '2026-11'), 'Lohnkosten', label.name)).toMatchObject({ amount: 0, isExcluded: true });
    expect(leaf(monthOf(details, '2026-11'), 'Lohnkosten', label.name)?.excludedAmount).toBeLessThan(0);
    // After performance, as the amount would have counted.
    const halved = await detailsOf(user, '?performance=50');
    expect(leaf(monthOf(halved, '2027-01'), transaction.category.name, 'Abo')).toMatchObject({
      amount: 0,
      excludedAmount: 50_00,
    });
    expect(leaf(monthOf(details, '2026-11'), 'Lohnkosten', '<Kein Label>')).toMatchObject({
      amount: 0,
      isExcluded: true,
    });

    const all = await user.get('/api/forecasts/exclude');
    expect(all.statusCode).toBe(200);
    expect(all.json<ForecastExclusionKey[]>()).toEqual([
      { month: '2026-11', relatedTable: 'salaries', relatedId: salaryId },
      { month: '2026-11', relatedTable: 'salary_cost_labels', relatedId: 0 },
      { month: '2026-11', relatedTable: 'salary_cost_labels', relatedId: label.id },
      { month: '2027-01', relatedTable: 'transactions', relatedId: transaction.id },
    ]);
    const ofOne = await user.get(`/api/forecasts/exclude?relatedTable=transactions&relatedId=${transaction.id}`);
    expect(ofOne.json()).toEqual([{ month: '2027-01', relatedTable: 'transactions', relatedId: transaction.id }]);
    expect((await user.get('/api/forecasts/exclude?relatedTable=salary_cost_labels&relatedId=0')).json()).toEqual([
      { month: '2026-11', relatedTable: 'salary_cost_labels', relatedId: 0 },
    ]);

    const lifted = await deleteWithBody(user, '/api/forecasts/exclude', {
      month: '2027-01',
      relatedTable: 'transactions',
      relatedId: transaction.id,
    });
    expect(lifted.statusCode).toBe(204);
    expect(lifted.body).toBe('');
    expect((await user.get(`/api/forecasts/exclude?relatedTable=transactions`)).json()).toEqual([]);
    expect((await put(user, '/api/forecasts/exclude', { updates: [] })).json()).toEqual({ affected: 0 });
  });

  const month = '2026-12';
  it.each([
    [{ month: '2026-13', relatedTable: 'transactions' }, 'month', 'Ungültiger Monat (JJJJ-MM)'],
    [{ month: '2026-1', relatedTable: 'transactions' }, 'month', 'Ungültiger Monat (JJJJ-MM)'],
    [
      { month: '2026-10', relatedTable: 'transactions' },
      'month',
      'Der Monat liegt ausserhalb des Prognosezeitraums (aktueller Monat bis 59 Monate danach)',
    ],
    [
      { month: '2031-11', relatedTable: 'transactions' },
      'month',
      'Der Monat liegt ausserhalb des Prognosezeitraums (aktueller Monat bis 59 Monate danach)',
    ],
    [
      { month, relatedTable: 'vat_settlement' },
      'relatedTable',
      'Die Mehrwertsteuer-Abrechnung kann nicht ausgeschlossen werden',
    ],
    [{ month, relatedTable: 'salary_costs' }, 'relatedTable', 'Unbekannte Art des Eintrags'],
    [{ month, relatedTable: 'transactions', relatedId: 0 }, 'relatedId', 'Ungültige Id'],
    [{ month, relatedTable: 'transactions', relatedId: 1.5 }, 'relatedId', 'Ungültige Id'],
  ])('refuses %j with 400 and stores nothing', async (body, field, message) => {
    const user = await signUp(app);
    const transaction = await aTransaction(user);
    const payload = { relatedId: transaction.id, ...body };
    for (const [method, answer] of [
      ['POST', () => user.post('/api/forecasts/exclude', payload)],
      ['DELETE', () => deleteWithBody(user, '/api/forecasts/exclude', payload)],
      ['PUT', () => put(user, '/api/forecasts/exclude', { updates: [{ ...payload, isExcluded: true }] })],
    ] as const) {
      const response = await answer();
      expect(response.statusCode, method).toBe(400);
      const key = method === 'PUT' ? `updates.0.${field}` : field;
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [key]: message } });
    }
    expect((await user.get('/api/forecasts/exclude')).json()).toEqual([]);
  });

  it("answers 404 for an unknown item and another organisation's; a batch with one bad entry stores nothing", async () => {
    const { a, b } = await twoTenants(app);
    const own = await aTransaction(b);
    const foreign = await aTransaction(a);
    const { salaryId, label } = await aSalaryWithCosts(a);
    for (const body of [
      { month: '2026-12', relatedTable: 'transactions', relatedId: 2_000_000_000 },
      { month: '2026-12', relatedTable: 'transactions', relatedId: foreign.id },
      { month: '2026-12', relatedTable: 'salaries', relatedId: salaryId },
      { month: '2026-12', relatedTable: 'salary_cost_labels', relatedId: label.id },
    ]) {
      for (const response of [
        await b.post('/api/forecasts/exclude', body),
        await deleteWithBody(b, '/api/forecasts/exclude', body),
        await put(b, '/api/forecasts/exclude', {
          updates: [
            { month: '2026-12', relatedTable: 'transactions', relatedId: own.id, isExcluded: true },
            { ...body, isExcluded: true },
          ],
        }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Kein Eintrag gefunden für diesen Ausschluss', code: 'NOT_FOUND' });
      }
    }
    // A batch with a month outside the horizon stores nothing either.
    const badMonth = await put(b, '/api/forecasts/exclude', {
      updates: [
        { month: '2026-12', relatedTable: 'transactions', relatedId: own.id, isExcluded: true },
        { month: '2020-01', relatedTable: 'transactions', relatedId: own.id, isExcluded: true },
      ],
    });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().fields).toEqual({
      'updates.1.month': 'Der Monat liegt ausserhalb des Prognosezeitraums (aktueller Monat bis 59 Monate danach)',
    });
    expect((await b.get('/api/forecasts/exclude')).json()).toEqual([]);
    const { db } = app.deps.database;
    expect(await db.$count(transactionExclusions, eq(transactionExclusions.transactionId, own.id))).toBe(0);
    expect(await db.$count(salaryExclusions, eq(salaryExclusions.salaryId, salaryId))).toBe(0);
    // B sees none of A's exclusions.
    await a.post('/api/forecasts/exclude', { month: '2026-12', relatedTable: 'transactions', relatedId: foreign.id });
    expect((await b.get(`/api/forecasts/exclude?relatedTable=transactions&relatedId=${foreign.id}`)).json()).toEqual(
      [],
    );
  });
});

describe('one "Löhne" row per employee (docs/forecast.md)', () => {
  /**
   * Anna: 5,000.00 paid on the 25th, raised to 6,000.00 from 25 January 2027, terminated from March,
   * rehired at 4,000.00 from 25 May 2027 (the timeline ends each row the day before the next).
   * Beat beside her with 3,000.00. No costs, so each leaf is the gross.
   */
  async function annaAndBeat(user: SignedInUser) {
    const anna = await anEmployee(user, { name: 'Anna Muster' });
    const first = await aSalary(user, anna.id, { amount: 5_000_00, fromDate: PAID_25TH });
    const raise = await aSalary(user, anna.id, { amount: 6_000_00, fromDate: '2027-01-25' });
    await aSalary(user, anna.id, { isTermination: true, fromDate: '2027-03-01' });
    const rehire = await aSalary(user, anna.id, { amount: 4_000_00, fromDate: '2027-05-25' });
    const beat = await anEmployee(user, { name: 'Beat Beispiel' });
    await aSalary(user, beat.id, { amount: 3_000_00, fromDate: PAID_25TH });
    return { anna, beat, first, raise, rehire };
  }

  const annaOf = (month: ForecastDetailsMonth) =>
    month.expense.flatMap((category) => category.children.filter((child) => child.name === 'Anna Muster'));

  it('shows an employee once across a raise, a termination and a rehire; each month names its salary', async () => {
    const user = await signUp(app);
    const { anna, beat, first, raise, rehire } = await annaAndBeat(user);
    const details = await detailsOf(user, '?months=8');
    // Every month holds Anna at most once.
    for (const month of details) expect(annaOf(month).length).toBeLessThanOrEqual(1);
    expect(
      details.map((month) => [month.month, annaOf(month).map((child) => [child.amount, child.relatedId])]),
    ).toEqual([
      ['2026-11', [[-5_000_00, first.id]]],
      ['2026-12', [[-5_000_00, first.id]]],
      ['2027-01', [[-6_000_00, raise.id]]],
      ['2027-02', [[-6_000_00, raise.id]]],
      ['2027-03', []],
      ['2027-04', []],
      ['2027-05', [[-4_000_00, rehire.id]]],
      ['2027-06', [[-4_000_00, rehire.id]]],
    ]);
    expect(leaf(monthOf(details, '2027-01'), 'Löhne', 'Anna Muster')).toEqual({
      name: 'Anna Muster',
      amount: -6_000_00,
      relatedId: raise.id,
      relatedTable: 'salaries',
      isExcluded: false,
      employeeId: anna.id,
    });
    expect(leaf(monthOf(details, '2027-01'), 'Löhne', 'Beat Beispiel')).toMatchObject({ employeeId: beat.id });
    // Anna 5,000.00 + Beat 3,000.00 in November; Beat alone in March.
    const forecast = await forecastOf(user, '?months=8');
    expect(forecast.months.map((month) => month.expense)).toEqual([
      -8_000_00, -8_000_00, -9_000_00, -9_000_00, -3_000_00, -3_000_00, -7_000_00, -7_000_00,
    ]);
  });

  it("excludes one month of the row by that month's salary; another salary of hers in that month changes nothing", async () => {
    const user = await signUp(app);
    const { first, raise } = await annaAndBeat(user);
    const batch = await put(user, '/api/forecasts/exclude', {
      updates: [
        { month: '2027-01', relatedTable: 'salaries', relatedId: raise.id, isExcluded: true },
        // The first salary paid nothing in February (the raise did): stored, but no effect.
        { month: '2027-02', relatedTable: 'salaries', relatedId: first.id, isExcluded: true },
      ],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const details = await detailsOf(user, '?months=4');
    expect(
      details.map((month) => annaOf(month).map((child) => [child.amount, child.relatedId, child.isExcluded])),
    ).toEqual([
      [[-5_000_00, first.id, false]],
      [[-5_000_00, first.id, false]],
      [[0, raise.id, true]],
      [[-6_000_00, raise.id, false]],
    ]);
    expect((await forecastOf(user, '?months=4')).months.map((month) => month.expense)).toEqual([
      -8_000_00, -8_000_00, -3_000_00, -9_000_00,
    ]);
    expect((await user.get(`/api/forecasts/exclude?relatedTable=salaries&relatedId=${raise.id}`)).json()).toEqual([
      { month: '2027-01', relatedTable: 'salaries', relatedId: raise.id },
    ]);
  });
});

describe('VAT settings', () => {
  const setting = { enabled: true, billingDate: '2026-03-31', transactionMonthOffset: 2, interval: 'biannually' };
  // What a PUT without the fields of docs/vat.md stores (vat-settings.test.ts covers them).
  const answer = {
    ...setting,
    paymentTerm: 'offset',
    method: 'effective',
    netTaxRate: null,
    netTaxRate2: null,
    netTaxRate2Share: null,
  };

  it('is missing at first, saved and replaced by owners and admins, and removed', async () => {
    const owner = await signUp(app);
    // No setting yet is no error (docs/api.md "Areas": a 404 in the console on every settings visit): 200 null.
    const missing = await owner.get('/api/vat-settings');
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toBeNull();
    const saved = await put(owner, '/api/vat-settings', setting);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(answer);
    expect((await owner.get('/api/vat-settings')).json()).toEqual(answer);

    const admin = await addMember(app, owner, owner.user.currentOrganisationId, 'admin');
    const replaced = await put(admin, '/api/vat-settings', { ...setting, enabled: false, interval: 'monthly' });
    expect(replaced.json()).toEqual({ ...answer, enabled: false, interval: 'monthly' });

    const editor = await addMember(app, owner, owner.user.currentOrganisationId, 'editor');
    expect((await editor.get('/api/vat-settings')).statusCode).toBe(200);
    expect((await put(editor, '/api/vat-settings', setting)).statusCode).toBe(403);
    expect((await editor.delete('/api/vat-settings')).statusCode).toBe(403);

    const removed = await owner.delete('/api/vat-settings');
    expect(removed.statusCode).toBe(204);
    const gone = await owner.get('/api/vat-settings');
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toBeNull();
    expect((await owner.delete('/api/vat-settings')).statusCode).toBe(204);
  });

  it.each([
    [
      { transactionMonthOffset: 13 },
      'transactionMonthOffset',
      'Der Versatz muss eine ganze Zahl von 0 bis 12 Monaten sein',
    ],
    [
      { transactionMonthOffset: -1 },
      'transactionMonthOffset',
      'Der Versatz muss eine ganze Zahl von 0 bis 12 Monaten sein',
    ],
    [
      { transactionMonthOffset: 1.5 },
      'transactionMonthOffset',
      'Der Versatz muss eine ganze Zahl von 0 bis 12 Monaten sein',
    ],
    [{ interval: 'weekly' }, 'interval', 'Abrechnungsintervall wird benötigt'],
    [{ billingDate: '2026-02-30' }, 'billingDate', 'Ungültiger Datumswert'],
    [{ enabled: 'ja' }, 'enabled', 'Ungültiger Wert: Ja/Nein-Wert erwartet'],
  ])('refuses %j with a German message and stores nothing', async (change, field, message) => {
    const owner = await signUp(app);
    const response = await put(owner, '/api/vat-settings', { ...setting, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    const stored = await owner.get('/api/vat-settings');
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toBeNull();
  });
});

describe('minimum balance (Mindestliquidität)', () => {
  it('is 0 at first, set by owners and admins, and the runway measures against it', async () => {
    const owner = await signUp(app);
    const organisationId = owner.user.currentOrganisationId;
    const url = `/api/organisations/${organisationId}`;
    expect((await owner.get(url)).json<Organisation>().minimumBalance).toBe(0);
    await aBankAccount(owner, { amount: 10_000_00 });
    await aTransaction(owner, { name: 'Lohn', amount: -3_000_00, startDate: '2026-12-01' });

    const changed = await owner.patch(url, { minimumBalance: 2_500_00 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Organisation>().minimumBalance).toBe(2_500_00);
    // Saldo: Nov 10'000, Dec 7'000, Jan 4'000, Feb 1'000 (below 2'500): covered until January 2027.
    expect((await forecastOf(owner)).runway).toEqual({
      minimumBalance: 2_500_00,
      coveredUntil: '2027-01',
      lowest: { month: '2027-11', saldo: 10_000_00 - 12 * 3_000_00 },
    });

    const editor = await addMember(app, owner, organisationId, 'editor');
    expect((await editor.patch(url, { minimumBalance: 0 })).statusCode).toBe(403);
    for (const value of ['12.50', 12.5, null, 1e15]) {
      const refused = await owner.patch(url, { minimumBalance: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.minimumBalance).toMatch(/Betrag/);
    }
    // A reserve is 0 or more: a negative one is refused with its own message, not taken silently.
    const negative = await owner.patch(url, { minimumBalance: -1_00 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toEqual({
      minimumBalance: 'Die Mindestliquidität darf nicht negativ sein (0 oder mehr)',
    });
    expect((await owner.get(url)).json<Organisation>().minimumBalance).toBe(2_500_00);
  });
});
