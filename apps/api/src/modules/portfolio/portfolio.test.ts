import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  cellsOf,
  portfolioTexts,
  visibleRows,
  type Organisation,
  type Portfolio,
  type PortfolioRow,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import {
  aBankAccount,
  aLabel,
  aSalary,
  aSalaryCost,
  aTransaction,
  anEmployee,
  importEntries,
} from '../../test/factories.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';

// docs/cockpit.md. Today of the test app is 2026-11-21; organisations and amounts are synthetic.

const app = useTestApp();

/** A new organisation of `user` in CHF, made current, with `minimumBalance` set. */
async function anOrganisation(user: SignedInUser, name: string, minimumBalance = 0): Promise<number> {
  const currencies = (await user.get('/api/currencies')).json<{ id: number; code: string }[]>();
  const chf = currencies.find((currency) => currency.code === 'CHF');
  const created = await user.post('/api/organisations', { name, currencyId: chf?.id });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<Organisation>();
  expect((await user.patch('/api/profile/organisation', { organisationId: id })).statusCode).toBe(200);
  const updated = await user.patch(`/api/organisations/${id}`, { minimumBalance });
  expect(updated.statusCode, updated.body).toBe(200);
  return id;
}

/**
 * The user's rows once current: a read right after a write may answer a stored row "wird
 * aktualisiert" and compute it in the background (docs/cockpit.md "Stored rows"); then read again.
 * On PostgreSQL a write's change notice can reach the instance after the background turn has
 * started, so the row may be stale once more: a few turns, then the rows must be current.
 */
async function portfolioOf(user: SignedInUser): Promise<PortfolioRow[]> {
  const read = async () => {
    const response = await user.get('/api/portfolio');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Portfolio>();
  };
  let answer = await read();
  for (let turn = 0; turn < 5 && (answer.pending.length > 0 || answer.rows.some((row) => row.updating)); turn += 1) {
    await app.deps.portfolio.settled();
    answer = await read();
  }
  expect(answer.pending).toEqual([]);
  expect(answer.rows.filter((row) => row.updating)).toEqual([]);
  return answer.rows;
}

describe('GET /portfolio (docs/cockpit.md "The row")', () => {
  it('answers each organisation with its first shortfall, lowest balance, runway and freshness, the earliest shortfall first', async () => {
    const user = await signUp(app);
    // Alpha: 10'000.00 today, 3'000.00 paid on the 25th of every month, minimum 5'000.00.
    const alpha = await anOrganisation(user, 'Alpha AG', 500_000);
    await aBankAccount(user, { name: 'UBS', amount: 1_000_000, balanceDate: '2026-11-21' });
    await aTransaction(user, { amount: -300_000, startDate: '2026-11-25' });
    // Beta: 500'000.00 "Stand per" 01.11.2026 (20 days old: stale), nothing planned.
    const beta = await anOrganisation(user, 'Beta GmbH');
    await aBankAccount(user, { name: 'PostFinance', amount: 50_000_000, balanceDate: '2026-11-01' });

    const rows = await portfolioOf(user);
    // The sign-up's own organisation too; Alpha falls short, so it comes first.
    expect(rows.map((row) => row.organisationId)).toEqual([alpha, beta, user.user.currentOrganisationId]);
    const [first, second] = rows;
    // 10'000 − 3'000 = 7'000 end of November; 4'000 end of December < 5'000; the lowest is after
    // 12 payments: 10'000 − 36'000 = −26'000 in October 2027.
    expect(first).toMatchObject({
      name: 'Alpha AG',
      role: 'owner',
      currency: 'CHF',
      minimumBalance: 500_000,
      shortfallMonth: '2026-12',
      coveredUntil: '2026-11',
      lowest: { month: '2027-10', saldo: -2_600_000 },
      bankBalance: 1_000_000,
      oldestBalanceDate: '2026-11-21',
      balanceStale: false,
      unmatchedEntries: 0,
      payments: [],
    });
    // A write is seen once its row is computed again (the rows are kept only while the data stays the same).
    await user.patch('/api/profile/organisation', { organisationId: beta });
    await user.patch(`/api/organisations/${beta}`, { name: 'Beta Holding GmbH', minimumBalance: 60_000_000 });
    const again = await portfolioOf(user);
    expect(again.map((row) => [row.name, row.shortfallMonth])).toEqual([
      ['Beta Holding GmbH', '2026-11'],
      ['Alpha AG', '2026-12'],
      ['Meine Organisation', null],
    ]);
    expect(second).toMatchObject({
      name: 'Beta GmbH',
      shortfallMonth: null,
      coveredUntil: null,
      lowest: { month: '2026-11', saldo: 50_000_000 },
      bankBalance: 50_000_000,
      oldestBalanceDate: '2026-11-01',
      balanceStale: true,
    });
  });

  it('counts the open bank entries and the overdue planned payments as plan vs actual does', async () => {
    const user = await signUp(app);
    const account = await aBankAccount(user, { amount: 1_000_000, balanceDate: '2026-11-21' });
    await aTransaction(user, { type: 'single', cycle: undefined, amount: -120_000, startDate: '2026-11-05' });
    await importEntries(user, account.id, [
      { date: '2026-11-02', amount: '50.00', text: 'Zins' },
      { date: '2026-11-10', amount: '-70.00', text: 'Gebühr' },
    ]);
    const [row] = await portfolioOf(user);
    expect(row?.unmatchedEntries).toBe(2);
    const overdue = (await user.get('/api/occurrence-dismissals/bulk?before=2026-11-21')).json<{
      count: number;
      total: number;
    }>();
    // The single payment of 1'200.00 due 05.11.2026 lies between the statement's entries, unpaid.
    expect(row?.overdue).toEqual({ count: 1, total: -120_000 });
    expect(overdue).toMatchObject({ count: 1, total: -120_000 });
  });

  it('names the fund and tax payments of the next 30 days, not the salaries', async () => {
    const user = await signUp(app);
    await aBankAccount(user, { amount: 10_000_000, balanceDate: '2026-11-21' });
    const employee = await anEmployee(user);
    const salary = await aSalary(user, employee.id);
    const label = await aLabel(user, { name: 'AHV/IV/EO' });
    await aSalaryCost(user, salary.id, { labelId: label.id });
    const [row] = await portfolioOf(user);
    // 5.3 % of 8'000.00 borne by both: 2 × 424.00 = 848.00 for November, due 30.11.2026; the
    // December cost (31.12.2026) lies past 21.12.2026, and the salary itself is no fund payment.
    expect(row?.payments).toEqual([
      { kind: 'salary_cost_labels', name: 'AHV/IV/EO', dueDate: '2026-11-30', amount: -84_800 },
    ]);
  });

  it("shows read-only memberships, never another user's organisations, and 401 without a session", async () => {
    const { a, b } = await twoTenants(app);
    await aBankAccount(b, { amount: 100, balanceDate: '2026-11-21' });
    await b.patch(`/api/organisations/${b.user.currentOrganisationId}`, { minimumBalance: 1_000_000 });
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    const rows = await portfolioOf(reader);
    expect(rows.find((row) => row.organisationId === a.user.currentOrganisationId)?.role).toBe('read-only');
    expect(rows.map((row) => row.organisationId)).not.toContain(b.user.currentOrganisationId);
    expect((await portfolioOf(a)).map((row) => row.organisationId)).toEqual([a.user.currentOrganisationId]);
    expect((await browser(app).get('/api/portfolio')).statusCode).toBe(401);
  });
});

