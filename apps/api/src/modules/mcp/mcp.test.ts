import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { accessScopes, formatAmount, type AccessScope, type TransactionList } from '@saldopilot/shared';
import { anApiToken } from '../../test/bearer-client.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { aConnection, consent, listeningTestApp, TestAssistant } from '../../test/oauth-client.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import {
  aBankAccount,
  aLabel,
  aSalary,
  aSalaryCost,
  anEmployee,
  aTransaction,
  importEntries,
  organisationCurrency,
} from '../../test/factories.js';
import { mcpTools } from './mcp-server.js';
import { scopesOfTool } from './mcp.routes.js';

// A listening app whose PUBLIC_URL is its address: the SDK's OAuth client discovers the
// authorization server through the metadata, so issuer and address agree.
let app: FastifyInstance;
let endpoint: URL;

beforeAll(async () => {
  const listening = await listeningTestApp();
  app = listening.app;
  endpoint = new URL(`${listening.url}/api/mcp`);
});
afterAll(async () => {
  await app.close();
});

const ALL_SCOPES = [...accessScopes];

/** A personal API token of the signed-in user with these scopes: its secret. */
async function tokenOf(user: SignedInUser, scopes: AccessScope[] = ALL_SCOPES): Promise<string> {
  return (await anApiToken(user, scopes, { name: 'Assistent' })).secret;
}

