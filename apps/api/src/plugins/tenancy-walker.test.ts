import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from '../test/build-test-app.js';
import { anApiToken } from '../test/bearer-client.js';
import { aConnection } from '../test/oauth-client.js';
import { fillPath, routesOf } from '../test/routes.js';
import { signUp, uniqueEmail, type SignedInUser } from '../test/test-client.js';
import { invitationTokenFromOutbox, twoTenants } from '../test/tenants.js';
import {
  aBankAccount,
  aCategory,
  aLabel,
  aSalary,
  aSalaryCost,
  anEmployee,
  aTransaction,
  aVatRate,
  sendStatement,
} from '../test/factories.js';

const app = useTestApp();

/**
 * Rows of organisation A behind one id route: the ids that fill its path, and the addresses A reads
 * to see that nothing changed after organisation B tried the route.
 */
interface TenantRows {
  ids: Record<string, number>;
  witnesses: string[];
  /** A query the route needs to get past validation (an export's `format`). */
  query?: string;
}

type Fixture = (app: FastifyInstance, a: SignedInUser) => Promise<TenantRows>;

async function anInvitation(app: FastifyInstance, a: SignedInUser): Promise<number> {
  const organisationId = a.user.currentOrganisationId;
  const response = await a.post(`/api/organisations/${organisationId}/invitations`, {
    email: uniqueEmail('walker'),
    role: 'editor',
  });
  if (response.statusCode !== 201) throw new Error(`invitation failed: ${response.body}`);
  return response.json<{ id: number }>().id;
}

/**
 * One fixture per path with an id: a route added later without one fails this test, so every id
 * route is walked. Bodies are valid, so a refusal can only come from the tenancy check.
 */