describe('GET /portfolio/export (docs/cockpit.md "Export")', () => {
  it('writes the rows the page shows, with its search, filter and sort, as XLSX and CSV', async () => {
    const user = await signUp(app);
    await anOrganisation(user, 'Alpha AG', 500_000);
    await aBankAccount(user, { name: 'UBS', amount: 1_000_000, balanceDate: '2026-11-21' });
    await aTransaction(user, { amount: -300_000, startDate: '2026-11-25' });
    await anOrganisation(user, 'Beta GmbH');
    await aBankAccount(user, { name: 'PostFinance', amount: 50_000_000, balanceDate: '2026-11-01' });
    const rows = await portfolioOf(user);
    // The page's cells of the same rows (the shared cellsOf the table renders).
    const shown = (query: Parameters<typeof visibleRows>[1]) =>
      visibleRows(rows, query).map((row) => Object.values(cellsOf(row)));

    const xlsx = await user.get('/api/portfolio/export?format=xlsx');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('filename="Uebersicht-2026-11-21.xlsx"');
    const [sheet] = await readXlsxFile(xlsx.rawPayload);
    expect(sheet!.sheet).toBe('Übersicht');
    expect(sheet!.data[0]).toEqual(Object.values(portfolioTexts.columns));
    const all = shown({ search: '', filter: 'all', sortBy: 'urgency', descending: false });
    expect(sheet!.data.slice(1).map((cells) => cells.map(String))).toEqual(all);
    expect(sheet!.data[1]?.[0]).toBe('Alpha AG');

    // Filter, search and sort as the page's: the stale balance only, then by name backwards.
    const csv = await user.get('/api/portfolio/export?format=csv&filter=stale&sortBy=name&descending=true');
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    const stale = shown({ search: '', filter: 'stale', sortBy: 'name', descending: true });
    expect(stale.map((cells) => cells[0])).toEqual(['Beta GmbH']);
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['Beta GmbH']);
    const searched = await user.get('/api/portfolio/export?format=csv&search=ALPHA');
    expect(searched.rawPayload.toString('utf8')).toContain('Alpha AG');
    expect(searched.rawPayload.toString('utf8')).not.toContain('Beta GmbH');
  });

  it('refuses an unknown format or filter in German, and answers 401 without a session', async () => {
    const user = await signUp(app);
    const pdf = await user.get('/api/portfolio/export?format=pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.body).toContain('Unbekanntes Format');
    expect((await user.get('/api/portfolio/export?format=csv&filter=alles')).statusCode).toBe(400);
    expect((await browser(app).get('/api/portfolio/export?format=csv')).statusCode).toBe(401);
  });

  it("holds read-only memberships and never another user's organisation", async () => {
    const { a, b } = await twoTenants(app);
    await b.patch(`/api/organisations/${b.user.currentOrganisationId}`, { name: 'Fremde AG' });
    await a.patch(`/api/organisations/${a.user.currentOrganisationId}`, { name: 'Eigene AG' });
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    const text = (await reader.get('/api/portfolio/export?format=csv')).rawPayload.toString('utf8');
    expect(text).toContain('Eigene AG');
    expect(text).not.toContain('Fremde AG');
  });
});