/** The SDK's own client on the real HTTP server, with the token as its bearer. */
async function connect(secret: string): Promise<Client> {
  const client = new Client({ name: 'saldopilot-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  return client;
}

/**
 * An assistant as an MCP client connects to a server that asks for OAuth: the SDK's own client
 * meets the 401, discovers the authorization server, registers and sends the person to the consent
 * page; the person allows it; the SDK exchanges the code and connects with its access token.
 */
async function connectThroughOAuth(user: SignedInUser, scope = ALL_SCOPES.join(' ')): Promise<Client> {
  const assistant = new TestAssistant('Claude', scope);
  const first = new Client({ name: 'saldopilot-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(endpoint, { authProvider: assistant });
  await expect(first.connect(transport)).rejects.toThrow(UnauthorizedError);
  const redirect = await consent(user, assistant.authorizationUrl!);
  await transport.finishAuth(redirect.searchParams.get('code')!);
  const client = new Client({ name: 'saldopilot-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: assistant }));
  return client;
}

interface ToolOutcome {
  isError: boolean;
  data: Record<string, unknown>;
  text: string;
}

const called = new Set<string>();

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolOutcome> {
  called.add(name);
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  return {
    isError: result.isError === true,
    data: (result.structuredContent ?? {}) as Record<string, unknown>,
    text: content.map((part) => part.text).join('\n'),
  };
}

async function succeeds(client: Client, name: string, args: Record<string, unknown> = {}) {
  const outcome = await call(client, name, args);
  if (outcome.isError) throw new Error(`${name} failed: ${outcome.text}`);
  // The text is the structured answer as JSON, for clients that show only text.
  expect(JSON.parse(outcome.text)).toEqual(outcome.data);
  return outcome.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** An amount as the tools answer it: minor units and the de-CH text (with the currency, if named). */
function money(cents: number, currency?: string) {
  return { cents, formatted: formatAmount(cents, currency) };
}

/** Every amount of an answer: a whole number of minor units with its de-CH text. */
function expectMoney(value: unknown, currency: string) {
  const { cents, formatted } = value as { cents: number; formatted: string };
  expect(Number.isSafeInteger(cents)).toBe(true);
  expect(formatted).toBe(formatAmount(cents, currency));
}

async function transactionCount(user: SignedInUser): Promise<number> {
  return (await user.get('/api/transactions')).json<TransactionList>().pagination.totalCount;
}

describe('the MCP server at /api/mcp', () => {
  it('lists the tools with German descriptions and annotations', async () => {
    const owner = await signUp(app);
    const client = await connect(await tokenOf(owner));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(mcpTools.map((tool) => tool.name));
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'get_forecast',
        'get_forecast_details',
        'get_runway',
        'get_plan_actual',
        'get_plan_actual_month',
        'list_transactions',
        'get_transaction',
        'create_transaction',
        'update_transaction',
        'delete_transaction',
        'list_forecast_exclusions',
        'exclude_from_forecast',
        'include_in_forecast',
        'list_bank_accounts',
        'list_bank_entries',
        'list_employees',
        'get_employee',
        'create_salary',
        'update_salary',
        'create_salary_cost',
        'update_salary_cost',
        'list_fund_payments',
      ]),
    );
    for (const tool of tools) {
      expect(tool.annotations, tool.name).toMatchObject({
        title: expect.any(String),
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: false,
      });
      // German: the descriptions speak of "die", "der", "und" …, and so does every argument's.
      expect(tool.description, tool.name).toMatch(/\b(die|der|des|eine?n?|und|mit)\b/);
      for (const [argument, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${argument}`).toMatch(/\S/);
      }
      const readOnly = tool.name.startsWith('get_') || tool.name.startsWith('list_');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(readOnly);
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('delete_transaction')?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    expect(byName.get('create_transaction')?.annotations).toMatchObject({
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(byName.get('get_forecast')?.annotations?.title).toBe('Liquiditätsprognose lesen');
    await client.close();
  });

  it('calls every tool through an assistant connected with OAuth, amounts as minor units and formatted de-CH', async () => {
    const owner = await signUp(app);
    const { id: currencyId, code: currency } = await organisationCurrency(owner);
    const account = await aBankAccount(owner);
    await importEntries(owner, account.id, [
      { date: '2026-11-03', amount: '1000.00', text: 'Zahlung Kunde', name: 'Kunde AG' },
      { date: '2026-11-04', amount: '-2500.50', text: 'Miete November', name: 'Vermieter' },
    ]);
    const rent = await aTransaction(owner, { name: 'Miete Büro', amount: -250_050 });
    const employee = await anEmployee(owner, { name: 'Beat Beispiel' });
    const salary = await aSalary(owner, employee.id);
    await aSalaryCost(owner, salary.id);
    const client = await connectThroughOAuth(owner);

    // The forecast, its details and the runway.
    const forecast = await succeeds(client, 'get_forecast', { months: 3 });
    expect(forecast.currency).toBe(currency);
    expect(forecast.startBalance).toEqual(money(123_450, currency));
    expect(forecast.months).toHaveLength(3);
    for (const month of forecast.months) {
      for (const key of ['revenue', 'expense', 'cashflow', 'saldo']) expectMoney(month[key], currency);
    }
    expectMoney(forecast.runway.minimumBalance, currency);
    expectMoney(forecast.runway.lowest.saldo, currency);

    const details = await succeeds(client, 'get_forecast_details', { month: '2026-12' });
    expect(details.month).toBe('2026-12');
    expectMoney(details.totals.saldo, currency);
    const rentLeaf = details.expense
      .flatMap((category: { children: unknown[] }) => category.children)
      .find(
        (leaf: { relatedId: number; relatedTable: string }) =>
          leaf.relatedTable === 'transactions' && leaf.relatedId === rent.id,
      );
    expect(rentLeaf).toMatchObject({ name: 'Miete Büro', amount: money(-250_050, currency), isExcluded: false });
    const salaryLeaf = details.expense
      .flatMap((category: { children: unknown[] }) => category.children)
      .find((leaf: { employeeId?: number }) => leaf.employeeId === employee.id);
    // The net payment of the month (the gross less the employee's share of the cost).
    expectMoney(salaryLeaf.amount, currency);
    expect(salaryLeaf.amount.cents).toBeLessThan(0);
    expect(salaryLeaf.amount.cents).toBeGreaterThan(-800_000);

    const runway = await succeeds(client, 'get_runway');
    expect(runway.until).toBe('2031-10');
    expect(runway.startBalance).toEqual(money(123_450, currency));
    expectMoney(runway.runway.lowest.saldo, currency);
    // Without a payment calendar only the VAT settlements are fund and tax payments (the tool's
    // own test below turns the calendar on).
    const funds = await succeeds(client, 'list_fund_payments');
    for (const payment of funds.payments as { name: string; amount: unknown }[]) {
      expect(payment.name).toMatch(/MWST/);
      expectMoney(payment.amount, currency);
    }

    // Plan/Ist.
    const planActual = await succeeds(client, 'get_plan_actual', { from: '2026-11', to: '2026-11' });
    expect(planActual.months).toHaveLength(1);
    expectMoney(planActual.months[0].cashflow.actual, currency);
    expectMoney(planActual.months[0].balance.plan, currency);
    const planMonth = await succeeds(client, 'get_plan_actual_month', { month: '2026-11' });
    expect(planMonth.entries.map((entry: { amount: unknown }) => entry.amount)).toEqual(
      expect.arrayContaining([money(100_000), money(-250_050)]),
    );

    // Exclusions: set, listed, lifted.
    const exclusion = { relatedTable: 'transactions', relatedId: rent.id };
    expect(await succeeds(client, 'exclude_from_forecast', { ...exclusion, months: ['2026-12', '2027-01'] })).toEqual({
      affected: 2,
    });
    const excluded = await succeeds(client, 'list_forecast_exclusions', exclusion);
    expect(excluded.exclusions).toEqual([
      { month: '2026-12', ...exclusion },
      { month: '2027-01', ...exclusion },
    ]);
    expect(await succeeds(client, 'include_in_forecast', { ...exclusion, months: ['2026-12'] })).toEqual({
      affected: 1,
    });
    expect((await succeeds(client, 'list_forecast_exclusions')).exclusions).toEqual([
      { month: '2027-01', ...exclusion },
    ]);

    // Transactions, with what their forms need.
    const currencies = await succeeds(client, 'list_currencies');
    expect(currencies.currencies[0]).toMatchObject({ id: currencyId, code: currency });
    const categories = await succeeds(client, 'list_categories', { limit: 100 });
    const categoryId = categories.categories.find((category: { canEdit: boolean }) => !category.canEdit).id as number;
    const created = await succeeds(client, 'create_transaction', {
      name: 'Beratung Kunde',
      amount: 123_456,
      type: 'single',
      startDate: '2027-02-15',
      categoryId,
      currencyId,
    });
    expect(created.transaction).toMatchObject({
      name: 'Beratung Kunde',
      amount: money(123_456, currency),
      vatAmount: money(0, currency),
      nextExecutionDate: '2027-02-15',
    });
    const id = created.transaction.id as number;
    const updated = await succeeds(client, 'update_transaction', { id, amount: -99_950, link: 'https://example.ch/a' });
    expect(updated.transaction).toMatchObject({ amount: money(-99_950, currency), link: 'https://example.ch/a' });
    expect((await succeeds(client, 'get_transaction', { id })).transaction.amount.formatted).toBe(
      `-999.50 ${currency}`,
    );
    const found = await succeeds(client, 'list_transactions', { search: 'beratung', limit: 10 });
    expect(found.transactions.map((row: { id: number }) => row.id)).toEqual([id]);
    expect(found.pagination).toMatchObject({ totalCount: 1, currentPage: 1 });
    expect(await succeeds(client, 'delete_transaction', { id })).toEqual({ deleted: true, id });
    expect((await owner.get(`/api/transactions/${id}`)).statusCode).toBe(404);

    // Bank accounts and entries.
    const accounts = await succeeds(client, 'list_bank_accounts');
    expect(accounts.bankAccounts[0]).toMatchObject({ id: account.id, amount: money(123_450, currency) });
    expect(accounts.total.amount).toEqual(money(123_450, currency));
    const entries = await succeeds(client, 'list_bank_entries', { bankAccountId: account.id, direction: 'debit' });
    expect(entries.entries).toHaveLength(1);
    expect(entries.entries[0]).toMatchObject({ amount: money(-250_050, currency), counterpartyName: 'Vermieter' });

    // Employees, salaries and salary costs.
    const employees = await succeeds(client, 'list_employees', { search: 'beat' });
    expect(employees.employees[0]).toMatchObject({ id: employee.id, grossAmount: money(800_000, currency) });
    const detail = await succeeds(client, 'get_employee', { id: employee.id });
    expect(detail.employee.name).toBe('Beat Beispiel');
    expect(detail.salaries[0]).toMatchObject({ id: salary.id, amount: money(800_000, currency) });
    expect(detail.salaries[0].costs[0].amount).toEqual({ thousandthsOfPercent: 5300, formatted: '5.3 %' });
    expectMoney(detail.salaries[0].costs[0].calculatedAmount, currency);
    const raise = await succeeds(client, 'create_salary', {
      employeeId: employee.id,
      fromDate: '2027-01-01',
      amount: 850_000,
      hoursPerMonth: 180,
      cycle: 'monthly',
      currencyId,
      vacationDaysPerYear: 25,
    });
    expect(raise.salary).toMatchObject({ amount: money(850_000, currency), fromDate: '2027-01-01' });
    const changed = await succeeds(client, 'update_salary', { salaryId: raise.salary.id, amount: 860_000 });
    expect(changed.salary.amount).toEqual(money(860_000, currency));
    const cost = await succeeds(client, 'create_salary_cost', {
      salaryId: raise.salary.id,
      cycle: 'monthly',
      amountType: 'fixed',
      amount: 12_345,
      distributionType: 'employer',
      relativeOffset: 1,
    });
    expect(cost.salaryCost.amount).toEqual(money(12_345));
    const costChanged = await succeeds(client, 'update_salary_cost', { costId: cost.salaryCost.id, amount: 20_000 });
    expect(costChanged.salaryCost).toMatchObject({ amount: money(20_000), calculatedAmount: money(20_000) });

    // Scenarios (docs/scenarios.md): "two developers from March", built and compared, the plan untouched.
    const before = await transactionCount(owner);
    const scenario = await succeeds(client, 'create_scenario', { name: 'Zwei Entwickler ab März' });
    const hire = {
      type: 'hire',
      from: '2027-03-01',
      salary: 850_000,
      currencyId,
      birthDate: '1990-05-01',
      payments: 13,
    };
    await succeeds(client, 'add_scenario_lever', { scenarioId: scenario.id, lever: { ...hire, name: 'Entwickler 1' } });
    await succeeds(client, 'add_scenario_lever', { scenarioId: scenario.id, lever: { ...hire, name: 'Entwickler 2' } });
    const listed = await succeeds(client, 'list_scenarios');
    expect(listed.scenarios).toEqual([expect.objectContaining({ id: scenario.id, leverCount: 2 })]);
    const compare = await succeeds(client, 'get_scenario_comparison', { ids: ['base', scenario.id], months: 6 });
    const [base, hired] = compare.entries as { kpis: { totalCashflow: { cents: number } } }[];
    // Two net salaries of 8'500.00 − 964.75 in March and April 2027, and March's costs in April.
    expect((hired?.kpis.totalCashflow.cents ?? 0) < (base?.kpis.totalCashflow.cents ?? 0)).toBe(true);
    // The differences named and by month, only the months that differ, the amounts as money.
    const rows = (
      compare.entries[1] as { differences: { name: string; months: { month: string; amount: unknown }[] }[] }
    ).differences;
    const hires = rows.filter((row) => row.name.startsWith('Entwickler'));
    expect(hires.map((row) => row.months.map((cell) => cell.month))).toEqual([
      ['2027-03', '2027-04'],
      ['2027-03', '2027-04'],
    ]);
    expectMoney(hires[0]?.months[0]?.amount, currency);
    expect(await transactionCount(owner)).toBe(before);

    const overview = await succeeds(client, 'get_portfolio');
    expect(overview.organisations).toEqual([
      expect.objectContaining({ organisationId: owner.user.currentOrganisationId, currency }),
    ]);
    expectMoney(overview.organisations[0].bankBalance, currency);

    expect([...called].sort()).toEqual(mcpTools.map((tool) => tool.name).sort());
    await client.close();
  });

  it('a data:read token reads but cannot write: the API refuses, in its own German words', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner);
    const secret = await tokenOf(owner, ['data:read']);
    const client = await connect(secret);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('list_transactions');
    expect(names).not.toContain('create_transaction');
    expect(names).not.toContain('get_forecast');
    const before = await transactionCount(owner);
    const direct = await app.inject({
      method: 'DELETE',
      url: `/api/transactions/${rent.id}`,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(direct.statusCode).toBe(403);
    const refused = await call(client, 'delete_transaction', { id: rent.id });
    expect(refused.isError).toBe(true);
    expect(refused.data).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      error: direct.json<{ error: string }>().error,
    });
    expect(refused.text).toBe(direct.json<{ error: string }>().error);
    const created = await call(client, 'create_transaction', {
      name: 'Nicht erlaubt',
      amount: 100,
      type: 'single',
      startDate: '2027-01-01',
      categoryId: rent.category.id,
      currencyId: rent.currency.id,
    });
    expect(created.data).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await transactionCount(owner)).toBe(before);
    expect((await succeeds(client, 'get_transaction', { id: rent.id })).transaction.id).toBe(rent.id);
    await client.close();
  });

  it('lists no salary tool without salaries:read, and a salary tool called anyway fails', async () => {
    const owner = await signUp(app);
    const employee = await anEmployee(owner);
    const client = await connect(await tokenOf(owner, ['forecast:read', 'data:read', 'data:write']));
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    for (const name of ['list_employees', 'get_employee', 'create_salary', 'update_salary', 'create_salary_cost']) {
      expect(names).not.toContain(name);
    }
    expect(names).toContain('get_forecast');
    const refused = await call(client, 'get_employee', { id: employee.id });
    expect(refused.isError).toBe(true);
    expect(refused.data).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await client.close();
  });

  it("a read-only member's token with data:write cannot write (the role gate's 403), nothing is stored", async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    const client = await connect(await tokenOf(reader, ['data:read', 'data:write']));
    const before = await transactionCount(owner);
    const refused = await call(client, 'update_transaction', { id: rent.id, amount: 1 });
    expect(refused.isError).toBe(true);
    expect(refused.data).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      error: 'Ihre Rolle erlaubt diese Aktion nicht.',
    });
    const deleted = await call(client, 'delete_transaction', { id: rent.id });
    expect(deleted.data).toMatchObject({ status: 403, error: 'Ihre Rolle erlaubt diese Aktion nicht.' });
    expect(await transactionCount(owner)).toBe(before);
    expect((await owner.get(`/api/transactions/${rent.id}`)).json()).toMatchObject({ amount: rent.amount });
    // Reading is the member's right.
    expect((await succeeds(client, 'get_transaction', { id: rent.id })).transaction.id).toBe(rent.id);
    await client.close();
  });

  it("another organisation's ids answer the API's 404, and nothing of theirs changes", async () => {
    const { a, b } = await twoTenants(app);
    const theirs = await aTransaction(a);
    const client = await connect(await tokenOf(b));
    const direct = (await b.get(`/api/transactions/${theirs.id}`)).json<{ error: string }>();
    const read = await call(client, 'get_transaction', { id: theirs.id });
    expect(read.data).toMatchObject({ status: 404, code: 'NOT_FOUND', error: direct.error });
    const changed = await call(client, 'update_transaction', { id: theirs.id, name: 'Übernommen' });
    expect(changed.data).toMatchObject({ status: 404, error: direct.error });
    const deleted = await call(client, 'delete_transaction', { id: theirs.id });
    expect(deleted.data).toMatchObject({ status: 404, error: direct.error });
    expect((await a.get(`/api/transactions/${theirs.id}`)).json()).toMatchObject({ name: theirs.name });
    await client.close();
  });

  it('answers bad input with the German validation texts, naming the fields, and stores nothing', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner);
    const client = await connect(await tokenOf(owner));
    const before = await transactionCount(owner);
    // Checked by the tool's shared schema before any call.
    const invalid = await call(client, 'create_transaction', { name: ' ', amount: 0, type: 'weekly', bogus: 1 });
    expect(invalid.isError).toBe(true);
    expect(invalid.data).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      error: 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.',
      fields: { name: 'Name wird benötigt', amount: 'Der Betrag darf nicht 0 sein', startDate: 'Start wird benötigt' },
    });
    expect(Object.keys(invalid.data.fields as object)).toEqual(expect.arrayContaining(['type', 'bogus']));
    expect(invalid.text).toContain('- amount: Der Betrag darf nicht 0 sein');
    // Checked by the API: the rules across fields and the stored row.
    const single = await call(client, 'update_transaction', { id: rent.id, type: 'single' });
    expect(single.data).toMatchObject({
      status: 400,
      fields: { cycle: 'Eine einmalige Transaktion hat keinen Zyklus' },
    });
    const page = await call(client, 'list_transactions', { page: 0 });
    expect(page.data).toMatchObject({ status: 400, fields: { page: 'Die Seite muss zwischen 1 und 100000 liegen' } });
    const outside = await call(client, 'get_forecast_details', { month: '2020-01' });
    expect(outside.data).toMatchObject({
      status: 400,
      fields: { month: 'Der Monat liegt ausserhalb des Prognosezeitraums (aktueller Monat bis 59 Monate danach)' },
    });
    const unknown = await call(client, 'drop_database');
    expect(unknown).toMatchObject({
      isError: true,
      data: { status: 404, error: 'Unbekanntes Werkzeug «drop_database».' },
    });
    expect(await transactionCount(owner)).toBe(before);
    await client.close();
  });

  it('serves an assistant connected through OAuth within the scopes the person granted', async () => {
    const owner = await signUp(app);
    await aTransaction(owner);
    const { accessToken } = await aConnection(app, owner, ['forecast:read'], 'Claude');
    const client = await connect(accessToken);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      mcpTools.filter((tool) => scopesOfTool(tool)?.join() === 'forecast:read').map((tool) => tool.name),
    );
    expect((await succeeds(client, 'get_forecast')).currency).toBe((await organisationCurrency(owner)).code);
    const refused = await call(client, 'list_transactions');
    expect(refused.data).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await client.close();
  });

  it("records a tool's write in the audit log as the API call it made, not as the MCP request", async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner);
    const client = await connect(await tokenOf(owner));
    await succeeds(client, 'update_transaction', { id: rent.id, name: 'Miete neu' });
    await succeeds(client, 'get_forecast');
    const log = (await owner.get('/api/audit-log')).json<{ data: { path: string; action: string; via: string }[] }>();
    expect(log.data).toEqual([
      expect.objectContaining({ path: `/api/transactions/${rent.id}`, action: 'Transaktion geändert', via: 'token' }),
    ]);
    await client.close();
  });

  it('refuses a request without a token with the HTTP 401', async () => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="/);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const client = new Client({ name: 'saldopilot-test', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(endpoint))).rejects.toThrow();
  });

  it('creates once when a client retries the same tool call (derived Idempotency-Key)', async () => {
    const owner = await signUp(app);
    const currencyId = (await organisationCurrency(owner)).id;
    const categoryId = (await aTransaction(owner)).category.id;
    const before = await transactionCount(owner);
    const headers = {
      authorization: `Bearer ${await tokenOf(owner)}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
    };
    const args = { name: 'Honorar', amount: 50_000, type: 'single', startDate: '2027-03-01', categoryId, currencyId };
    const toolCall = (id: number, name = 'Honorar') =>
      app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers,
        payload: {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'create_transaction', arguments: { ...args, name } },
        },
      });
    const createdId = (response: Awaited<ReturnType<typeof toolCall>>) =>
      response.json<{ result: { structuredContent: { transaction: { id: number } } } }>().result.structuredContent
        .transaction.id;
    // The answer got lost and the client sends the same request again (same JSON-RPC id).
    const first = await toolCall(7);
    const retried = await toolCall(7);
    expect(createdId(retried)).toBe(createdId(first));
    expect(await transactionCount(owner)).toBe(before + 1);
    // Another call (another id, or other arguments) is another create.
    expect(createdId(await toolCall(8))).not.toBe(createdId(first));
    expect(createdId(await toolCall(7, 'Honorar B'))).not.toBe(createdId(first));
    expect(await transactionCount(owner)).toBe(before + 3);
  });

  it('answers in JSON over plain HTTP, statelessly; GET and DELETE are not allowed', async () => {
    const owner = await signUp(app);
    const authorization = `Bearer ${await tokenOf(owner, ['forecast:read'])}`;
    const headers = {
      authorization,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    };
    const initialize = await app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers,
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: LATEST_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: 'curl', version: '1' },
        },
      },
    });
    expect(initialize.statusCode).toBe(200);
    expect(initialize.headers['content-type']).toMatch(/^application\/json/);
    expect(initialize.headers['mcp-session-id']).toBeUndefined();
    expect(initialize.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        serverInfo: { name: 'saldopilot' },
        capabilities: { tools: {} },
      },
    });
    // No session: a call without initialize first is answered too (any instance answers any request).
    const listed = await app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { ...headers, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION },
      payload: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ result: { tools: { name: string }[] } }>().result.tools.map((tool) => tool.name)).toEqual(
      mcpTools.filter((tool) => scopesOfTool(tool)?.join() === 'forecast:read').map((tool) => tool.name),
    );
    for (const method of ['GET', 'DELETE'] as const) {
      const refused = await app.inject({ method, url: '/api/mcp', headers: { authorization } });
      expect(refused.statusCode, method).toBe(405);
      expect(refused.json(), method).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed.' },
        id: null,
      });
    }
  });
});

