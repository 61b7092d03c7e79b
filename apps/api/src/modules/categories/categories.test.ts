import { describe, expect, it } from 'vitest';
import { systemCategoryNames, type Category, type CategoryList, type Transaction } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { aCategory, aTransaction } from '../../test/factories.js';

const app = useTestApp();

const germanOrder = new Intl.Collator('de-CH');

async function allCategories(user: SignedInUser): Promise<Category[]> {
  const response = await user.get('/api/categories?page=1&limit=100');
  expect(response.statusCode).toBe(200);
  return response.json<CategoryList>().data;
}

async function systemCategory(user: SignedInUser, name: string): Promise<Category> {
  const category = (await allCategories(user)).find((candidate) => candidate.name === name);
  if (!category) throw new Error(`no system category ${name}`);
  return category;
}

function expectValidationError(response: { statusCode: number; json: <T>() => T }, field: string, message?: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json<{ code: string; fields: Record<string, string> }>();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.fields[field]).toEqual(message ?? expect.any(String));
}

describe('GET /api/categories', () => {
  it("answers the 16 system categories for the web's start call, none editable, in German order", async () => {
    const user = await signUp(app);
    const response = await user.get('/api/categories?page=1&limit=100');
    expect(response.statusCode).toBe(200);
    const body = response.json<CategoryList>();
    expect(body.data.map((category) => category.name).sort()).toEqual([...systemCategoryNames].sort());
    expect(body.data.every((category) => !category.canEdit && !category.inUse)).toBe(true);
    expect(body.pagination).toEqual({ currentPage: 1, limit: 100, totalCount: 16, totalPages: 1, totalRemaining: 0 });
    const names = body.data.map((category) => category.name);
    expect(names).toEqual([...names].sort(germanOrder.compare));
    // German alphabetical order: "Übriges" sorts with U, not after Z.
    expect(names.indexOf('Übriges')).toBeLessThan(names.indexOf('Versicherungen'));
    // Without parameters: page 1, limit 100.
    expect((await user.get('/api/categories')).body).toBe(response.body);
  });

  it('lists own categories among the system ones, with canEdit, and inUse once a transaction uses one', async () => {
    const { a, b } = await twoTenants(app);
    const own = await aCategory(a, { name: 'Ärztekasse' });
    const foreign = await aCategory(b, { name: 'Fremdkategorie' });
    const rent = await systemCategory(a, 'Miete');
    await aTransaction(b, { categoryId: rent.id });

    let list = await allCategories(a);
    expect(list).toHaveLength(17);
    expect(list.find((category) => category.id === own.id)).toEqual({
      id: own.id,
      name: 'Ärztekasse',
      canEdit: true,
      inUse: false,
    });
    expect(list.map((category) => category.name).slice(0, 2)).toEqual(['Ärztekasse', 'Bankspesen']);
    expect(list.some((category) => category.id === foreign.id)).toBe(false);
    // B's transaction in "Miete" is none of A's business.
    expect(list.find((category) => category.id === rent.id)?.inUse).toBe(false);

    await aTransaction(a, { categoryId: own.id });
    await aTransaction(a, { categoryId: rent.id });
    list = await allCategories(a);
    expect(list.find((category) => category.id === own.id)?.inUse).toBe(true);
    expect(list.find((category) => category.id === rent.id)?.inUse).toBe(true);
  });

  it('pages with page and limit, the total counting all', async () => {
    const user = await signUp(app);
    await aCategory(user);
    const response = await user.get('/api/categories?page=2&limit=5');
    const body = response.json<CategoryList>();
    expect(body.data).toHaveLength(5);
    expect(body.pagination).toEqual({ currentPage: 2, limit: 5, totalCount: 17, totalPages: 4, totalRemaining: 7 });
    const pastTheEnd = (await user.get('/api/categories?page=9&limit=5')).json<CategoryList>();
    expect(pastTheEnd.data).toEqual([]);
    expect(pastTheEnd.pagination.totalCount).toBe(17);
  });

  it.each(['page=0', 'page=-1', 'page=100001', 'limit=0', 'limit=101', 'limit=abc', 'page=1.5', 'sort=name'])(
    'refuses ?%s with a German 400',
    async (query) => {
      const user = await signUp(app);
      const response = await user.get(`/api/categories?${query}`);
      expect(response.statusCode).toBe(400);
      const body = response.json<{ error: string; code: string; fields: Record<string, string> }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.error).toBe('Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.');
      expect(Object.keys(body.fields)).toHaveLength(1);
    },
  );
});

