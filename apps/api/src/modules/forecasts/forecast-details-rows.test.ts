import { CELL_EXCLUDED, CELL_THIRTEENTH, ForecastModel, type ForecastInput } from '@saldopilot/forecast';
import { addMonthsToMonth, monthOf, type ForecastDetails } from '@saldopilot/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organisations } from '../../db/schema/accounts.js';
import { scenarios } from '../../db/schema/scenarios.js';
import type { Tenant } from '../../lib/tenant.js';
import { useTestApp } from '../../test/build-test-app.js';
import { leavesOf, leavesOfRows } from '../scenarios/scenario-compare.service.js';
import { leavesWanted, toDetails, toDetailsOfTree, type DetailedResult } from './forecasts.service.js';

// The details answer is built from the engine's rows (docs/forecast.md "Details in columns"): it must
// be byte for byte the answer the tree per month gave, for a rich organisation (the demo's salaries
// with a 13th, VAT, a scenario's levers) with exclusions and overdue occurrences added.

const app = useTestApp({ NODE_ENV: 'development' });
/** The organisation the development start seeds (src/demo/, which modules may not import). */
const DEMO_ORGANISATION = 'Demo Treuhand AG';

/** The demo organisation's input, with exclusions in some months and statements covering the past. */
async function richInput(): Promise<{ tenant: Tenant; input: ForecastInput }> {
  const { db } = app.deps.database;
  const [organisation] = await db.select().from(organisations).where(eq(organisations.name, DEMO_ORGANISATION));
  if (!organisation) throw new Error('no demo organisation');
  const tenant: Tenant = {
    userId: 0,
    organisationId: organisation.id,
    role: 'owner',
    currencyId: organisation.currencyId,
    seesSalaries: true,
  };
  const { input } = await app.deps.forecasts.planInput(tenant);
  const first = monthOf(input.today);
  const exclusions = [
    ...input.transactions
      .filter((_, index) => index % 3 === 0)
      .map(({ id }, index) => ({ relatedTable: 'transactions' as const, relatedId: id, month: addMonthsToMonth(first, index % 4) })), // prettier-ignore
    ...input.salaries
      .filter((_, index) => index % 2 === 0)
      .map(({ id }) => ({ relatedTable: 'salaries' as const, relatedId: id, month: addMonthsToMonth(first, 1) })),
    { relatedTable: 'salary_cost_labels' as const, relatedId: 0, month: addMonthsToMonth(first, 2) },
  ];
  // Every item on one account whose statements cover the last three months: what is due there and not
  // matched is overdue.
  const coverage = { accounts: [{ bankAccountId: 1, ranges: [{ from: `${addMonthsToMonth(first, -3)}-01`, to: input.today }] }], salaryAccountId: 1 }; // prettier-ignore
  const transactions = input.transactions.map((transaction) => ({ ...transaction, bankAccountId: 1 }));
  return { tenant, input: { ...input, transactions, exclusions: [...input.exclusions, ...exclusions], coverage } };
}

function bothAnswers(result: DetailedResult, expand?: string[]): [string, string] {
  const wanted = leavesWanted(expand);
  return [JSON.stringify(toDetails(result, wanted)), JSON.stringify(toDetailsOfTree(result, wanted))];
}

describe('the details answer from the rows', () => {
  it('equals the answer from the tree, for every horizon, performance and expand', async () => {
    const { tenant, input } = await richInput();
    const overlays = await Promise.all(
      (
        await app.deps.database.db.select().from(scenarios).where(eq(scenarios.organisationId, tenant.organisationId))
      ).map((scenario) => app.deps.scenarios.overlay(tenant, scenario.id)),
    );
    expect(overlays.length).toBeGreaterThan(0);
    const inputs = [input, ...(await Promise.all(overlays.map((overlay) => overlay.apply(input))))];
    const seen = { thirteenth: 0, excluded: 0, overdue: 0, vat: 0, levers: 0 };
    for (const [index, each] of inputs.entries()) {
      const model = ForecastModel.build(each);
      for (const [months, performance] of [
        [1, 100],
        [13, 80],
        [36, 120],
      ] as const) {
        const result: DetailedResult = model.result({ months, performance, details: true });
        result.vatWarnings = [{ year: Number(each.today.slice(0, 4)), text: 'Grenze überschritten' }];
        const rows = result.detailRows;
        if (!rows) throw new Error('no rows');
        for (let at = 0; at < rows.cells.length; at++) {
          const flags = rows.cells[at] as number;
          if (flags & CELL_THIRTEENTH) seen.thirteenth++;
          if (flags & CELL_EXCLUDED) seen.excluded++;
        }
        seen.overdue += rows.rows.filter((row) => row.overdueDate !== undefined).length;
        seen.vat += rows.vatParts?.size ?? 0;
        const [fromRows, fromTree] = bothAnswers(result);
        expect(fromRows, `input ${index}, ${months} months at ${performance} %`).toBe(fromTree);
        if (index > 0) {
          const answer = JSON.parse(fromRows) as ForecastDetails;
          seen.levers += answer.flatMap((month) =>
            [...month.revenue, ...month.expense].flatMap((category) =>
              category.children.filter((leaf) => leaf.relatedTable === 'scenario_levers'),
            ),
          ).length;
        }
        const categories = JSON.parse(fromRows) as ForecastDetails;
        const names = [...new Set(categories.flatMap((month) => month.expense.map((c) => `expense:${c.name}`)))];
        for (const expand of [[], names.slice(0, 1), names.slice(1, 3)]) {
          const [expandedRows, expandedTree] = bothAnswers(result, expand);
          expect(expandedRows).toBe(expandedTree);
        }
      }
    }
    // The organisation is as rich as this test claims.
    expect(seen.thirteenth).toBeGreaterThan(0);
    expect(seen.excluded).toBeGreaterThan(0);
    expect(seen.overdue).toBeGreaterThan(0);
    expect(seen.vat).toBeGreaterThan(0);
    expect(seen.levers).toBeGreaterThan(0);
  });
});

describe("the comparison's leaves from the rows", () => {
  it('equal the leaves gathered from the details answer, names and months included', async () => {
    const { tenant, input } = await richInput();
    const [scenario] = await app.deps.database.db
      .select()
      .from(scenarios)
      .where(eq(scenarios.organisationId, tenant.organisationId));
    if (!scenario) throw new Error('no scenario');
    const applied = await (await app.deps.scenarios.overlay(tenant, scenario.id)).apply(input);
    const byKey = (leaves: ReturnType<typeof leavesOf>) => [...leaves.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    let leaves = 0;
    for (const each of [input, applied]) {
      const model = ForecastModel.build(each);
      for (const [months, performance] of [
        [13, 80],
        [36, 120],
      ] as const) {
        const result: DetailedResult = model.result({ months, performance, details: true });
        if (!result.detailRows) throw new Error('no rows');
        const fromRows = leavesOfRows(result.detailRows);
        expect(byKey(fromRows)).toEqual(byKey(leavesOf(toDetails(result, leavesWanted(undefined)))));
        leaves += fromRows.size;
      }
    }
    expect(leaves).toBeGreaterThan(0);
  });
});
