import { describe, expect, it } from 'vitest';
import { LEVERS_MAX, SCENARIOS_MAX, type Lever, type ScenarioDetail } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { signUp } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { aTransaction, organisationCurrency } from '../../test/factories.js';
import { anApiToken, bearerClient } from '../../test/bearer-client.js';

const app = useTestApp();

const delay = { type: 'delay', days: 60, from: '2026-12-01', side: 'revenue' } as const;

describe('scenarios (docs/scenarios.md)', () => {
  it('creates, lists, reads, renames and deletes a scenario with its levers in order', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    const created = await owner.post('/api/scenarios', {
      name: 'Worst case',
      description: 'Kunde weg',
      color: '#FF0000',
      levers: [
        delay,
        { type: 'oneOff', name: 'Subvention', date: '2027-01-15', amount: 500_000, currencyId: currency.id },
      ],
    });
    expect(created.statusCode).toBe(201);
    const scenario = created.json<ScenarioDetail>();
    expect(scenario).toMatchObject({ name: 'Worst case', description: 'Kunde weg', color: '#ff0000', leverCount: 2 });
    expect(scenario.createdBy?.id).toBe(owner.user.id);
    expect(scenario.levers.map((lever) => [lever.position, lever.type, lever.targetDeleted])).toEqual([
      [0, 'delay', false],
      [1, 'oneOff', false],
    ]);
    expect(scenario.levers[0]?.lever).toEqual(delay);

    const list = (await owner.get('/api/scenarios')).json<ScenarioDetail[]>();
    expect(list.map((entry) => [entry.name, entry.leverCount])).toEqual([['Worst case', 2]]);

    const renamed = await owner.patch(`/api/scenarios/${scenario.id}`, { name: 'Schlimmster Fall' });
    expect(renamed.json<ScenarioDetail>().name).toBe('Schlimmster Fall');

    expect((await owner.delete(`/api/scenarios/${scenario.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/scenarios/${scenario.id}`)).statusCode).toBe(404);
  });

  it('adds, moves, changes and removes levers; positions stay 0, 1, …', async () => {
    const owner = await signUp(app);
    const { id } = (await owner.post('/api/scenarios', { name: 'A' })).json<ScenarioDetail>();
    const first = (await owner.post(`/api/scenarios/${id}/levers`, delay)).json<Lever>();
    const second = (
      await owner.post(`/api/scenarios/${id}/levers`, {
        type: 'percentage',
        percent: -10,
        from: '2027-01-01',
        side: 'expense',
      })
    ).json<Lever>();
    expect([first.position, second.position]).toEqual([0, 1]);

    const moved = await owner.patch(`/api/scenarios/${id}/levers/${second.id}`, { position: 0 });
    expect(moved.json<Lever>().position).toBe(0);
    const changed = await owner.patch(`/api/scenarios/${id}/levers/${first.id}`, { lever: { ...delay, days: 90 } });
    expect(changed.json<Lever>().lever).toEqual({ ...delay, days: 90 });
    expect((await owner.delete(`/api/scenarios/${id}/levers/${second.id}`)).statusCode).toBe(204);
    const levers = (await owner.get(`/api/scenarios/${id}/levers`)).json<Lever[]>();
    expect(levers.map((lever) => [lever.id, lever.position])).toEqual([[first.id, 0]]);
  });

  it('refuses a bad lever in German and stores nothing', async () => {
    const owner = await signUp(app);
    const { id } = (await owner.post('/api/scenarios', { name: 'A' })).json<ScenarioDetail>();
    const response = await owner.post(`/api/scenarios/${id}/levers`, { ...delay, days: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields.days).toBe(
      'Die Verschiebung muss eine ganze Zahl von 1 bis 365 Tagen sein',
    );
    expect((await owner.get(`/api/scenarios/${id}/levers`)).json()).toEqual([]);
  });

  it(`refuses the ${SCENARIOS_MAX + 1}th scenario and the ${LEVERS_MAX + 1}st lever in German`, async () => {
    const owner = await signUp(app);
    for (let i = 0; i < SCENARIOS_MAX; i++) {
      expect((await owner.post('/api/scenarios', { name: `S${i}` })).statusCode).toBe(201);
    }
    const tooMany = await owner.post('/api/scenarios', { name: 'Eins zu viel' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: string }>().error).toBe('Eine Organisation kann höchstens 30 Szenarien haben');

    const other = await signUp(app);
    const full = await other.post('/api/scenarios', {
      name: 'Voll',
      levers: Array.from({ length: LEVERS_MAX }, () => delay),
    });
    expect(full.statusCode).toBe(201);
    const oneMore = await other.post(`/api/scenarios/${full.json<ScenarioDetail>().id}/levers`, delay);
    expect(oneMore.statusCode).toBe(400);
    expect(oneMore.json<{ error: string }>().error).toBe('Ein Szenario kann höchstens 100 Hebel haben');
  });

  it('marks a lever whose transaction was deleted "Ziel gelöscht" (targetDeleted) and still answers', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner, { amount: -200_000 });
    const { id } = (
      await owner.post('/api/scenarios', {
        name: 'A',
        levers: [{ type: 'transaction', action: 'stop', transactionId: rent.id, from: '2027-01-01' }],
      })
    ).json<ScenarioDetail>();
    expect((await owner.delete(`/api/transactions/${rent.id}`)).statusCode).toBe(204);
    const detail = (await owner.get(`/api/scenarios/${id}`)).json<ScenarioDetail>();
    expect(detail.levers[0]?.targetDeleted).toBe(true);
    expect((await owner.get(`/api/forecasts?scenario=${id}`)).statusCode).toBe(200);
  });

  it('lets read-only members read but not write; another organisation gets 404', async () => {
    const { a, b } = await twoTenants(app);
    const { id } = (await a.post('/api/scenarios', { name: 'A', levers: [delay] })).json<ScenarioDetail>();
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    expect((await reader.get(`/api/scenarios/${id}`)).statusCode).toBe(200);
    expect((await reader.post('/api/scenarios', { name: 'B' })).statusCode).toBe(403);
    expect((await reader.post(`/api/scenarios/${id}/levers`, delay)).statusCode).toBe(403);
    expect((await b.get(`/api/scenarios/${id}`)).statusCode).toBe(404);
    expect((await b.patch(`/api/scenarios/${id}`, { name: 'X' })).statusCode).toBe(404);
    expect((await b.get('/api/scenarios')).json()).toEqual([]);
  });

  it('hides the salary of hire levers from a token without salaries:read', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    const hire = {
      type: 'hire',
      name: 'Entwicklerin',
      from: '2027-03-01',
      salary: 850_000,
      currencyId: currency.id,
      birthDate: '1990-05-01',
      payments: 13,
    };
    const { id } = (await owner.post('/api/scenarios', { name: 'A', levers: [hire] })).json<ScenarioDetail>();
    expect((await owner.get(`/api/scenarios/${id}`)).json<ScenarioDetail>().levers[0]?.lever).toMatchObject({
      salary: 850_000,
    });
    const { secret } = await anApiToken(owner, ['forecast:read']);
    const script = bearerClient(app, secret);
    const seen = (await script.get(`/api/scenarios/${id}`)).json<ScenarioDetail>();
    expect(seen.levers[0]?.lever).toMatchObject({ name: 'Entwicklerin', salary: null });
  });
});
