import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/build-test-app.js';
import { signUp, uniqueEmail, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';

let app: FastifyInstance;
let currencyIds: Record<string, number>;

beforeAll(async () => {
  app = await buildTestApp();
  currencyIds = Object.fromEntries(app.deps.reference.listCurrencyDefinitions().map((c) => [c.code, c.id]));
});
afterAll(async () => {
  await app.close();
});

interface OrganisationBody {
  id: number;
  name: string;
  currency: { code: string };
  role: string;
  memberCount: number;
}

describe('organisations of a user', () => {
  it('a new account has "Meine Organisation" in CHF, owned by the user', async () => {
    const user = await signUp(app);
    const response = await user.get('/api/organisations');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          id: user.user.currentOrganisationId,
          name: 'Meine Organisation',
          currency: { id: currencyIds.CHF, code: 'CHF', description: 'Franken (Schweiz)', localeCode: 'de-CH' },
          role: 'owner',
          memberCount: 1,
          minimumBalance: 0,
          // The match suggestions' defaults (docs/plan-actual.md "Suggestions").
          matchTolerancePercent: 5,
          matchWindowDays: 10,
          salaryBankAccountId: null,
          // "Zahlungsfrist (Tage)" of QR-bills without terms (docs/qr-bills.md "Due date").
          paymentTermDays: 30,
        },
      ],
      pagination: { currentPage: 1, limit: 20, totalCount: 1, totalPages: 1, totalRemaining: 0 },
    });
  });

  it('creates organisations (creator owner, current unchanged), lists them by name and pages', async () => {
    const user = await signUp(app);
    const created = await user.post('/api/organisations', {
      name: '  Zürcher Bäckerei AG ',
      currencyId: currencyIds.EUR,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Zürcher Bäckerei AG',
      currency: { code: 'EUR' },
      role: 'owner',
      memberCount: 1,
    });
    await user.post('/api/organisations', { name: 'Alpen Treuhand GmbH', currencyId: currencyIds.CHF });
    const profile = await user.get('/api/profile');
    expect(profile.json()).toMatchObject({ currentOrganisationId: user.user.currentOrganisationId });

    const names = (await user.get('/api/organisations')).json<{ data: OrganisationBody[] }>().data.map((o) => o.name);
    expect(names).toEqual(['Alpen Treuhand GmbH', 'Meine Organisation', 'Zürcher Bäckerei AG']);
    const page = (await user.get('/api/organisations?page=2&limit=2')).json<{
      data: OrganisationBody[];
      pagination: object;
    }>();
    expect(page.data.map((o) => o.name)).toEqual(['Zürcher Bäckerei AG']);
    expect(page.pagination).toEqual({ currentPage: 2, limit: 2, totalCount: 3, totalPages: 2, totalRemaining: 0 });
  });

  it.each([
    [{ name: '', currencyId: 1 }, 'name'],
    [{ name: 'x'.repeat(201), currencyId: 1 }, 'name'],
    [{ name: 'Firma' }, 'currencyId'],
    [{ name: 'Firma', currencyId: 'CHF' }, 'currencyId'],
    [{ name: 'Firma', currencyId: 1, owner: 2 }, 'owner'],
  ])('refuses %j with a German 400 naming %s, storing nothing', async (body, field) => {
    const user = await signUp(app);
    const response = await user.post('/api/organisations', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
    expect((await user.get('/api/organisations')).json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('refuses an unknown currency with 400 naming the field', async () => {
    const user = await signUp(app);
    const response = await user.post('/api/organisations', { name: 'Firma', currencyId: 999_999 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { currencyId: 'Unbekannte Währung' } });
  });

  it('updates name and currency for owners and admins', async () => {
    const owner = await signUp(app);
    const id = owner.user.currentOrganisationId;
    const renamed = await owner.patch(`/api/organisations/${id}`, { name: 'Neuer Name', currencyId: currencyIds.USD });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Neuer Name', currency: { code: 'USD', localeCode: 'en-US' } });
    expect((await owner.get('/api/profile')).json()).toMatchObject({ currency: { code: 'USD' } });
    const admin = await addMember(app, owner, id, 'admin');
    expect((await admin.patch(`/api/organisations/${id}`, { name: 'Vom Admin' })).statusCode).toBe(200);
    expect((await owner.patch(`/api/organisations/${id}`, {})).statusCode).toBe(400);
  });

  it('refuses updates by editors and read-only members with 403, changing nothing', async () => {
    const owner = await signUp(app);
    const id = owner.user.currentOrganisationId;
    for (const role of ['editor', 'read-only'] as const) {
      const member = await addMember(app, owner, id, role);
      const response = await member.patch(`/api/organisations/${id}`, { name: 'Übernommen' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Ihre Rolle erlaubt diese Aktion nicht.', code: 'FORBIDDEN' });
    }
    expect((await owner.get(`/api/organisations/${id}`)).json()).toMatchObject({ name: 'Meine Organisation' });
  });
});

describe('switching the current organisation', () => {
  it('switches to an own organisation and the profile follows', async () => {
    const user = await signUp(app);
    const other = (
      await user.post('/api/organisations', { name: 'Zweite', currencyId: currencyIds.EUR })
    ).json<OrganisationBody>();
    const switched = await user.patch('/api/profile/organisation', { organisationId: other.id });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({
      currentOrganisationId: other.id,
      currency: { code: 'EUR', localeCode: 'de-DE' },
    });
    expect((await user.get('/api/profile')).json()).toMatchObject({ currentOrganisationId: other.id });
  });

  it('answers 404 for a non-member organisation and changes nothing', async () => {
    const { a, b, organisationA, organisationB } = await twoTenants(app);
    const response = await b.patch('/api/profile/organisation', { organisationId: organisationA });
    expect(response.statusCode).toBe(404);
    expect((await b.get('/api/profile')).json()).toMatchObject({ currentOrganisationId: organisationB });
    expect((await a.get('/api/profile')).json()).toMatchObject({ currentOrganisationId: organisationA });
  });

  it('read-only members may switch', async () => {
    const owner = await signUp(app);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    const own = (await reader.get('/api/organisations')).json<{ data: OrganisationBody[] }>().data;
    const personal = own.find((organisation) => organisation.role === 'owner');
    expect((await reader.patch('/api/profile/organisation', { organisationId: personal?.id })).statusCode).toBe(200);
  });
});

describe('members and roles', () => {
  async function organisationWithMembers() {
    const owner = await signUp(app);
    const id = owner.user.currentOrganisationId;
    const admin = await addMember(app, owner, id, 'admin');
    const editor = await addMember(app, owner, id, 'editor');
    const reader = await addMember(app, owner, id, 'read-only');
    return { owner, admin, editor, reader, id };
  }

  it('lists members for every member, owners first', async () => {
    const { owner, reader, id } = await organisationWithMembers();
    const response = await reader.get(`/api/organisations/${id}/members`);
    expect(response.statusCode).toBe(200);
    const members = response.json<Array<{ email: string; role: string }>>();
    expect(members).toHaveLength(4);
    expect(members[0]).toMatchObject({ email: owner.email, role: 'owner' });
    expect((await owner.get(`/api/organisations/${id}`)).json()).toMatchObject({ memberCount: 4 });
  });

  it('admins change roles below admin only; owners change every role', async () => {
    const { owner, admin, editor, reader, id } = await organisationWithMembers();
    const promoted = await admin.patch(`/api/organisations/${id}/members/${reader.user.id}`, { role: 'editor' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ userId: reader.user.id, role: 'editor' });
    expect(
      (await admin.patch(`/api/organisations/${id}/members/${editor.user.id}`, { role: 'admin' })).statusCode,
    ).toBe(403);
    expect(
      (await admin.patch(`/api/organisations/${id}/members/${owner.user.id}`, { role: 'editor' })).statusCode,
    ).toBe(403);
    expect(
      (await editor.patch(`/api/organisations/${id}/members/${reader.user.id}`, { role: 'read-only' })).statusCode,
    ).toBe(403);
    expect(
      (await owner.patch(`/api/organisations/${id}/members/${admin.user.id}`, { role: 'read-only' })).statusCode,
    ).toBe(200);
  });

  it('a role change takes effect with the next request', async () => {
    const { owner, admin, id } = await organisationWithMembers();
    expect((await admin.patch(`/api/organisations/${id}`, { name: 'Admin war hier' })).statusCode).toBe(200);
    await owner.patch(`/api/organisations/${id}/members/${admin.user.id}`, { role: 'read-only' });
    expect((await admin.patch(`/api/organisations/${id}`, { name: 'Nicht mehr' })).statusCode).toBe(403);
  });

  it('never leaves an organisation without owner', async () => {
    const { owner, id } = await organisationWithMembers();
    const demote = await owner.patch(`/api/organisations/${id}/members/${owner.user.id}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('Eigentümer') });
    expect((await owner.delete(`/api/organisations/${id}/members/${owner.user.id}`)).statusCode).toBe(409);
    // With a second owner, the first may step down.
    const second = await addMember(app, owner, id, 'admin');
    await owner.patch(`/api/organisations/${id}/members/${second.user.id}`, { role: 'owner' });
    expect((await owner.patch(`/api/organisations/${id}/members/${owner.user.id}`, { role: 'admin' })).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['demote each other', 'PATCH'],
    ['leave', 'DELETE'],
  ])('two owners who %s at the same moment leave one owner behind', async (_what, method) => {
    const { owner, admin, id } = await organisationWithMembers();
    const second = await addMember(app, owner, id, 'admin');
    await owner.patch(`/api/organisations/${id}/members/${second.user.id}`, { role: 'owner' });
    const change = (actor: SignedInUser, target: SignedInUser) =>
      method === 'PATCH'
        ? actor.patch(`/api/organisations/${id}/members/${target.user.id}`, { role: 'admin' })
        : actor.delete(`/api/organisations/${id}/members/${actor.user.id}`);
    const answers = await Promise.all([change(owner, second), change(second, owner)]);
    // One goes through; the other finds itself the last owner (409) or, demoted already, no longer
    // allowed to demote an owner (403).
    const [done, refused] = answers.map((answer) => answer.statusCode).sort();
    expect(done).toBe(method === 'PATCH' ? 200 : 204);
    expect([403, 409]).toContain(refused);
    const members = (await admin.get(`/api/organisations/${id}/members`)).json<{ role: string }[]>();
    expect(members.filter((member) => member.role === 'owner')).toHaveLength(1);
  });

  it('removing a member ends their access at once and moves their current organisation', async () => {
    const { owner, editor, id } = await organisationWithMembers();
    expect((await editor.get(`/api/organisations/${id}`)).statusCode).toBe(200);
    expect((await editor.get('/api/profile')).json()).toMatchObject({ currentOrganisationId: id });
    expect((await owner.delete(`/api/organisations/${id}/members/${editor.user.id}`)).statusCode).toBe(204);
    expect((await editor.get(`/api/organisations/${id}`)).statusCode).toBe(404);
    const profile = (await editor.get('/api/profile')).json<{ currentOrganisationId: number }>();
    expect(profile.currentOrganisationId).not.toBe(id);
    expect((await editor.get('/api/organisations')).json<{ data: OrganisationBody[] }>().data.map((o) => o.id)).toEqual(
      [profile.currentOrganisationId],
    );
  });

  it('read-only members can neither change roles nor remove members: 403, nothing changes', async () => {
    const { owner, editor, reader, id } = await organisationWithMembers();
    const changed = await reader.patch(`/api/organisations/${id}/members/${editor.user.id}`, { role: 'read-only' });
    const removed = await reader.delete(`/api/organisations/${id}/members/${editor.user.id}`);
    for (const refused of [changed, removed]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.any(String) });
    }
    const members = (await owner.get(`/api/organisations/${id}/members`)).json<{ userId: number; role: string }[]>();
    expect(members).toContainEqual(expect.objectContaining({ userId: editor.user.id, role: 'editor' }));
  });

  it.each([
    ['an unknown currency', { currencyId: 999_999 }],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a too long name', { name: 'n'.repeat(101) }],
    ['an unknown field', { owner: 2 }],
  ])('refuses to update with %s and changes nothing', async (_case, changes) => {
    const { owner, id } = await organisationWithMembers();
    const response = await owner.patch(`/api/organisations/${id}`, changes);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json()).toMatchObject({ error: expect.any(String) });
    expect((await owner.get(`/api/organisations/${id}`)).json()).toMatchObject({
      name: 'Meine Organisation',
      currency: { code: 'CHF' },
    });
  });

  it.each(['page=0', 'limit=0', 'limit=101', 'page=abc'])('refuses the list query %s with 400', async (query) => {
    const owner = await signUp(app);
    const response = await owner.get(`/api/organisations?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('members may leave; admins may remove only members below admin', async () => {
    const { owner, admin, editor, reader, id } = await organisationWithMembers();
    expect((await admin.delete(`/api/organisations/${id}/members/${owner.user.id}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/organisations/${id}/members/${reader.user.id}`)).statusCode).toBe(204);
    expect((await editor.delete(`/api/organisations/${id}/members/${editor.user.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/organisations/${id}/members`)).json<unknown[]>()).toHaveLength(2);
  });

  it.each([
    ['/members/abc', 'PATCH', { role: 'editor' }],
    ['/members/0', 'DELETE', undefined],
  ])('refuses a malformed member id %s with 400', async (suffix, method, body) => {
    const { owner, id } = await organisationWithMembers();
    const response = await owner.send({
      method: method as 'PATCH',
      url: `/api/organisations/${id}${suffix}`,
      ...(body ? { payload: body } : {}),
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an unknown role with 400', async () => {
    const { owner, editor, id } = await organisationWithMembers();
    const response = await owner.patch(`/api/organisations/${id}/members/${editor.user.id}`, { role: 'king' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { role: 'Unbekannte Rolle' } });
  });
});

describe('tenancy: another organisation is invisible', () => {
  let a: SignedInUser;
  let b: SignedInUser;
  let organisationA: number;

  beforeAll(async () => {
    ({ a, b, organisationA } = await twoTenants(app));
  });

  it.each([
    ['GET', ''],
    ['PATCH', ''],
    ['GET', '/members'],
    ['GET', '/invitations'],
    ['POST', '/invitations'],
  ])('%s /api/organisations/{A}%s answers 404 to B', async (method, suffix) => {
    const payload =
      method === 'PATCH'
        ? { name: 'Gekapert' }
        : method === 'POST'
          ? { email: uniqueEmail(), role: 'editor' }
          : undefined;
    const response = await b.send({
      method: method as 'GET',
      url: `/api/organisations/${organisationA}${suffix}`,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("B's invitation into A's organisation leaves no invitation and sends no mail", async () => {
    const email = uniqueEmail('intruder');
    const response = await b.post(`/api/organisations/${organisationA}/invitations`, { email, role: 'admin' });
    expect(response.statusCode).toBe(404);
    expect((await a.get(`/api/organisations/${organisationA}/invitations`)).json()).toEqual([]);
    await app.deps.mailer.deliverDue();
    expect((await app.deps.mailer.recentMails()).filter((mail) => mail.to === email)).toEqual([]);
  });

  it('B can neither change nor remove A as a member', async () => {
    expect(
      (await b.patch(`/api/organisations/${organisationA}/members/${a.user.id}`, { role: 'read-only' })).statusCode,
    ).toBe(404);
    expect((await b.delete(`/api/organisations/${organisationA}/members/${a.user.id}`)).statusCode).toBe(404);
    expect((await a.get(`/api/organisations/${organisationA}`)).json()).toMatchObject({
      name: 'Meine Organisation',
      memberCount: 1,
    });
  });

  it("B cannot reach A's membership through B's own organisation either", async () => {
    const base = `/api/organisations/${b.user.currentOrganisationId}/members/${a.user.id}`;
    const changed = await b.patch(base, { role: 'read-only' });
    expect(changed.statusCode).toBe(404);
    expect(changed.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await b.delete(base)).statusCode).toBe(404);
    const members = (await a.get(`/api/organisations/${organisationA}/members`)).json<
      Array<{ userId: number; role: string }>
    >();
    expect(members).toEqual([expect.objectContaining({ userId: a.user.id, role: 'owner' })]);
  });

  it('B does not see A in the list', async () => {
    const ids = (await b.get('/api/organisations')).json<{ data: OrganisationBody[] }>().data.map((o) => o.id);
    expect(ids).not.toContain(organisationA);
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/organisations'],
    ['POST', '/api/organisations'],
    ['GET', '/api/organisations/1'],
    ['PATCH', '/api/organisations/1'],
    ['GET', '/api/organisations/1/members'],
    ['DELETE', '/api/organisations/1/members/1'],
    ['GET', '/api/organisations/1/invitations'],
    ['GET', '/api/me/invitations'],
  ])('%s %s answers 401 with logout: true', async (method, url) => {
    const response = await app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
  });
});
