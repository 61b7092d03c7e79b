import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BankEntry, PlanActual, PlanActualMonthDetail } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import {
  aBankAccount,
  aSalary,
  aSalaryCost,
  aTransaction,
  anEmployee,
  currencyId,
  importEntries,
} from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

// docs/plan-actual.md "One state per occurrence", through the API on the test's database (PGlite by
// default, PostgreSQL with DATABASE_URL: CI runs both). Random organisations written here (nothing
// real): two bank accounts whose statements (CSV exports made by `importEntries`) cover different
// periods — one from any day of the last two years, the other none, one of 2007 only, or a recent
// span — transactions of every cycle on either account or none, salaries paid on any day with a
// salary cost, the salary account on either account or none, and random occurrences matched to
// entries or marked "entfällt". Every occurrence the drill-down lists in the last 24 months and the
// current month has one state that agrees with the forecast (its overdue rows and
// regular cells) and with Plan/Ist (its plan). The test app's today is 2026-11-21.

const app = useTestApp();
const TODAY = '2026-11-21';
const CURRENT = '2026-11';

interface Occurrence {
  kind: string;
  id: number;
  dueDate: string;
  amount: number;
  state: string;
}

const keyOf = (o: { kind: string; id: number; dueDate: string }) => `${o.kind}|${o.id}|${o.dueDate}`;

