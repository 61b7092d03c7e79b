import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addMonthsToMonth,
  BASE_COSTS_MAX,
  COST_COPY_MAX,
  EXCLUSION_BATCH_MAX,
  FORECAST_LIMITS,
  monthOf,
  swissPresetIds,
  TRANSACTION_BULK_MAX,
  type ForecastExclusionKey,
  type SalaryCost,
  type SalaryCostsCreated,
  type TransactionList,
} from '@saldopilot/shared';
import { TEST_TODAY, useTestApp } from './test/build-test-app.js';
import {
  aCategory,
  aLabel,
  anEmployee,
  aSalary,
  aSalaryCost,
  aTransaction,
  organisationCurrency,
} from './test/factories.js';
import { signUp, type SignedInUser } from './test/test-client.js';

const app = useTestApp();

/**
 * Every list a request may carry, at the request's own limit and one above it: the limit answers as
 * a short list does (on PGlite and on PostgreSQL), one more is a German 400 and stores nothing.
 */

const horizon = Array.from({ length: FORECAST_LIMITS.maxMonths }, (_, index) =>
  addMonthsToMonth(monthOf(TEST_TODAY), index),
);

async function transactionsOf(user: SignedInUser, count: number): Promise<number[]> {
  const categoryId = (await aCategory(user)).id;
  const currencyId = (await organisationCurrency(user)).id;
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push((await aTransaction(user, { name: `T${index}`, amount: 1_00, categoryId, currencyId })).id);
  }
  return ids;
}

async function exclusionsOf(user: SignedInUser): Promise<ForecastExclusionKey[]> {
  const response = await user.get('/api/forecasts/exclude');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ForecastExclusionKey[]>();
}

async function costCount(user: SignedInUser, salaryId: number): Promise<number> {
  const response = await user.get(`/api/employees/salaries/${salaryId}/costs?limit=1`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ pagination: { totalCount: number } }>().pagination.totalCount;
}

/**
 * An employee with two salaries; the first has `count` fixed costs of 1.00, made by copying its
 * costs onto itself (each copy doubles them) rather than one request per cost.
 */
async function twoSalariesWithFixedCosts(user: SignedInUser, count: number) {
  const employee = await anEmployee(user);
  const source = await aSalary(user, employee.id, { fromDate: '2026-01-01' });
  const target = await aSalary(user, employee.id, { fromDate: '2026-06-01' });
  const fixed = { amountType: 'fixed', amount: 1_00, distributionType: 'employer' } as const;
  let costIds = [(await aSalaryCost(user, source.id, fixed)).id];
  while (costIds.length < count) {
    const more = costIds.slice(0, count - costIds.length);
    const copied = await user.post(`/api/employees/salaries/${source.id}/costs/copy`, { ids: more });
    expect(copied.statusCode, copied.body).toBe(201);
    costIds = [...costIds, ...copied.json<SalaryCostsCreated>().costs.map((cost) => cost.id)];
  }
  return { source, target, costIds };
}

describe('PUT /api/forecasts/exclude at its limit', () => {
  it(`sets and lifts ${EXCLUSION_BATCH_MAX} exclusions of every kind in one request each; one more is refused`, async () => {
    const user = await signUp(app);
    const transactionIds = await transactionsOf(user, 81);
    const employee = await anEmployee(user);
    const salary = await aSalary(user, employee.id);
    const labelId = (await aLabel(user)).id;
    const keys = [
      ...transactionIds.flatMap((id) =>
        horizon.map((month) => ({ month, relatedTable: 'transactions', relatedId: id })),
      ),
      ...horizon.map((month) => ({ month, relatedTable: 'salaries', relatedId: salary.id })),
      ...horizon.map((month) => ({ month, relatedTable: 'salary_cost_labels', relatedId: 0 })),
      ...horizon.slice(0, 20).map((month) => ({ month, relatedTable: 'salary_cost_labels', relatedId: labelId })),
    ];
    expect(keys).toHaveLength(EXCLUSION_BATCH_MAX);
    const put = (isExcluded: boolean, entries = keys) =>
      user.send({
        method: 'PUT',
        url: '/api/forecasts/exclude',
        payload: { updates: entries.map((key) => ({ ...key, isExcluded })) },
      });

    const excluded = await put(true);
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect(excluded.json()).toEqual({ affected: EXCLUSION_BATCH_MAX });
    expect(await exclusionsOf(user)).toHaveLength(EXCLUSION_BATCH_MAX);

    const lifted = await put(false);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({ affected: EXCLUSION_BATCH_MAX });
    expect(await exclusionsOf(user)).toEqual([]);

    const tooMany = await put(true, [...keys, { month: horizon[0]!, relatedTable: 'transactions', relatedId: 1 }]);
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { updates: `Höchstens ${EXCLUSION_BATCH_MAX} Änderungen auf einmal` },
    });
    expect(await exclusionsOf(user)).toEqual([]);
  }, 120_000);
});

