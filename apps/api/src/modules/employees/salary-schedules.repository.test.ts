import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app.js';
import { aSalary, aSalaryCost, anEmployee } from '../../test/factories.js';
import { signUp } from '../../test/test-client.js';
import { storeSchedules, type StoredDetail } from './salary-schedules.repository.js';

const app = useTestApp();

const payment = (costId: number, month: string, amount: number, divider = 1, isExtraMonth = false): StoredDetail => ({
  costId,
  month,
  amount,
  divider,
  isExtraMonth,
});

/**
 * A salary with two costs whose stored payments are exactly `payments(first, second)`, and a look at
 * the stored rows with the transaction that wrote each (`xmin`): a row that was not written keeps it.
 */
async function aSalaryWithStoredPayments(payments: (first: number, second: number) => StoredDetail[]) {
  const user = await signUp(app);
  const organisationId = user.user.currentOrganisationId;
  const salary = await aSalary(user, (await anEmployee(user)).id);
  const [first, second] = [(await aSalaryCost(user, salary.id)).id, (await aSalaryCost(user, salary.id)).id];
  const { db } = app.deps.database;
  const store = (details: StoredDetail[]) =>
    db.transaction((tx) => storeSchedules(tx, organisationId, '2026-11-21', [salary.id], details, []));
  const stored = async () => {
    const result = (await db.execute(sql`select d.cost_id, d.month, d.amount, d.divider, d.is_extra_month,
        d.xmin::text as written_by
      from salary_cost_details d join salary_costs c on c.id = d.cost_id
      where c.salary_id = ${salary.id} order by d.cost_id, d.month`)) as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => ({
      detail: payment(
        Number(row.cost_id),
        String(row.month),
        Number(row.amount),
        Number(row.divider),
        row.is_extra_month === true,
      ),
      writtenBy: String(row.written_by),
    }));
  };
  await store(payments(first, second));
  return { first, second, store, stored };
}

describe('storeSchedules', () => {
  it('writes only new and changed payments and deletes the ones no longer due', async () => {
    const { first, second, store, stored } = await aSalaryWithStoredPayments((a, b) => [
      payment(a, '2026-11', 100),
      payment(a, '2026-12', 100),
      payment(b, '2026-11', 50),
    ]);
    const before = await stored();
    const writer = (month: string, costId: number) =>
      before.find((row) => row.detail.costId === costId && row.detail.month === month)?.writtenBy;

    await store([
      payment(first, '2026-11', 100), // unchanged
      payment(first, '2026-12', 120), // amount changed
      payment(first, '2027-01', 100), // new
      payment(second, '2026-11', 50, 3), // divider changed
    ]);
    const after = await stored();
    expect(after.map((row) => row.detail)).toEqual([
      payment(first, '2026-11', 100),
      payment(first, '2026-12', 120),
      payment(first, '2027-01', 100),
      payment(second, '2026-11', 50, 3),
    ]);
    // The unchanged payment was not written again; the changed ones were.
    expect(after[0]!.writtenBy).toBe(writer('2026-11', first));
    expect(after[1]!.writtenBy).not.toBe(writer('2026-12', first));
    expect(after[3]!.writtenBy).not.toBe(writer('2026-11', second));

    await store([payment(first, '2026-11', 100, 1, true)]);
    expect((await stored()).map((row) => row.detail)).toEqual([payment(first, '2026-11', 100, 1, true)]);
  });

  it('writes nothing when the schedules stayed the same', async () => {
    const { store, stored } = await aSalaryWithStoredPayments((a, b) => [
      payment(a, '2026-11', 100),
      payment(b, '2026-11', 50),
    ]);
    const before = await stored();
    await store([...before.map((row) => row.detail)].reverse());
    expect(await stored()).toEqual(before);
  });

  it('leaves the payments of other salaries alone', async () => {
    const one = await aSalaryWithStoredPayments((a) => [payment(a, '2026-11', 100)]);
    const other = await aSalaryWithStoredPayments((a) => [payment(a, '2026-11', 70)]);
    const otherBefore = await other.stored();
    await one.store([]);
    expect(await one.stored()).toEqual([]);
    expect(await other.stored()).toEqual(otherBefore);
  });
});
