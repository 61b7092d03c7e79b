import { describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { changeEventSchema, type ChangeEvent } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { openStream } from '../../test/event-stream.js';
import { aBankAccount, anEmployee, aSalary, aSalaryCost, currencyId, sendStatement } from '../../test/factories.js';
import { addMember } from '../../test/tenants.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { STREAMS_PER_USER } from './event-hub.js';

// docs/realtime.md: the stream of the current organisation, its events, replay and limits.

// A write of an area that is not in the registry of areas (packages/shared/src/areas.ts).
const unregistered: FastifyPluginAsync = async (api) => {
  api.post('/probe-unregistered', { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({
    ok: true as const,
  }));
};

const app = useTestApp({}, { apiPlugins: [unregistered] });

async function organisationOfTwo() {
  const owner = await signUp(app);
  expect((await owner.patch('/api/profile', { name: 'Olivia Owner' })).statusCode).toBe(200);
  const organisationId = owner.user.currentOrganisationId;
  const editor = await addMember(app, owner, organisationId, 'editor');
  return { owner, editor, organisationId };
}

const changesIn = (events: { event: string; data: unknown }[]) =>
  events.filter((event) => event.event === 'change').map((event) => event.data as ChangeEvent);

describe('GET /api/events', () => {
  it('sends a member every committed write of another, with who did it, and a tab none of its own', async () => {
    const { owner, editor } = await organisationOfTwo();
    const stream = await openStream(app, editor, { tab: 'editor-tab-1' });
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    const ownTab = await openStream(app, owner, { tab: 'owner-tab-1' });
    const chf = await currencyId(owner, 'CHF');
    const created = await owner.send({
      method: 'POST',
      url: '/api/bank-accounts',
      payload: { name: 'Neu', amount: 100, currencyId: chf },
      headers: { 'x-tab-id': 'owner-tab-1' },
    });
    expect(created.statusCode).toBe(201);
    const event = await stream.next((candidate) => candidate.event === 'change');
    expect(event.data).toEqual({
      kind: 'bank-accounts',
      collection: 'bank-accounts',
      id: null,
      action: 'created',
      by: { id: owner.user.id, name: 'Olivia Owner' },
      // The organisation's stamp after the write (docs/realtime.md "Stamps and ETags").
      stamp: expect.stringMatching(/^\d{4}-\d\d-\d\d\.\d+$/) as string,
      // The writing tab, hashed: sha256("owner-tab-1") in base64url, its first 16 characters.
      origin: 'mcATgOZJgRkwRJuk',
    });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    const id = created.json<{ id: number }>().id;
    await owner.patch(`/api/bank-accounts/${id}`, { name: 'Umbenannt' });
    await owner.delete(`/api/bank-accounts/${id}`);
    await stream.next((candidate) => (candidate.data as ChangeEvent).action === 'deleted');
    expect(changesIn(stream.events).map((change) => [change.action, change.id])).toEqual([
      ['created', null],
      ['updated', id],
      ['deleted', id],
    ]);
    // The owner's own tab heard only the writes sent without its tab id.
    await ownTab.next((candidate) => (candidate.data as ChangeEvent).action === 'deleted');
    expect(changesIn(ownTab.events).map((change) => change.action)).toEqual(['updated', 'deleted']);
    stream.close();
    ownTab.close();
  });

  it('names what the id is: a salary, a cost or a label under /employees is not its employee', async () => {
    const { owner, editor } = await organisationOfTwo();
    const employee = await anEmployee(owner);
    const salary = await aSalary(owner, employee.id);
    const cost = await aSalaryCost(owner, salary.id);
    const stream = await openStream(app, editor);
    expect((await owner.patch(`/api/employees/salaries/${salary.id}`, { amount: 600_000 })).statusCode).toBe(200);
    expect((await owner.patch(`/api/employees/salaries/costs/${cost.id}`, { amount: 1_000 })).statusCode).toBe(200);
    expect((await owner.patch(`/api/employees/${employee.id}`, { name: 'Neu Name' })).statusCode).toBe(200);
    await stream.next((event) => (event.data as ChangeEvent).collection === 'employees');
    expect(changesIn(stream.events).map((change) => [change.kind, change.collection, change.id])).toEqual([
      ['employees', 'employees/salaries', salary.id],
      ['employees', 'employees/salaries/costs', cost.id],
      ['employees', 'employees', employee.id],
    ]);
    stream.close();
  });

  it('replays what a reconnecting tab missed after its Last-Event-ID, else says reset', async () => {
    const { owner, editor } = await organisationOfTwo();
    const first = await openStream(app, editor);
    await aBankAccount(owner, { name: 'Eins' });
    const seen = await first.next();
    first.close();
    await aBankAccount(owner, { name: 'Zwei' });
    await aBankAccount(owner, { name: 'Drei' });
    const again = await openStream(app, editor, { lastEventId: seen.id });
    await again.next((event) => event.event === 'change', 1);
    expect(changesIn(again.events)).toHaveLength(2);
    again.close();
    const unknown = await openStream(app, editor, { lastEventId: 'nicht-mehr-bekannt' });
    expect((await unknown.next()).event).toBe('reset');
    unknown.close();
  });

  it("another organisation's writes never reach the stream; a preview sends nothing", async () => {
    const { owner, editor } = await organisationOfTwo();
    const stranger = await signUp(app);
    const stream = await openStream(app, editor);
    await aBankAccount(stranger, { name: 'Fremd' });
    const csv = new TextEncoder().encode('Buchungsdatum;Betrag\n01.11.2026;10.00\n');
    const account = await aBankAccount(owner, { name: 'Eigen' });
    await stream.next();
    await sendStatement(owner, { bytes: csv, contentType: 'text/csv' }, { preview: true, bankAccountId: account.id });
    await owner.patch(`/api/bank-accounts/${account.id}`, { name: 'Zuletzt' });
    await stream.next((event) => (event.data as ChangeEvent).action === 'updated');
    expect(changesIn(stream.events).map((change) => change.kind)).toEqual(['bank-accounts', 'bank-accounts']);
    stream.close();
  });

  it('announces only the areas whose writes the members share, each a kind of the contract', async () => {
    const { owner, editor } = await organisationOfTwo();
    const stream = await openStream(app, editor);
    // One's own profile (a private area), an area not in the registry, then the organisation's data.
    expect((await owner.patch('/api/profile', { name: 'Olivia Neu' })).statusCode).toBe(200);
    expect((await owner.post('/api/probe-unregistered', {})).statusCode).toBe(200);
    await aBankAccount(owner, { name: 'Geteilt' });
    await stream.next((event) => (event.data as ChangeEvent).kind === 'bank-accounts');
    const changes = changesIn(stream.events);
    expect(changes.map((change) => change.kind)).toEqual(['bank-accounts']);
    for (const change of changes) expect(changeEventSchema.parse(change)).toEqual(change);
    stream.close();
  });

  it('ends the stream of a member who is demoted or removed, at once', async () => {
    const { owner, editor, organisationId } = await organisationOfTwo();
    const stream = await openStream(app, editor);
    const demoted = await owner.patch(`/api/organisations/${organisationId}/members/${editor.user.id}`, {
      role: 'read-only',
    });
    expect(demoted.statusCode).toBe(200);
    await stream.ended();
    // A read-only member may listen (reading is all the stream does), until removed.
    const again = await openStream(app, editor);
    expect(again.response.statusCode).toBe(200);
    expect((await owner.delete(`/api/organisations/${organisationId}/members/${editor.user.id}`)).statusCode).toBe(204);
    await again.ended();
  });

  it('needs a session, refuses a malformed tab id, and allows a user at most ten streams', async () => {
    const anonymous = await browser(app).get('/api/events');
    expect(anonymous.statusCode).toBe(401);
    const user: SignedInUser = await signUp(app);
    const wrong = await user.get('/api/events?tab=%3Cscript%3E');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.tab).toBe('Ungültige Tab-Kennung');
    const streams = await Promise.all(Array.from({ length: STREAMS_PER_USER }, () => openStream(app, user)));
    const eleventh = await user.get('/api/events');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toMatch(/^Zu viele offene Verbindungen/);
    for (const stream of streams) stream.close();
  });
});