const FIXTURES: Record<string, Fixture> = {
  '/api/organisations/:id': async (_app, a) => {
    const id = a.user.currentOrganisationId;
    return { ids: { id }, witnesses: [`/api/organisations/${id}`] };
  },
  '/api/organisations/:id/members': async (_app, a) => {
    const id = a.user.currentOrganisationId;
    return { ids: { id }, witnesses: [`/api/organisations/${id}/members`] };
  },
  '/api/organisations/:id/members/:userId': async (_app, a) => {
    const id = a.user.currentOrganisationId;
    return { ids: { id, userId: a.user.id }, witnesses: [`/api/organisations/${id}/members`] };
  },
  '/api/organisations/:id/invitations': async (_app, a) => {
    const id = a.user.currentOrganisationId;
    return { ids: { id }, witnesses: [`/api/organisations/${id}/invitations`] };
  },
  '/api/organisations/:id/invitations/:invitationId': async (app, a) => {
    const id = a.user.currentOrganisationId;
    return {
      ids: { id, invitationId: await anInvitation(app, a) },
      witnesses: [`/api/organisations/${id}/invitations`],
    };
  },
  '/api/organisations/:id/invitations/:invitationId/resend': async (app, a) => {
    const id = a.user.currentOrganisationId;
    return {
      ids: { id, invitationId: await anInvitation(app, a) },
      witnesses: [`/api/organisations/${id}/invitations`],
    };
  },
  // A's pending invitation (from a third organisation): B can neither decline nor accept it.
  '/api/me/invitations/:id': async (app, a) => meInvitation(app, a),
  '/api/me/invitations/:id/accept': async (app, a) => meInvitation(app, a),
  // A's own token: B cannot revoke it (and A's list shows it still).
  '/api/api-tokens/:id': async (_app, a) => {
    const { token } = await anApiToken(a, ['data:read']);
    return { ids: { id: token.id }, witnesses: ['/api/api-tokens'] };
  },
  // A's assistant connection: B cannot end it.
  '/api/connections/:id': async (app, a) => {
    const { id } = await aConnection(app, a);
    return { ids: { id }, witnesses: ['/api/connections'] };
  },
  '/api/bank-accounts/:id': async (_app, a) => {
    const { id } = await aBankAccount(a);
    return { ids: { id }, witnesses: [`/api/bank-accounts/${id}`, '/api/bank-accounts'] };
  },
  '/api/bank-accounts/:id/entries': async (_app, a) => accountWithEntries(a),
  '/api/bank-accounts/:id/csv-mapping': async (_app, a) => {
    const { id } = await aBankAccount(a);
    const csvMapping = { date: 'Datum', amount: 'Betrag' };
    const saved = await a.send({ method: 'PUT', url: `/api/bank-accounts/${id}/csv-mapping`, payload: { csvMapping } });
    if (saved.statusCode !== 200) throw new Error(`saving a CSV mapping failed: ${saved.body}`);
    return { ids: { id }, witnesses: [`/api/bank-accounts/${id}/csv-mapping`] };
  },
  '/api/bank-accounts/:id/entries/:entryId': async (_app, a) => accountWithEntries(a),
  // Plan vs actual: the routes name an entry alone.
  '/api/bank-entries/:id/match-suggestions': async (_app, a) => entryRows(a),
  '/api/bank-entries/:id/match': async (_app, a) => entryRows(a),
  '/api/bank-entries/:id/unplanned': async (_app, a) => entryRows(a),
  '/api/occurrence-dismissals/:id': async (_app, a) => {
    // An overdue occurrence of A (its entries begin on 2026-11-03) marked "entfällt": the forecast shows whether it still is.
    await accountWithEntries(a);
    const rent = await aTransaction(a, { type: 'single', cycle: null, amount: -70_000, startDate: '2026-11-05' });
    const key = { kind: 'transactions', id: rent.id, dueDate: '2026-11-05' };
    const response = await a.post('/api/occurrence-dismissals', key);
    if (response.statusCode !== 201) throw new Error(`dismissal failed: ${response.body}`);
    return {
      ids: { id: response.json<{ dismissalId: number }>().dismissalId },
      witnesses: ['/api/forecasts/details?months=1'],
    };
  },
  '/api/bank-accounts/:id/entries/export': async (_app, a) => ({
    ...(await accountWithEntries(a)),
    query: 'format=csv',
  }),
  '/api/categories/:id': async (_app, a) => {
    const { id } = await aCategory(a);
    return { ids: { id }, witnesses: [`/api/categories/${id}`, '/api/categories'] };
  },
  // A category in use: a reassignment by B would move A's transaction.
  '/api/categories/:id/reassign': async (_app, a) => {
    const { id } = await aCategory(a);
    const transaction = await aTransaction(a, { categoryId: id });
    return { ids: { id }, witnesses: [`/api/categories/${id}`, `/api/transactions/${transaction.id}`] };
  },
  '/api/scenarios/:id': async (_app, a) => aScenario(a),
  '/api/scenarios/:id/levers': async (_app, a) => aScenario(a),
  '/api/scenarios/:id/levers/:leverId': async (_app, a) => aScenario(a),
  '/api/scenarios/:id/promote': async (_app, a) => aScenario(a),
  '/api/scenarios/:id/levers/:leverId/promote': async (_app, a) => aScenario(a),
  '/api/vats/:id': async (_app, a) => {
    const { id } = await aVatRate(a);
    return { ids: { id }, witnesses: [`/api/vats/${id}`, '/api/vats'] };
  },
  '/api/vats/:id/usage': async (_app, a) => {
    const { id } = await aVatRate(a);
    return { ids: { id }, witnesses: [`/api/vats/${id}`] };
  },
  '/api/transactions/:id': async (_app, a) => {
    const { id } = await aTransaction(a);
    return { ids: { id }, witnesses: [`/api/transactions/${id}`, '/api/transactions'] };
  },
  '/api/employees/:id': async (_app, a) => {
    const { id } = await anEmployee(a);
    return { ids: { id }, witnesses: [`/api/employees/${id}`, '/api/employees'] };
  },
  '/api/employees/:id/salaries': async (_app, a) => {
    const { id } = await anEmployee(a);
    await aSalary(a, id);
    return { ids: { id }, witnesses: [`/api/employees/${id}/salaries`, `/api/employees/${id}`] };
  },
  '/api/employees/salaries/:salaryId': async (_app, a) => salaryRows(a),
  '/api/employees/salaries/:salaryId/costs': async (_app, a) => salaryRows(a),
  '/api/employees/salaries/:salaryId/costs/copy': async (_app, a) => salaryRows(a),
  '/api/employees/salaries/:salaryId/costs/presets': async (_app, a) => salaryRows(a),
  '/api/employees/salaries/costs/:costId': async (_app, a) => {
    const rows = await salaryRows(a);
    const { id } = await aSalaryCost(a, rows.ids.salaryId!);
    return { ids: { costId: id }, witnesses: [...rows.witnesses, `/api/employees/salaries/costs/${id}`] };
  },
  '/api/employees/salaries/costs/labels/:id': async (_app, a) => {
    const { id } = await aLabel(a);
    return {
      ids: { id },
      witnesses: [`/api/employees/salaries/costs/labels/${id}`, '/api/employees/salaries/costs/labels'],
    };
  },
};

