import { describe, expect, it } from 'vitest';
import { balanceBandOf, type PlanAccuracy, type SnapshotData } from '@saldopilot/shared';
import { buildTestApp, productionEnv, useTestApp } from '../../test/build-test-app.js';
import { routesOf } from '../../test/routes.js';
import { aBankAccount, aTransaction, currencyId, importEntries } from '../../test/factories.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { snapshotsFrom } from './forecast-snapshots.repository.js';
import { planAccuracy, type KeptSnapshot } from './plan-accuracy.js';

// docs/plan-actual.md "Accuracy per horizon". Today of the test app is 2026-11-21.

const app = useTestApp();

const month = (
  name: string,
  revenue: number,
  expense: number,
  saldo: number,
  leaves: SnapshotData['months'][0]['leaves'] = [],
) => ({
  month: name,
  revenue,
  expense,
  saldo,
  leaves,
});

describe('WAPE and bias per side and horizon (pure)', () => {
  const snapshots: KeptSnapshot[] = [
    // Taken in July: August (not covered: no actual) and October 3 months ahead.
    {
      month: '2026-07',
      data: { months: [month('2026-08', 1, -1, 1), month('2026-10', 1_000_000, -700_000, 5_000_000)], names: {} },
    },
    {
      month: '2026-08',
      data: {
        months: [
          month('2026-09', 900_000, -1_000_000, 4_800_000, [
            ['transactions', 1, -1_000_000],
            ['transactions', 2, 900_000],
          ]),
        ],
        names: { 'transactions|1': 'Miete', 'transactions|2': 'Kunde' },
      },
    },
    {
      month: '2026-09',
      data: {
        months: [
          month('2026-10', 1_500_000, -500_000, 6_000_000, [
            ['transactions', 1, -500_000],
            ['transactions', 2, 1_500_000],
            ['salaries', 7, -100_000],
          ]),
        ],
        names: { 'transactions|1': 'Miete', 'transactions|2': 'Kunde', 'salaries|7': 'Anna Muster' },
      },
    },
    // The current month is no measured month.
    { month: '2026-10', data: { months: [month('2026-11', 9, -9, 9)], names: {} } },
  ];
  const input = {
    currency: 'CHF',
    currentMonth: '2026-11',
    snapshots,
    actualMonths: [
      { month: '2026-08', covered: false, revenue: 0, expense: 0, balance: 0 },
      { month: '2026-09', covered: true, revenue: 1_000_000, expense: -800_000, balance: 5_000_000 },
      { month: '2026-10', covered: true, revenue: 1_200_000, expense: -600_000, balance: 5_600_000 },
    ],
    leafActuals: new Map([
      [
        '2026-09',
        new Map([
          ['transactions|1', -800_000],
          ['transactions|2', 1_000_000],
        ]),
      ],
      [
        '2026-10',
        new Map([
          ['transactions|1', -600_000],
          ['transactions|2', 1_200_000],
          ['transactions|3', -50_000],
        ]),
      ],
    ]),
    seesSalaries: true,
  };

  it('computes WAPE, bias and the end-balance error from the snapshots made h months before', () => {
    const answer = planAccuracy(input);
    // 1 month ahead: September (from August's snapshot) and October (from September's).
    // Inflows: (|10'000 − 9'000| + |12'000 − 15'000|) / 22'000 = 18.18 %; bias (−1'000 + 3'000) / 22'000 = 9.09 %.
    // Outflows as magnitudes: (|8'000 − 10'000| + |6'000 − 5'000|) / 14'000 = 21.43 %; bias (2'000 − 1'000) / 14'000 = 7.14 %.
    // End balance: (|50'000 − 48'000| + |56'000 − 60'000|) / 2 = 3'000.00.
    expect(answer.horizons[0]).toEqual({
      horizon: 1,
      months: 2,
      inflows: { wape: 18.2, bias: 9.1 },
      outflows: { wape: 21.4, bias: 7.1 },
      balanceError: 300_000,
    });
    // 3 months ahead: October from July's snapshot; August is not covered.
    // Inflows |12'000 − 10'000| / 12'000 = 16.67 %, bias −16.67 %; outflows |6'000 − 7'000| / 6'000, bias +16.67 %.
    expect(answer.horizons[1]).toEqual({
      horizon: 3,
      months: 1,
      inflows: { wape: 16.7, bias: -16.7 },
      outflows: { wape: 16.7, bias: 16.7 },
      balanceError: 600_000,
    });
    expect(answer.horizons.slice(2)).toEqual([
      {
        horizon: 6,
        months: 0,
        inflows: { wape: null, bias: null },
        outflows: { wape: null, bias: null },
        balanceError: null,
      },
      {
        horizon: 12,
        months: 0,
        inflows: { wape: null, bias: null },
        outflows: { wape: null, bias: null },
        balanceError: null,
      },
    ]);
    expect(answer.snapshots).toEqual(['2026-07', '2026-08', '2026-09', '2026-10']);
    expect(answer.band).toBe(true);
  });

  it("names the leaves with the largest absolute error 1 month ahead; one person's salary only with salaries:read", () => {
    // Kunde |10'000 − 9'000| + |12'000 − 15'000| = 4'000; Miete 2'000 + 1'000; Anna 1'000 planned, nothing paid;
    // leaf 3 was paid without a plan: 500.
    expect(planAccuracy(input).leaves).toEqual([
      { kind: 'transactions', id: 2, name: 'Kunde', plan: 2_400_000, actual: 2_200_000, error: 400_000 },
      { kind: 'transactions', id: 1, name: 'Miete', plan: -1_500_000, actual: -1_400_000, error: 300_000 },
      { kind: 'salaries', id: 7, name: 'Anna Muster', plan: -100_000, actual: 0, error: 100_000 },
      { kind: 'transactions', id: 3, name: '', plan: 0, actual: -50_000, error: 50_000 },
    ]);
    expect(planAccuracy({ ...input, seesSalaries: false }).leaves.map((leaf) => leaf.id)).toEqual([2, 1, 3]);
  });

  it('shows no band with fewer than 3 snapshots', () => {
    expect(planAccuracy({ ...input, snapshots: snapshots.slice(1, 3) }).band).toBe(false);
  });

  it('widens the band between the horizons measured, and with the square root of the months beyond', () => {
    const horizons = planAccuracy(input).horizons;
    expect([0, 1, 2, 3, 12].map((ahead) => balanceBandOf(horizons, ahead))).toEqual([
      0, 300_000, 450_000, 600_000, 1_200_000,
    ]);
    expect(balanceBandOf(horizons.slice(2), 4)).toBeNull();
  });
});