describe('POST /api/transactions/bulk at its limit', () => {
  it(`disables, enables and deletes ${TRANSACTION_BULK_MAX} transactions in one request each; one more is refused`, async () => {
    const user = await signUp(app);
    const ids = await transactionsOf(user, TRANSACTION_BULK_MAX);
    const bulk = (action: string, list = ids) => user.post('/api/transactions/bulk', { ids: list, action });
    const disabledCount = async () => {
      const response = await user.get('/api/transactions?limit=100');
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<TransactionList>();
      return { total: page.pagination.totalCount, disabled: page.data.filter((row) => row.isDisabled).length };
    };

    const tooMany = await bulk('delete', [...ids, 2_000_000_000]);
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { ids: `Höchstens ${TRANSACTION_BULK_MAX} Transaktionen auf einmal` },
    });

    for (const [action, disabled] of [
      ['disable', 100],
      ['enable', 0],
    ] as const) {
      const response = await bulk(action);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ affected: TRANSACTION_BULK_MAX });
      expect(await disabledCount()).toEqual({ total: TRANSACTION_BULK_MAX, disabled });
    }
    const deleted = await bulk('delete');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ affected: TRANSACTION_BULK_MAX });
    expect((await disabledCount()).total).toBe(0);
  }, 120_000);
});

describe('salary cost lists at their limits', () => {
  it(`copies ${COST_COPY_MAX} costs and links ${BASE_COSTS_MAX} base costs in one request each; one more is refused`, async () => {
    const user = await signUp(app);
    const { source, target, costIds: ids } = await twoSalariesWithFixedCosts(user, COST_COPY_MAX);

    const tooMany = await user.post(`/api/employees/salaries/${target.id}/costs/copy`, {
      ids: [...ids, 2_000_000_000],
    });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json()).toMatchObject({ fields: { ids: `Höchstens ${COST_COPY_MAX} Einträge erlaubt` } });
    expect(await costCount(user, target.id)).toBe(0);

    const copied = await user.post(`/api/employees/salaries/${target.id}/costs/copy`, { ids });
    expect(copied.statusCode, copied.body).toBe(201);
    const copies = copied.json<SalaryCostsCreated>().costs;
    expect(copies).toHaveLength(COST_COPY_MAX);
    expect(await costCount(user, target.id)).toBe(COST_COPY_MAX);
    // The whole salary again, by its id: the same number of costs replaced in one request.
    const replaced = await user.post(`/api/employees/salaries/${target.id}/costs/copy`, { sourceSalaryId: source.id });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(await costCount(user, target.id)).toBe(COST_COPY_MAX);

    const bases = replaced
      .json<SalaryCostsCreated>()
      .costs.slice(0, BASE_COSTS_MAX + 1)
      .map((cost) => cost.id);
    const percentage = { amountType: 'percentage', amount: 1000, distributionType: 'employer' } as const;
    const refused = await user.post(`/api/employees/salaries/${target.id}/costs`, {
      ...percentage,
      cycle: 'monthly',
      relativeOffset: 1,
      baseSalaryCostIDs: bases,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      fields: { baseSalaryCostIDs: `Höchstens ${BASE_COSTS_MAX} Einträge erlaubt` },
    });
    const onBases = await aSalaryCost(user, target.id, { ...percentage, baseSalaryCostIDs: bases.slice(0, -1) });
    expect(onBases.baseSalaryCostIDs).toEqual(bases.slice(0, -1));
  }, 180_000);

  it('copies a whole salary whose 500 costs carry 40,000 base links (80,000 values: beyond 65,535 parameters)', async () => {
    const user = await signUp(app);
    const { source, target } = await twoSalariesWithFixedCosts(user, BASE_COSTS_MAX);
    // 400 percentage costs on all 100 bases, written at once: through the API each of them would
    // recompute the salary's schedules, and every one of them is allowed anyway.
    const { db } = app.deps.database;
    const organisationId = user.user.currentOrganisationId;
    await db.execute(sql`with percentages as (
        insert into salary_costs (organisation_id, salary_id, cycle, amount_type, amount, distribution_type, relative_offset)
        select ${organisationId}::int, ${source.id}::int, 'monthly', 'percentage', 10, 'employer', 1
        from generate_series(1, ${COST_COPY_MAX - BASE_COSTS_MAX}::int)
        returning id)
      insert into salary_cost_base_links (cost_id, base_cost_id)
      select p.id, b.id from percentages p cross join salary_costs b
      where b.salary_id = ${source.id}::int and b.amount_type = 'fixed'`);
    expect(await costCount(user, source.id)).toBe(COST_COPY_MAX);

    const copied = await user.post(`/api/employees/salaries/${target.id}/costs/copy`, { sourceSalaryId: source.id });
    expect(copied.statusCode, copied.body.slice(0, 500)).toBe(201);
    const costs = copied.json<SalaryCostsCreated>().costs;
    expect(costs).toHaveLength(COST_COPY_MAX);
    const copiedBases = new Set(costs.filter((cost) => cost.amountType === 'fixed').map((cost) => cost.id));
    const onBases = costs.filter((cost) => cost.amountType === 'percentage');
    expect(onBases).toHaveLength(COST_COPY_MAX - BASE_COSTS_MAX);
    for (const cost of onBases) {
      expect(cost.baseSalaryCostIDs).toHaveLength(BASE_COSTS_MAX);
      expect(cost.baseSalaryCostIDs.every((id) => copiedBases.has(id))).toBe(true);
    }
  }, 180_000);

  it('adds every Swiss preset in one request; a preset twice is refused', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user, { birthDate: '1980-05-01' });
    const salary = await aSalary(user, employee.id);
    const all = swissPresetIds.map((preset) => ({ preset }));
    const twice = await user.post(`/api/employees/salaries/${salary.id}/costs/presets`, {
      items: [...all, { preset: 'ahv' }],
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(await costCount(user, salary.id)).toBe(0);
    const added = await user.post(`/api/employees/salaries/${salary.id}/costs/presets`, { items: all });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<{ costs: SalaryCost[] }>().costs.length).toBeGreaterThanOrEqual(swissPresetIds.length);
  }, 60_000);
});
