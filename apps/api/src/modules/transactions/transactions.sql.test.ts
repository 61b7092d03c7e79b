import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addMonths, cycles, daysInMonth, nextExecutionDate, type PaymentSchedule } from '@saldopilot/shared';
import { transactions } from '../../db/schema/index.js';
import { useTestApp } from '../../test/build-test-app.js';
import { signUp } from '../../test/test-client.js';
import { aCategory, organisationCurrency } from '../../test/factories.js';
import { nextExecutionDateSql } from './transactions.repository.js';

const app = useTestApp();

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Schedules around every month end (28/29/30/31 and the 1st) of six years, in every cycle, without
 * an end and with ends near the next steps, plus single ones: where the sticky month end, clamping
 * and leap years could make SQL and TypeScript part ways.
 */
function scheduleCases(): PaymentSchedule[] {
  const cases: PaymentSchedule[] = [];
  const endOffsets = [0, 20, 45, 100, 400];
  let variant = 0;
  for (let month = 0; month < 72; month++) {
    const first = addMonths('2023-01-01', month);
    const length = daysInMonth(Number(first.slice(0, 4)), Number(first.slice(5, 7)));
    const days = [1, 15, 28, 29, 30, 31].filter((day) => day <= length);
    for (const day of days) {
      const startDate = `${first.slice(0, 8)}${String(day).padStart(2, '0')}`;
      cases.push({ type: 'single', startDate });
      for (const cycle of cycles) {
        cases.push({ type: 'repeating', cycle, startDate, endDate: null });
        const endDate = addDays(startDate, endOffsets[variant++ % endOffsets.length]!);
        cases.push({ type: 'repeating', cycle, startDate, endDate });
      }
    }
  }
  return cases;
}

const TODAYS = [
  '2023-01-01',
  '2024-02-28',
  '2024-02-29',
  '2024-03-01',
  '2025-02-28',
  '2025-03-31',
  '2026-01-31',
  '2026-02-28',
  '2026-04-30',
  '2026-11-21',
  '2026-12-31',
  '2027-06-15',
  '2028-02-29',
  '2029-12-31',
];

describe('the next execution date in SQL', () => {
  it('agrees with the shared nextExecutionDate() on every case and day', async () => {
    const user = await signUp(app);
    const organisationId = user.user.currentOrganisationId;
    const categoryId = (await aCategory(user)).id;
    const currencyId = (await organisationCurrency(user)).id;
    const { db } = app.deps.database;
    const cases = scheduleCases();
    const byId = new Map<number, PaymentSchedule>();
    for (let start = 0; start < cases.length; start += 500) {
      const chunk = cases.slice(start, start + 500);
      const inserted = await db
        .insert(transactions)
        .values(
          chunk.map((schedule, index) => ({
            organisationId,
            name: `Fall ${start + index}`,
            amount: 100,
            type: schedule.type,
            cycle: schedule.cycle ?? null,
            startDate: schedule.startDate,
            endDate: schedule.endDate ?? null,
            categoryId,
            currencyId,
          })),
        )
        .returning({ id: transactions.id });
      inserted.forEach((row, index) => byId.set(row.id, chunk[index]!));
    }
    expect(byId.size).toBeGreaterThan(2000);

    let compared = 0;
    let expired = 0;
    for (const today of TODAYS) {
      const rows = await db
        .select({ id: transactions.id, next: sql<string | null>`(${nextExecutionDateSql(today)})::text` })
        .from(transactions)
        .where(eq(transactions.organisationId, organisationId));
      const disagreements = rows
        .map((row) => ({ ...byId.get(row.id)!, today, sql: row.next, ts: nextExecutionDate(byId.get(row.id)!, today) }))
        .filter((row) => row.sql !== row.ts);
      expect(disagreements.slice(0, 5), `today ${today}`).toEqual([]);
      compared += rows.length;
      expired += rows.filter((row) => row.next === null).length;
    }
    expect(compared).toBe(byId.size * TODAYS.length);
    // Both answers occur often: the table is not all dates or all "Abgelaufen".
    expect(expired).toBeGreaterThan(compared / 10);
    expect(expired).toBeLessThan(compared * 0.9);
  });
});