/** The months the drill-down answers: from 24 before the current one to it ('YYYY-MM'). */
function monthsRead(): string[] {
  const months: string[] = [];
  for (let index = -24; index <= 0; index += 1) {
    const date = new Date(Date.UTC(2026, 10 + index, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

/** The day `days` after 2024-11-21 ('YYYY-MM-DD'). */
function dayAfterStart(days: number): string {
  return new Date(Date.UTC(2024, 10, 21 + days)).toISOString().slice(0, 10);
}

async function get<T>(user: SignedInUser, url: string): Promise<T> {
  const response = await user.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function occurrencesOf(user: SignedInUser): Promise<Occurrence[]> {
  const all: Occurrence[] = [];
  for (const month of monthsRead()) {
    const detail = await get<PlanActualMonthDetail>(user, `/api/plan-actual/month?month=${month}`);
    all.push(
      ...detail.occurrences.map(({ kind, id, dueDate, amount, state }) => ({ kind, id, dueDate, amount, state })),
    );
  }
  return all;
}

const transaction = fc.record({
  cycle: fc.constantFrom('monthly', 'quarterly', 'yearly', 'single'),
  start: fc.integer({ min: 0, max: 760 }),
  amount: fc.integer({ min: -500_000, max: 300_000 }).filter((amount) => amount !== 0),
  account: fc.constantFrom('a', 'b', null),
});

const organisation = fc.record({
  transactions: fc.array(transaction, { minLength: 1, maxLength: 4 }),
  salaries: fc.array(
    fc.record({ start: fc.integer({ min: 0, max: 730 }), amount: fc.integer({ min: 100_000, max: 900_000 }) }),
    {
      minLength: 1,
      maxLength: 2,
    },
  ),
  salaryAccount: fc.constantFrom('a', 'b', null),
  coverageA: fc.integer({ min: 0, max: 720 }),
  coverageB: fc.oneof(
    fc.constant(null),
    fc.constant('2007' as const),
    fc.record({ from: fc.integer({ min: 300, max: 700 }), length: fc.integer({ min: 0, max: 60 }) }),
  ),
  matched: fc.array(fc.nat(), { maxLength: 3 }),
  dismissed: fc.array(fc.nat(), { maxLength: 3 }),
});

describe('one state per occurrence, through the API (property)', () => {
  it(
    'the drill-down, the forecast and Plan/Ist agree on every occurrence of random organisations',
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(organisation, async (generated) => {
          const user = await signUp(app);
          const chf = await currencyId(user, 'CHF');
          const accounts = {
            a: await aBankAccount(user, {
              name: 'Konto A',
              amount: 5_000_000,
              currencyId: chf,
              balanceDate: '2026-11-20',
            }),
            b: await aBankAccount(user, {
              name: 'Konto B',
              amount: 100_000,
              currencyId: chf,
              balanceDate: '2026-09-30',
            }),
          };
          const accountId = (name: 'a' | 'b' | null) => (name === null ? null : accounts[name].id);
          const organisationId = user.user.currentOrganisationId;
          const patched = await user.patch(`/api/organisations/${organisationId}`, {
            salaryBankAccountId: accountId(generated.salaryAccount),
          });
          expect(patched.statusCode, patched.body).toBe(200);
          for (const [index, t] of generated.transactions.entries()) {
            await aTransaction(user, {
              name: `Zahlung ${index + 1}`,
              amount: t.amount,
              type: t.cycle === 'single' ? 'single' : 'repeating',
              // A one-off has no cycle (the factory's default is dropped: undefined is not sent).
              cycle: t.cycle === 'single' ? undefined : t.cycle,
              startDate: dayAfterStart(t.start),
              currencyId: chf,
              bankAccountId: accountId(t.account),
            });
          }
          for (const [index, s] of generated.salaries.entries()) {
            const employee = await anEmployee(user, { name: `Person ${index + 1}` });
            const salary = await aSalary(user, employee.id, { amount: s.amount, fromDate: dayAfterStart(s.start) });
            await aSalaryCost(user, salary.id);
          }
          // The statements: A from any day up to the 20th of November; B none, 2007 only, or a span.
          const aFrom = dayAfterStart(generated.coverageA);
          await importEntries(user, accounts.a.id, [
            { date: aFrom < '2026-11-20' ? aFrom : '2026-11-20', amount: '-5.00', text: 'Gebühr' },
            { date: '2026-11-20', amount: '-5.00', text: 'Gebühr' },
          ]);
          const b = generated.coverageB;
          if (b === '2007') {
            await importEntries(user, accounts.b.id, [{ date: '2007-03-05', amount: '-5.00', text: 'Gebühr' }]);
          } else if (b !== null) {
            await importEntries(user, accounts.b.id, [
              { date: dayAfterStart(b.from), amount: '-5.00', text: 'Gebühr' },
              { date: dayAfterStart(Math.min(b.from + b.length, 729)), amount: '-5.00', text: 'Gebühr' },
            ]);
          }

          // Random occurrences of A's covered past matched to entries of A on their due date, others marked "entfällt".
          const before = await occurrencesOf(user);
          const payable = before.filter((o) => o.dueDate >= aFrom && o.dueDate < '2026-11-20' && o.amount !== 0);
          const toMatch = [
            ...new Map(
              generated.matched
                .flatMap((n) => (payable.length ? [payable[n % payable.length]!] : []))
                .map((o) => [keyOf(o), o]),
            ).values(),
          ];
          if (toMatch.length > 0) {
            const entries = await importEntries(
              user,
              accounts.a.id,
              toMatch.map((o, index) => ({
                date: o.dueDate,
                amount: (o.amount / 100).toFixed(2),
                text: `Zahlung ${index}`,
              })),
            );
            for (const [index, o] of toMatch.entries()) {
              const entry = entries.find((e: BankEntry) => e.remittanceInformation === `Zahlung ${index}`);
              const matched = await user.post(`/api/bank-entries/${entry!.id}/match`, {
                kind: o.kind,
                id: o.id,
                dueDate: o.dueDate,
              });
              expect(matched.statusCode, matched.body).toBe(200);
            }
          }
          const matchedKeys = new Set(toMatch.map(keyOf));
          // Only what is due before today can be marked "entfällt".
          const dismissable = before.filter((o) => !matchedKeys.has(keyOf(o)) && o.dueDate < TODAY);
          const dismissedKeys = new Set<string>();
          for (const n of generated.dismissed) {
            const o = dismissable[n % Math.max(dismissable.length, 1)];
            if (!o || dismissedKeys.has(keyOf(o))) continue;
            const dismissed = await user.post('/api/occurrence-dismissals', {
              kind: o.kind,
              id: o.id,
              dueDate: o.dueDate,
            });
            expect(dismissed.statusCode, dismissed.body).toBe(201);
            dismissedKeys.add(keyOf(o));
          }

          const occurrences = await occurrencesOf(user);
          // Each occurrence once, in the state its facts give.
          expect(new Set(occurrences.map(keyOf)).size).toBe(occurrences.length);
          for (const o of occurrences) {
            const expected = dismissedKeys.has(keyOf(o))
              ? ['dismissed']
              : matchedKeys.has(keyOf(o))
                ? ['matched']
                : o.dueDate >= TODAY
                  ? ['open']
                  : ['overdue', 'uncovered'];
            expect(expected, `${keyOf(o)} is ${o.state}`).toContain(o.state);
          }
          // Nothing overdue that A's statements or an account's own statements do not cover: not before
          // A's first day, and nothing of B when B has only 2007.
          for (const o of occurrences.filter((x) => x.state === 'overdue'))
            expect(o.dueDate >= aFrom || b !== null).toBe(true);

          // The forecast: its overdue rows are exactly the overdue occurrences; each month's regular
          // cells exactly its open ones.
          const details = detailsOfColumns(await get<ForecastDetailColumns>(user, '/api/forecasts/details?months=3'));
          const leaves = details.flatMap((month) =>
            [...month.revenue, ...month.expense].flatMap((category) =>
              category.children.map((leaf) => ({ month: month.month, ...leaf })),
            ),
          );
          const sumsBy = (items: { key: string; amount: number }[]) => {
            const sums = new Map<string, number>();
            for (const { key, amount } of items) sums.set(key, (sums.get(key) ?? 0) + amount);
            return [...sums.entries()].filter(([, amount]) => amount !== 0).sort();
          };
          expect(
            sumsBy(
              leaves
                .filter((leaf) => leaf.overdueDate !== undefined)
                .map((leaf) => ({
                  key: `${leaf.relatedTable}|${leaf.relatedId}|${leaf.overdueDate}`,
                  amount: leaf.amount,
                })),
            ),
          ).toEqual(
            sumsBy(occurrences.filter((o) => o.state === 'overdue').map((o) => ({ key: keyOf(o), amount: o.amount }))),
          );
          const regular = leaves
            .filter((leaf) => leaf.month === CURRENT && leaf.overdueDate === undefined)
            .reduce((sum, leaf) => sum + leaf.amount, 0);
          const open = occurrences
            .filter((o) => o.dueDate.startsWith(CURRENT) && o.state === 'open')
            .reduce((sum, o) => sum + o.amount, 0);
          expect(regular).toBe(open);

          // Plan/Ist plans every occurrence of its months, whatever its state.
          const table = await get<PlanActual>(user, '/api/plan-actual');
          expect(table.to).toBe(CURRENT);
          for (const month of table.months) {
            const planned = occurrences
              .filter((o) => o.dueDate.startsWith(month.month))
              .reduce((sum, o) => sum + o.amount, 0);
            expect(month.cashflow.plan, month.month).toBe(planned);
          }
        }),
        { numRuns: 5 },
      );
    },
  );
});
