import { describe, expect, it } from 'vitest';
import type { ApiToken, AuditLog, ForecastDetails, Transaction } from '@saldopilot/shared';
import { adjustableClock, useTestApp } from '../../test/build-test-app.js';
import { anApiToken, bearerClient } from '../../test/bearer-client.js';
import { aBankAccount, anEmployee, aSalary, aTransaction } from '../../test/factories.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { browser, signUp } from '../../test/test-client.js';
import { MAX_API_TOKENS } from './access.service.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

// docs/access.md: personal API tokens, scopes, what tokens cannot reach, revocation, the audit log.

const clock = adjustableClock();
const app = useTestApp({}, { clock });

describe('personal API tokens', () => {
  it('are shown once, stored as a hash, and call the REST API within their scopes', async () => {
    const owner = await signUp(app);
    const { token, secret } = await anApiToken(owner, ['data:read', 'data:write'], { name: 'Buchhaltungs-Skript' });
    expect(secret).toMatch(/^sp_pat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: 'Buchhaltungs-Skript',
      prefix: secret.slice(0, 12),
      scopes: ['data:read', 'data:write'],
      organisationId: owner.user.currentOrganisationId,
      organisationName: 'Meine Organisation',
      expiresOn: '2026-12-21',
      lastUsedAt: null,
    });
    const listed = (await owner.get('/api/api-tokens')).json<ApiToken[]>();
    expect(listed).toEqual([token]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    const stored = await app.deps.database.db.execute(`select token_hash from api_tokens where id = ${token.id}`);
    expect(JSON.stringify(stored)).not.toContain(secret);

    const script = bearerClient(app, secret);
    const account = await aBankAccount(script);
    expect((await script.get('/api/bank-accounts')).json<{ data: { id: number }[] }>().data.map((a) => a.id)).toEqual([
      account.id,
    ]);
    // The session's own list sees what the token wrote: one organisation.
    expect((await owner.get(`/api/bank-accounts/${account.id}`)).statusCode).toBe(200);
    const used = (await owner.get('/api/api-tokens')).json<ApiToken[]>()[0]!;
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('refuse what their scopes do not cover, naming the scope, and store nothing', async () => {
    const owner = await signUp(app);
    const reader = bearerClient(app, (await anApiToken(owner, ['data:read'])).secret);
    expect((await reader.get('/api/transactions')).statusCode).toBe(200);
    const refused = await reader.post('/api/bank-accounts', { name: 'Nein', amount: 1, currencyId: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Diesem Token fehlt die Berechtigung «data:write».',
    });
    expect(refused.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await owner.get('/api/bank-accounts')).json<{ data: unknown[] }>().data).toEqual([]);
    // No salary figure without salaries:read; no forecast without forecast:read.
    expect((await reader.get('/api/employees')).json()).toMatchObject({
      error: 'Diesem Token fehlt die Berechtigung «salaries:read».',
    });
    expect((await reader.get('/api/forecasts')).statusCode).toBe(403);
  });

  it('never reach sign-in, profile, members, tokens, connections, the stream or the audit log', async () => {
    const owner = await signUp(app);
    const all = bearerClient(
      app,
      (await anApiToken(owner, ['forecast:read', 'data:read', 'data:write', 'salaries:read', 'salaries:write'])).secret,
    );
    for (const [method, url] of [
      ['GET', '/api/profile'],
      ['PATCH', '/api/profile'],
      ['GET', '/api/organisations'],
      ['GET', `/api/organisations/${owner.user.currentOrganisationId}/members`],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['GET', '/api/connections'],
      ['GET', '/api/audit-log'],
      ['GET', '/api/events'],
      ['GET', '/api/access-token'],
    ] as const) {
      const response = await all.send({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe('Diese Aktion ist mit einem Token nicht möglich.');
    }
  });

  it('speak for the member with the role of the moment: a read-only member cannot write, a removed one not at all', async () => {
    const owner = await signUp(app);
    const organisationId = owner.user.currentOrganisationId;
    const member = await addMember(app, owner, organisationId, 'read-only');
    const script = bearerClient(app, (await anApiToken(member, ['data:read', 'data:write'])).secret);
    expect((await script.get('/api/transactions')).statusCode).toBe(200);
    const write = await script.post('/api/categories', { name: 'Nein' });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('Ihre Rolle erlaubt diese Aktion nicht.');

    expect(
      (await owner.patch(`/api/organisations/${organisationId}/members/${member.user.id}`, { role: 'editor' }))
        .statusCode,
    ).toBe(200);
    expect((await script.post('/api/categories', { name: 'Jetzt ja' })).statusCode).toBe(201);

    expect((await owner.delete(`/api/organisations/${organisationId}/members/${member.user.id}`)).statusCode).toBe(204);
    const gone = await script.get('/api/transactions');
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error).toBe('Das Token ist ungültig, abgelaufen oder widerrufen.');
  });

  it("see their own organisation only: another organisation's ids are 404 as through the session", async () => {
    const { a, b } = await twoTenants(app);
    const transaction = await aTransaction(a);
    const tokenOfB = bearerClient(app, (await anApiToken(b, ['data:read', 'data:write'])).secret);
    expect((await tokenOfB.get(`/api/transactions/${transaction.id}`)).statusCode).toBe(404);
    expect((await tokenOfB.patch(`/api/transactions/${transaction.id}`, { name: 'Fremd' })).statusCode).toBe(404);
    expect((await tokenOfB.delete(`/api/transactions/${transaction.id}`)).statusCode).toBe(404);
    expect((await a.get(`/api/transactions/${transaction.id}`)).json<Transaction>().name).toBe(transaction.name);
    // Tokens themselves: B cannot revoke A's.
    const { token } = await anApiToken(a, ['data:read']);
    expect((await b.delete(`/api/api-tokens/${token.id}`)).statusCode).toBe(404);
    expect((await a.get('/api/api-tokens')).json<ApiToken[]>()).toHaveLength(1);
  });

  it('stop at the next call once revoked, and after their last day', async () => {
    const owner = await signUp(app);
    const revoked = await anApiToken(owner, ['data:read']);
    const script = bearerClient(app, revoked.secret);
    expect((await script.get('/api/transactions')).statusCode).toBe(200);
    expect((await owner.delete(`/api/api-tokens/${revoked.token.id}`)).statusCode).toBe(204);
    expect((await script.get('/api/transactions')).statusCode).toBe(401);
    expect((await owner.delete(`/api/api-tokens/${revoked.token.id}`)).statusCode).toBe(404);

    const weekly = await anApiToken(owner, ['data:read'], { expiresInDays: 7 });
    expect(weekly.token.expiresOn).toBe('2026-11-28');
    const weeklyScript = bearerClient(app, weekly.secret);
    clock.advance(7 * 24 * 3600_000);
    expect((await weeklyScript.get('/api/transactions')).statusCode).toBe(200);
    clock.advance(12 * 3600_000 + 1);
    expect((await weeklyScript.get('/api/transactions')).statusCode).toBe(401);
  });

  it('refuse bad input in German and keep at most 50 per person', async () => {
    const owner = await signUp(app);
    const bad = await owner.post('/api/api-tokens', { name: ' ', scopes: ['data:read', 'admin'], expiresInDays: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: 'Name wird benötigt',
      'scopes.1': 'Unbekannte Berechtigung',
      expiresInDays: 'Wählen Sie eine Gültigkeit',
    });
    expect((await owner.post('/api/api-tokens', { name: 'Leer', scopes: [], expiresInDays: 7 })).json().fields).toEqual(
      {
        scopes: 'Wählen Sie mindestens eine Berechtigung',
      },
    );
    for (let index = 0; index < MAX_API_TOKENS; index += 1) await anApiToken(owner, ['data:read']);
    const tooMany = await owner.post('/api/api-tokens', {
      name: 'Eins zu viel',
      scopes: ['data:read'],
      expiresInDays: 7,
    });
    expect(tooMany.statusCode).toBe(409);
    expect((await owner.get('/api/api-tokens')).json<ApiToken[]>()).toHaveLength(MAX_API_TOKENS);
  });

  it('are listed, made and revoked only with a session; so are connections and the audit log', async () => {
    const nobody = browser(app);
    for (const [method, url] of [
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['DELETE', '/api/api-tokens/1'],
      ['GET', '/api/connections'],
      ['DELETE', '/api/connections/1'],
      ['GET', '/api/audit-log'],
    ] as const) {
      const response = await nobody.send({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuse a wrong, empty or foreign-looking secret with 401', async () => {
    for (const secret of ['', 'sp_pat_nope', 'sp_at_nope', 'abc']) {
      const response = await bearerClient(app, secret).get('/api/transactions');
      expect(response.statusCode, secret).toBe(401);
      expect(response.headers['www-authenticate']).toContain('resource_metadata=');
    }
  });
});

describe('salary figures', () => {
  it("pools the employees' salaries in the forecast for a token without salaries:read; totals stay", async () => {
    const owner = await signUp(app);
    const anna = await anEmployee(owner, { name: 'Anna Muster' });
    await aSalary(owner, anna.id, { amount: 800_000 });
    const beat = await anEmployee(owner, { name: 'Beat Beispiel' });
    await aSalary(owner, beat.id, { amount: 650_000 });
    // November's salaries were paid before today (the 21st); December's come.
    const url = '/api/forecasts/details?months=2';
    const forecastOnly = bearerClient(app, (await anApiToken(owner, ['forecast:read'])).secret);
    const withSalaries = bearerClient(app, (await anApiToken(owner, ['forecast:read', 'salaries:read'])).secret);
    const leaves = (details: ForecastDetails) =>
      details[1]!.expense.flatMap((category) => category.children.map((leaf) => [leaf.name, leaf.amount]));

    const pooled = detailsOfColumns((await forecastOnly.get(url)).json<ForecastDetailColumns>());
    expect(JSON.stringify(pooled)).not.toMatch(/Anna|Beat/);
    expect(leaves(pooled)).toContainEqual(['Löhne (zusammengefasst)', -1_450_000]);
    const named = detailsOfColumns((await withSalaries.get(url)).json<ForecastDetailColumns>());
    expect(leaves(named)).toEqual(
      expect.arrayContaining([expect.arrayContaining(['Anna Muster']), expect.arrayContaining(['Beat Beispiel'])]),
    );
    expect(pooled.map((month) => month.expense.map((category) => category.amount))).toEqual(
      named.map((month) => month.expense.map((category) => category.amount)),
    );
    // The session sees what the page always showed.
    expect(detailsOfColumns((await owner.get(url)).json<ForecastDetailColumns>())).toEqual(named);
    // The forecast's files name every employee: they need salaries:read too.
    expect((await forecastOnly.get('/api/forecasts/export?format=csv')).statusCode).toBe(403);
  });
});

describe('the audit log', () => {
  it('records every write through a token, refused ones too, for owners and admins only', async () => {
    const owner = await signUp(app);
    expect((await owner.patch('/api/profile', { name: 'Olivia Owner' })).statusCode).toBe(200);
    const organisationId = owner.user.currentOrganisationId;
    const script = bearerClient(
      app,
      (await anApiToken(owner, ['data:read', 'data:write'], { name: 'Import-Skript' })).secret,
    );
    const transaction = await aTransaction(script);
    expect((await script.patch(`/api/transactions/${transaction.id}`, { name: 'Miete neu' })).statusCode).toBe(200);
    const employee = await anEmployee(owner);
    expect((await script.post(`/api/employees/${employee.id}/salaries`, {})).statusCode).toBe(403);
    // Reads and the session's own writes are not logged.
    await script.get('/api/transactions');
    await aSalary(owner, employee.id);

    const log = (await owner.get('/api/audit-log')).json<AuditLog>();
    expect(log.pagination.totalCount).toBe(4);
    expect(log.data.map((entry) => [entry.method, entry.path, entry.action, entry.status])).toEqual([
      ['POST', `/api/employees/${employee.id}/salaries`, 'Lohn erstellt – abgelehnt (403)', 403],
      ['PATCH', `/api/transactions/${transaction.id}`, 'Transaktion geändert', 200],
      ['POST', '/api/transactions', 'Transaktion erstellt', 201],
      ['POST', '/api/categories', 'Kategorie erstellt', 201],
    ]);
    expect(log.data[0]).toMatchObject({ via: 'token', clientName: 'Import-Skript', user: { name: 'Olivia Owner' } });

    const admin = await addMember(app, owner, organisationId, 'admin');
    expect((await admin.get('/api/audit-log?limit=1&page=2')).json<AuditLog>().data[0]!.path).toBe(
      `/api/transactions/${transaction.id}`,
    );
    const editor = await addMember(app, owner, organisationId, 'editor');
    expect((await editor.get('/api/audit-log')).statusCode).toBe(403);
    // Another organisation's owner sees none of it.
    const other = await signUp(app);
    expect((await other.get('/api/audit-log')).json<AuditLog>().data).toEqual([]);
  });
});