async function seed(user: SignedInUser, body: object) {
  return user.post('/api/dev/forecast-snapshots', body);
}

const accuracyOf = async (user: { get: SignedInUser['get'] }) => {
  const response = await user.get('/api/plan-actual/accuracy');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanAccuracy>();
};

describe('GET /plan-actual/accuracy', () => {
  it("takes the month's snapshot when it is missing, and measures a seeded one against the statements", async () => {
    const user = await signUp(app);
    const rent = await aTransaction(user, { name: 'Miete', amount: -200_000, startDate: '2026-09-05' });
    const first = await accuracyOf(user);
    expect(first).toMatchObject({ currency: 'CHF', snapshots: ['2026-11'], leaves: [], band: false });
    expect(first.horizons.every((figure) => figure.months === 0 && figure.inflows.wape === null)).toBe(true);
    // The snapshot taken: the 12 months after November, their leaves, nothing of November itself.
    const [kept] = await snapshotsFrom(app.deps.database.db, user.user.currentOrganisationId!, '2026-11');
    expect(kept!.data.months.map((entry) => entry.month)).toEqual([
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
    expect(kept!.data.months[0]).toMatchObject({ expense: -200_000, leaves: [['transactions', rent.id, -200_000]] });
    expect(kept!.data.names).toEqual({ [`transactions|${rent.id}`]: 'Miete' });

    const chf = await currencyId(user, 'CHF');
    const bank = await aBankAccount(user, {
      name: 'Konto',
      amount: 1_000_000,
      currencyId: chf,
      balanceDate: '2026-11-20',
    });
    const [, october] = await importEntries(user, bank.id, [
      { date: '2026-09-05', amount: '-2000.00' },
      { date: '2026-10-06', amount: '-2100.00' },
      { date: '2026-10-15', amount: '300.00', text: 'Rückerstattung' },
    ]);
    const matched = await user.post(`/api/bank-entries/${october!.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-10-05',
    });
    expect(matched.statusCode, matched.body).toBe(200);
    const seeded = await seed(user, {
      month: '2026-09',
      months: [month('2026-10', 0, -200_000, 950_000, [['transactions', rent.id, -200_000]])],
      names: { [`transactions|${rent.id}`]: 'Miete' },
    });
    expect(seeded.statusCode, seeded.body).toBe(204);
    expect((await seed(user, { month: '2026-08', months: [], names: {} })).statusCode).toBe(204);

    const answer = await accuracyOf(user);
    expect(answer.snapshots).toEqual(['2026-08', '2026-09', '2026-11']);
    // October 1 month ahead: inflows |300 − 0| / 300 = 100 %, bias −100 %; outflows |2'100 − 2'000| / 2'100 = 4.76 %,
    // bias −4.76 %; end balance: the account's 10'000.00 (nothing booked after October) against 9'500.00.
    expect(answer.horizons[0]).toEqual({
      horizon: 1,
      months: 1,
      inflows: { wape: 100, bias: -100 },
      outflows: { wape: 4.8, bias: -4.8 },
      balanceError: 50_000,
    });
    expect(answer.leaves).toEqual([
      { kind: 'transactions', id: rent.id, name: 'Miete', plan: -200_000, actual: -210_000, error: 10_000 },
    ]);
    expect(answer.band).toBe(true);
  });

  it("the monthly job takes each organisation's snapshot once, whichever instance runs it", async () => {
    const user = await signUp(app);
    const organisationId = user.user.currentOrganisationId!;
    const errors: unknown[] = [];
    await app.deps.planAccuracy.snapshotAll((error) => errors.push(error));
    expect(await app.deps.planAccuracy.snapshotAll((error) => errors.push(error))).toBe(0);
    expect(errors).toEqual([]);
    expect((await snapshotsFrom(app.deps.database.db, organisationId, '2000-01')).map((row) => row.month)).toEqual([
      '2026-11',
    ]);
  });

  it('refuses a malformed seed with a German 400 and stores nothing', async () => {
    const user = await signUp(app);
    const bad = await seed(user, { month: '2026-13', months: [], names: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.month).toBeTruthy();
    expect((await accuracyOf(user)).snapshots).toEqual(['2026-11']);
  });

  it("answers only the organisation's own snapshots; another organisation's seed changes nothing of it", async () => {
    const { a, b } = await twoTenants(app);
    expect((await seed(b, { month: '2026-05', months: [], names: {} })).statusCode).toBe(204);
    expect((await accuracyOf(a)).snapshots).toEqual(['2026-11']);
    expect((await accuracyOf(b)).snapshots).toEqual(['2026-05', '2026-11']);
  });

  it('has the seed route outside production only, like the outbox (app.ts registers the dev area so)', async () => {
    expect(routesOf(app)).toContain('POST /api/dev/forecast-snapshots');
    const production = await buildTestApp(productionEnv());
    try {
      const routes = routesOf(production);
      expect(routes).toContain('GET /api/plan-actual/accuracy');
      expect(routes.filter((route) => route.includes('/api/dev/'))).toEqual([]);
      const seeded = await production.inject({
        method: 'POST',
        url: '/api/dev/forecast-snapshots',
        payload: { month: '2026-05', months: [], names: {} },
      });
      expect(seeded.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('lets a read-only member read but not seed, and answers 401 without a session', async () => {
    const owner = await signUp(app);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId!, 'read-only');
    expect((await accuracyOf(reader)).snapshots).toEqual(['2026-11']);
    expect((await seed(reader, { month: '2026-05', months: [], names: {} })).statusCode).toBe(403);
    const anonymous = browser(app);
    expect((await anonymous.get('/api/plan-actual/accuracy')).statusCode).toBe(401);
    expect(
      (await anonymous.post('/api/dev/forecast-snapshots', { month: '2026-05', months: [], names: {} })).statusCode,
    ).toBe(401);
  });
});