describe('the MCP tool list_fund_payments (docs/payment-calendar.md)', () => {
  it("lists the next 12 months' payments to the funds by the payment calendar", async () => {
    // Today is 2026-11-21: 8'000.00 a month with AHV/IV/EO 5.3 % on both sides, the Akonto quarterly.
    const owner = await signUp(app);
    const employee = await anEmployee(owner);
    const salary = await aSalary(owner, employee.id);
    await owner.post(`/api/employees/salaries/${salary.id}/costs/presets`, { items: [{ preset: 'ahv' }] });
    await owner.send({ method: 'PUT', url: '/api/payment-calendar', payload: { ahv: {} } });
    const client = await connect(await tokenOf(owner));
    const { payments } = await succeeds(client, 'list_fund_payments');
    const currency = (await organisationCurrency(owner)).code;
    expect(payments).toEqual([
      { month: '2027-01', name: 'AHV-Akonto Q4', amount: money(-254_400, currency) },
      { month: '2027-04', name: 'AHV-Akonto Q1', amount: money(-254_400, currency) },
      { month: '2027-07', name: 'AHV-Akonto Q2', amount: money(-254_400, currency) },
      { month: '2027-10', name: 'AHV-Akonto Q3', amount: money(-254_400, currency) },
    ]);
  });

  it('portfolio: the organisations of the token\'s person at the call, salary costs only with salaries:read (docs/access.md "Portfolio")', async () => {
    // Today is 2026-11-21. A's organisation: 100.00 against a minimum of 10'000.00 (short now), one
    // employee with an AHV cost due 30.11.2026.
    const { a, b } = await twoTenants(app);
    const shared = a.user.currentOrganisationId;
    await a.patch(`/api/organisations/${shared}`, { name: 'Mandant Knapp AG', minimumBalance: 1_000_000 });
    await aBankAccount(a, { amount: 10_000, balanceDate: '2026-11-21' });
    const salary = await aSalary(a, (await anEmployee(a)).id);
    await aSalaryCost(a, salary.id, { labelId: (await aLabel(a, { name: 'AHV/IV/EO' })).id });
    await b.patch(`/api/organisations/${b.user.currentOrganisationId}`, { name: 'Fremde AG' });
    // The fiduciary: a read-only member of A's organisation, with an organisation of their own.
    const fiduciary = await addMember(app, a, shared, 'read-only');
    const currencies = (await fiduciary.get('/api/currencies')).json<{ id: number }[]>();
    const created = await fiduciary.post('/api/organisations', { name: 'Treuhand AG', currencyId: currencies[0]?.id });
    const own = created.json<{ id: number }>().id;
    const other = b.user.currentOrganisationId;
    // The tokens are made in the fiduciary's own organisation, so its removal from A's leaves them valid.
    expect((await fiduciary.patch('/api/profile/organisation', { organisationId: own })).statusCode).toBe(200);
    await aBankAccount(fiduciary, { amount: 50_000_000, balanceDate: '2026-11-21' });
    // The rows computed after those writes (a read before answers a stored row "updating": docs/cockpit.md "Stored rows").
    await app.deps.alerts.settled();

    type Row = { organisationId: number; name: string; shortfallMonth: string | null; payments: { kind: string }[] };
    const withoutSalaries = await connect(await tokenOf(fiduciary, ['portfolio:read']));
    const rows = (await succeeds(withoutSalaries, 'get_portfolio')).organisations as Row[];
    // A's organisation first (short now), then the fiduciary's own ones; never B's.
    expect(rows[0]?.organisationId).toBe(shared);
    expect(rows.map((row) => row.organisationId)).toContain(own);
    expect(rows.map((row) => row.organisationId)).not.toContain(other);
    expect(rows.map((row) => row.name)).not.toContain('Fremde AG');
    expect(rows[0]).toMatchObject({ name: 'Mandant Knapp AG', shortfallMonth: '2026-11' });
    expect(rows[0]?.payments.filter((payment) => payment.kind === 'salary_cost_labels')).toEqual([]);
    // "Welche meiner Mandanten werden in den nächsten 6 Monaten knapp?"
    const soon = (await succeeds(withoutSalaries, 'get_portfolio', { withinMonths: 6 })).organisations as Row[];
    expect(soon.map((row) => row.name)).toEqual(['Mandant Knapp AG']);
    const refused = await call(withoutSalaries, 'get_portfolio', { withinMonths: 13 });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('Zwischen 1 und 12 Monaten');

    const withSalaries = await connect(await tokenOf(fiduciary, ['portfolio:read', 'salaries:read']));
    const full = (await succeeds(withSalaries, 'get_portfolio')).organisations as Row[];
    expect(full[0]?.payments).toEqual([
      expect.objectContaining({ kind: 'salary_cost_labels', name: 'AHV/IV/EO', dueDate: '2026-11-30' }),
    ]);

    // Without portfolio:read the tool is not listed, and a call anyway gets the API's 403.
    const forecastOnly = await connect(await tokenOf(fiduciary, ['forecast:read']));
    expect((await forecastOnly.listTools()).tools.map((tool) => tool.name)).not.toContain('get_portfolio');
    const closed = await call(forecastOnly, 'get_portfolio');
    expect(closed.isError).toBe(true);
    expect(closed.text).toContain('portfolio:read');

    // Removed from A's organisation: gone from the next answer at once.
    const removed = await a.send({
      method: 'DELETE',
      url: `/api/organisations/${shared}/members/${fiduciary.user.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const after = (await succeeds(withSalaries, 'get_portfolio')).organisations as Row[];
    expect(after.map((row) => row.organisationId)).not.toContain(shared);
    expect(after.map((row) => row.organisationId)).toContain(own);
    expect(after).toHaveLength(rows.length - 1);
    for (const client of [withoutSalaries, withSalaries, forecastOnly]) await client.close();
  });
});