/** An account of A with imported entries (a CSV export into the account): the account and its first entry. */
async function accountWithEntries(a: SignedInUser): Promise<TenantRows> {
  const { id } = await aBankAccount(a);
  const csv = 'Datum;Buchungstext;Betrag\n03.11.2026;Gutschrift Kunde;100.00\n04.11.2026;Miete;-50.00\n';
  const response = await sendStatement(
    a,
    { bytes: new TextEncoder().encode(csv), contentType: 'text/csv' },
    { bankAccountId: id },
  );
  if (response.statusCode !== 200) throw new Error(`import failed: ${response.body}`);
  const entries = await a.get(`/api/bank-accounts/${id}/entries`);
  const entryId = entries.json<{ data: { id: number }[] }>().data[0]!.id;
  return { ids: { id, entryId }, witnesses: [`/api/bank-accounts/${id}/entries`, `/api/bank-accounts/${id}`] };
}

/** A's first entry by its own id (the plan-vs-actual routes), its account's entries as witnesses. */
async function entryRows(a: SignedInUser): Promise<TenantRows> {
  const { ids, witnesses } = await accountWithEntries(a);
  return { ids: { id: ids.entryId! }, witnesses };
}

/** An employee of A with a salary that has a cost. */
async function salaryRows(a: SignedInUser): Promise<TenantRows> {
  const employee = await anEmployee(a);
  const salary = await aSalary(a, employee.id);
  await aSalaryCost(a, salary.id);
  return {
    ids: { salaryId: salary.id },
    witnesses: [
      `/api/employees/salaries/${salary.id}`,
      `/api/employees/salaries/${salary.id}/costs`,
      `/api/employees/${employee.id}/salaries`,
    ],
  };
}

async function meInvitation(app: FastifyInstance, a: SignedInUser): Promise<TenantRows> {
  const inviter = await signUp(app);
  const response = await inviter.post(`/api/organisations/${inviter.user.currentOrganisationId}/invitations`, {
    email: a.email,
    role: 'editor',
  });
  if (response.statusCode !== 201) throw new Error(`invitation failed: ${response.body}`);
  await invitationTokenFromOutbox(app, a.email);
  return { ids: { id: response.json<{ id: number }>().id }, witnesses: ['/api/me/invitations'] };
}

/** A scenario of A with one lever (docs/scenarios.md): its detail shows whether B changed anything. */
async function aScenario(a: SignedInUser) {
  const lever = { type: 'delay', days: 30, from: '2026-12-01', side: 'revenue' };
  const response = await a.post('/api/scenarios', { name: 'Worst case', levers: [lever] });
  if (response.statusCode !== 201) throw new Error(`scenario failed: ${response.body}`);
  const scenario = response.json<{ id: number; levers: { id: number }[] }>();
  return {
    ids: { id: scenario.id, leverId: scenario.levers[0]?.id ?? 0 },
    witnesses: [
      `/api/scenarios/${scenario.id}`,
      '/api/scenarios',
      `/api/forecasts/details?months=2&scenario=${scenario.id}`,
    ],
  };
}