describe('GET /api/categories/:id', () => {
  it("answers own and system categories, 404 for another organisation's or a missing one", async () => {
    const { a, b } = await twoTenants(app);
    const own = await aCategory(a);
    const rent = await systemCategory(a, 'Miete');
    expect((await a.get(`/api/categories/${own.id}`)).json()).toEqual(own);
    expect((await a.get(`/api/categories/${rent.id}`)).json()).toEqual(rent);
    for (const url of [`/api/categories/${own.id}`, '/api/categories/2147483647']) {
      const response = await b.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Die Kategorie wurde nicht gefunden.', code: 'NOT_FOUND' });
    }
    expect((await a.get('/api/categories/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/categories', () => {
  it('creates an own category (201)', async () => {
    const user = await signUp(app);
    const response = await user.post('/api/categories', { name: '  Marketing  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), name: 'Marketing', canEdit: true, inUse: false });
  });

  it('refuses a name the organisation already sees, ignoring case, also a system name (409)', async () => {
    const { a, b } = await twoTenants(app);
    await aCategory(a, { name: 'Marketing' });
    for (const name of ['Marketing', 'MARKETING', 'miete', 'Übriges']) {
      const response = await a.post('/api/categories', { name });
      expect(response.statusCode, name).toBe(409);
      expect(response.json()).toEqual({
        error: 'Kategorie existiert bereits',
        code: 'CONFLICT',
        fields: { name: 'Kategorie existiert bereits' },
      });
    }
    expect(await allCategories(a)).toHaveLength(17);
    // Another organisation's names are free.
    expect((await b.post('/api/categories', { name: 'Marketing' })).statusCode).toBe(201);
  });

  it('lets one of two simultaneous requests with the same name win', async () => {
    const user = await signUp(app);
    const answers = await Promise.all([1, 2, 3].map(() => user.post('/api/categories', { name: 'Gleichzeitig' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    [{}, 'name', 'Name wird benötigt'],
    [{ name: '   ' }, 'name', 'Name wird benötigt'],
    [{ name: 'x'.repeat(101) }, 'name', 'Höchstens 100 Zeichen erlaubt'],
    [{ name: 'Miete\u0000' }, 'name', undefined],
    [{ name: 'Neu', organisationId: 1 }, 'organisationId', undefined],
  ])('refuses %j with 400 and stores nothing', async (body, field, message) => {
    const user = await signUp(app);
    expectValidationError(await user.post('/api/categories', body), field, message);
    expect(await allCategories(user)).toHaveLength(16);
  });
});

describe('PATCH /api/categories/:id', () => {
  it('renames an own category; its own name in other letters is no conflict', async () => {
    const user = await signUp(app);
    const category = await aCategory(user, { name: 'Werbung' });
    const response = await user.patch(`/api/categories/${category.id}`, { name: 'WERBUNG' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...category, name: 'WERBUNG' });
  });

  it("refuses another category's name (409), system categories (409) and other organisations' (404)", async () => {
    const { a, b } = await twoTenants(app);
    const first = await aCategory(a, { name: 'Erste' });
    const second = await aCategory(a, { name: 'Zweite' });
    const rent = await systemCategory(a, 'Miete');

    const taken = await a.patch(`/api/categories/${second.id}`, { name: 'erste' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'Kategorie existiert bereits' });

    const system = await a.patch(`/api/categories/${rent.id}`, { name: 'Büromiete' });
    expect(system.statusCode).toBe(409);
    expect(system.json()).toEqual({ error: 'System-Kategorien können nicht bearbeitet werden', code: 'CONFLICT' });

    expect((await b.patch(`/api/categories/${first.id}`, { name: 'Übernommen' })).statusCode).toBe(404);
    expectValidationError(await a.patch(`/api/categories/${first.id}`, { name: '' }), 'name', 'Name wird benötigt');
    const names = (await allCategories(a)).map((category) => category.name);
    expect(names).toEqual(expect.arrayContaining(['Erste', 'Zweite', 'Miete']));
  });
});

describe('DELETE /api/categories/:id', () => {
  it('deletes an own unused category (204)', async () => {
    const user = await signUp(app);
    const category = await aCategory(user);
    const response = await user.delete(`/api/categories/${category.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await user.get(`/api/categories/${category.id}`)).statusCode).toBe(404);
  });

  it("refuses system categories, categories in use (409) and other organisations' (404)", async () => {
    const { a, b } = await twoTenants(app);
    const rent = await systemCategory(a, 'Miete');
    const system = await a.delete(`/api/categories/${rent.id}`);
    expect(system.statusCode).toBe(409);
    expect(system.json()).toEqual({ error: 'System-Kategorien können nicht gelöscht werden', code: 'CONFLICT' });

    const used = await aCategory(a);
    await aTransaction(a, { categoryId: used.id });
    const inUse = await a.delete(`/api/categories/${used.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({
      error: 'Diese Kategorie wird noch von Transaktionen verwendet und kann nicht gelöscht werden',
      code: 'CONFLICT',
    });

    const unused = await aCategory(a);
    expect((await b.delete(`/api/categories/${unused.id}`)).statusCode).toBe(404);
    expect((await a.get(`/api/categories/${unused.id}`)).statusCode).toBe(200);
    expect((await a.get(`/api/categories/${used.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/categories/:id/reassign', () => {
  it("moves the organisation's transactions to the target and answers how many; then delete works", async () => {
    const { a, b } = await twoTenants(app);
    const old = await aCategory(a, { name: 'Alt' });
    const target = await systemCategory(a, 'Übriges');
    const moved = [await aTransaction(a, { categoryId: old.id }), await aTransaction(a, { categoryId: old.id })];
    const untouched = await aTransaction(a, { categoryId: target.id });
    const others = await aTransaction(b, { categoryId: target.id });

    const response = await a.post(`/api/categories/${old.id}/reassign`, { targetId: target.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ affected: 2 });
    for (const transaction of [...moved, untouched]) {
      expect((await a.get(`/api/transactions/${transaction.id}`)).json<Transaction>().category).toEqual({
        id: target.id,
        name: 'Übriges',
      });
    }
    expect((await b.get(`/api/transactions/${others.id}`)).json<Transaction>().category.id).toBe(target.id);
    expect((await a.get(`/api/categories/${old.id}`)).json<Category>().inUse).toBe(false);
    expect((await a.delete(`/api/categories/${old.id}`)).statusCode).toBe(204);
  });

  it("moves only this organisation's transactions off a system category", async () => {
    const { a, b } = await twoTenants(app);
    const rent = await systemCategory(a, 'Miete');
    const mine = await aTransaction(a, { categoryId: rent.id });
    const theirs = await aTransaction(b, { categoryId: rent.id });
    const target = await aCategory(a);
    const response = await a.post(`/api/categories/${rent.id}/reassign`, { targetId: target.id });
    expect(response.json()).toEqual({ affected: 1 });
    expect((await a.get(`/api/transactions/${mine.id}`)).json<Transaction>().category.id).toBe(target.id);
    expect((await b.get(`/api/transactions/${theirs.id}`)).json<Transaction>().category.id).toBe(rent.id);
  });

  it('refuses a target the organisation cannot see, a missing one or the same category (400 naming targetId)', async () => {
    const { a, b } = await twoTenants(app);
    const source = await aCategory(a);
    const transaction = await aTransaction(a, { categoryId: source.id });
    const foreign = await aCategory(b);
    for (const [targetId, message] of [
      [foreign.id, 'Ungültige Kategorie'],
      [2_147_483_647, 'Ungültige Kategorie'],
      [source.id, 'Die Ersatzkategorie muss eine andere Kategorie sein'],
    ] as const) {
      for (const deleteAfter of [false, true]) {
        const response = await a.post(`/api/categories/${source.id}/reassign`, { targetId, deleteAfter });
        expectValidationError(response, 'targetId', message);
      }
    }
    expectValidationError(
      await a.post(`/api/categories/${source.id}/reassign`, {}),
      'targetId',
      'Ersatzkategorie wird benötigt',
    );
    expectValidationError(await a.post(`/api/categories/${source.id}/reassign`, { targetId: 0 }), 'targetId');
    expect((await a.get(`/api/transactions/${transaction.id}`)).json<Transaction>().category.id).toBe(source.id);
    expect((await a.get(`/api/categories/${source.id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another organisation's category and moves nothing", async () => {
    const { a, b } = await twoTenants(app);
    const source = await aCategory(a);
    const transaction = await aTransaction(a, { categoryId: source.id });
    const bTarget = await aCategory(b);
    const response = await b.post(`/api/categories/${source.id}/reassign`, { targetId: bTarget.id });
    expect(response.statusCode).toBe(404);
    expect((await a.get(`/api/transactions/${transaction.id}`)).json<Transaction>().category.id).toBe(source.id);
  });
});

describe('replace and delete: POST /api/categories/:id/reassign with deleteAfter', () => {
  it('moves the transactions and deletes the category in one go', async () => {
    const user = await signUp(app);
    const old = await aCategory(user);
    const target = await aCategory(user);
    const transactions = [
      await aTransaction(user, { categoryId: old.id }),
      await aTransaction(user, { categoryId: old.id }),
    ];
    const response = await user.post(`/api/categories/${old.id}/reassign`, { targetId: target.id, deleteAfter: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ affected: 2 });
    expect((await user.get(`/api/categories/${old.id}`)).statusCode).toBe(404);
    for (const transaction of transactions) {
      expect((await user.get(`/api/transactions/${transaction.id}`)).json<Transaction>().category.id).toBe(target.id);
    }
  });

  it('deletes an unused category too (affected 0)', async () => {
    const user = await signUp(app);
    const old = await aCategory(user);
    const target = await aCategory(user);
    const response = await user.post(`/api/categories/${old.id}/reassign`, { targetId: target.id, deleteAfter: true });
    expect(response.json()).toEqual({ affected: 0 });
    expect((await user.get(`/api/categories/${old.id}`)).statusCode).toBe(404);
  });

  it('moves nothing when the category cannot be deleted (a system category: 409)', async () => {
    const user = await signUp(app);
    const rent = await systemCategory(user, 'Miete');
    const transaction = await aTransaction(user, { categoryId: rent.id });
    const target = await aCategory(user);
    const response = await user.post(`/api/categories/${rent.id}/reassign`, { targetId: target.id, deleteAfter: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'System-Kategorien können nicht gelöscht werden', code: 'CONFLICT' });
    expect((await user.get(`/api/transactions/${transaction.id}`)).json<Transaction>().category.id).toBe(rent.id);
  });

  it('refuses a deleteAfter that is not a boolean', async () => {
    const user = await signUp(app);
    const old = await aCategory(user);
    const target = await aCategory(user);
    expectValidationError(
      await user.post(`/api/categories/${old.id}/reassign`, { targetId: target.id, deleteAfter: 'ja' }),
      'deleteAfter',
      'Ungültiger Wert',
    );
    expect((await user.get(`/api/categories/${old.id}`)).statusCode).toBe(200);
  });
});

describe('roles and sessions', () => {
  it('lets a read-only member read but not write (403)', async () => {
    const owner = await signUp(app);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    await reader.patch('/api/profile/organisation', { organisationId: owner.user.currentOrganisationId });
    const own = await aCategory(owner);
    expect((await reader.get('/api/categories')).json<CategoryList>().data.map((category) => category.id)).toContain(
      own.id,
    );
    expect((await reader.post('/api/categories', { name: 'Leser' })).statusCode).toBe(403);
    expect((await reader.delete(`/api/categories/${own.id}`)).statusCode).toBe(403);
  });

  it.each(['/api/categories', '/api/categories/1'])(
    '%s without a session answers 401 with logout: true',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
    },
  );
});