/** Valid bodies of the writes the walker sends (others send none or an empty object). */
const BODIES: Record<string, object> = {
  'PATCH /api/organisations/:id': { name: 'Übernommen' },
  'PATCH /api/organisations/:id/members/:userId': { role: 'read-only' },
  'POST /api/organisations/:id/invitations': { email: 'fremd@example.ch', role: 'read-only' },
  'PATCH /api/bank-accounts/:id': { name: 'Übernommen', amount: 1 },
  'PATCH /api/bank-accounts/:id/entries/:entryId': { categoryId: 1 },
  'POST /api/bank-entries/:id/match': { kind: 'transactions', id: 1, dueDate: '2026-11-03' },
  'POST /api/bank-entries/:id/unplanned': { categoryId: 1 },
  'PUT /api/bank-accounts/:id/csv-mapping': { csvMapping: { date: 'Tag', amount: 'Wieviel' } },
  'PATCH /api/categories/:id': { name: 'Übernommen' },
  // Any visible target passes validation (1 is a system category); the source is A's: 404 first.
  'POST /api/categories/:id/reassign': { targetId: 1, deleteAfter: true },
  'PATCH /api/vats/:id': { value: 4242 },
  'PATCH /api/scenarios/:id': { name: 'Übernommen' },
  'POST /api/scenarios/:id/levers': { type: 'oneOff', name: 'Fremd', date: '2026-12-01', amount: 1, currencyId: 1 },
  'PATCH /api/scenarios/:id/levers/:leverId': { position: 0 },
  'PATCH /api/transactions/:id': { name: 'Übernommen', isDisabled: true },
  'PATCH /api/employees/:id': { name: 'Übernommen' },
  'POST /api/employees/:id/salaries': { isTermination: true, fromDate: '2026-12-01' },
  'PATCH /api/employees/salaries/:salaryId': { amount: 1, isDisabled: true },
  'POST /api/employees/salaries/:salaryId/costs': {
    cycle: 'monthly',
    amountType: 'fixed',
    amount: 1,
    distributionType: 'employee',
    relativeOffset: 1,
  },
  // A's salary as the target: 404 before anything is read from the source.
  'POST /api/employees/salaries/:salaryId/costs/copy': { ids: [1] },
  'POST /api/employees/salaries/:salaryId/costs/presets': { items: [{ preset: 'ahv' }] },
  'PATCH /api/employees/salaries/costs/:costId': { amount: 1 },
  'PATCH /api/employees/salaries/costs/labels/:id': { name: 'Übernommen' },
};

/** Paths with parameters that name no organisation's data (reviewed here). */
const NOT_TENANT_DATA = new Set(['/api/fiat-rates/:base', '/api/fiat-rates/:base/:target']);

/** Id routes of every area; the auth pages take tokens, not ids. */
function idRoutes(server: FastifyInstance): { method: string; path: string }[] {
  return routesOf(server)
    .map((route) => {
      const [method = '', path = ''] = route.split(' ');
      return { method, path };
    })
    .filter(
      ({ method, path }) =>
        method !== 'HEAD' && path.includes('/:') && !path.startsWith('/api/auth/') && !NOT_TENANT_DATA.has(path),
    );
}

describe('the tenancy walker', () => {
  it('has a fixture for every route that takes an id', () => {
    const missing = idRoutes(app).filter(({ path }) => !FIXTURES[path]);
    expect(missing, 'add a fixture for these routes').toEqual([]);
  });

  it("answers 404 to organisation B on every id route of organisation A, and nothing of A's changes", async () => {
    const { a, b } = await twoTenants(app);
    const routes = idRoutes(app);
    expect(routes.length).toBeGreaterThan(8);
    for (const { method, path } of routes) {
      const rows = await FIXTURES[path]!(app, a);
      const before = await Promise.all(rows.witnesses.map((url) => a.get(url).then((response) => response.body)));
      const route = `${method} ${path}`;
      const response = await b.send({
        method: method as 'GET',
        url: `${fillPath(path, rows.ids)}${rows.query ? `?${rows.query}` : ''}`,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: BODIES[route] ?? {} }),
      });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(404);
      expect(response.json(), route).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
      const after = await Promise.all(rows.witnesses.map((url) => a.get(url).then((answer) => answer.body)));
      expect(after, route).toEqual(before);
    }
    // Every id route builds its own rows of A first: with the employee routes that is ~40 routes.
  }, 180_000);
});
