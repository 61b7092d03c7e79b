import { describe, expect, it } from 'vitest';
import {
  cycles,
  type Category,
  type CategoryList,
  type Transaction,
  type TransactionCreate,
  type TransactionList,
  type Vat,
} from '@saldopilot/shared';
import { TEST_TODAY, useTestApp } from '../../test/build-test-app.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { aCategory, anEmployee, aTransaction, aVatRate, organisationCurrency } from '../../test/factories.js';
import { expectFieldError, VALIDATION_SUMMARY } from '../../test/expectations.js';

const app = useTestApp();

async function list(user: SignedInUser, query = ''): Promise<TransactionList> {
  const response = await user.get(`/api/transactions${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionList>();
}

async function countOf(user: SignedInUser): Promise<number> {
  return (await list(user)).pagination.totalCount;
}

async function systemCategory(user: SignedInUser, name: string): Promise<Category> {
  const categories = (await user.get('/api/categories')).json<CategoryList>().data;
  const category = categories.find((candidate) => candidate.name === name);
  if (!category) throw new Error(`no category ${name}`);
  return category;
}

async function standardVat(user: SignedInUser): Promise<Vat> {
  const rate = (await user.get('/api/vats')).json<Vat[]>().find((candidate) => candidate.value === 810);
  if (!rate) throw new Error('no 8.1 % rate');
  return rate;
}

/** A valid body for `user` (a system category, the organisation's currency) plus `overrides`. */
async function validBody(user: SignedInUser, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Büromiete',
    amount: -480_000,
    type: 'repeating',
    cycle: 'monthly',
    startDate: '2026-01-31',
    categoryId: (await systemCategory(user, 'Miete')).id,
    currencyId: (await organisationCurrency(user)).id,
    ...overrides,
  };
}

describe('POST /api/transactions', () => {
  it('creates a transaction and answers it with category, currency, employee, VAT and the computed fields', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user, { name: 'Beat Beispiel' });
    const vat = await standardVat(user);
    const category = await aCategory(user, { name: 'Beratung' });
    const currency = await organisationCurrency(user);
    const response = await user.post('/api/transactions', {
      name: '  Mandat Muster GmbH ',
      link: 'https://rechnungen.example.ch/42',
      amount: 12_000,
      type: 'repeating',
      cycle: 'quarterly',
      startDate: '2026-01-31',
      endDate: '2027-12-31',
      categoryId: category.id,
      currencyId: currency.id,
      employeeId: employee.id,
      vatId: vat.id,
      vatIncluded: false,
    });
    expect(response.statusCode, response.body).toBe(201);
    const transaction = response.json<Transaction>();
    expect(transaction).toEqual({
      id: expect.any(Number),
      name: 'Mandat Muster GmbH',
      link: 'https://rechnungen.example.ch/42',
      amount: 12_000,
      vatAmount: 972,
      vatIncluded: false,
      isDisabled: false,
      cycle: 'quarterly',
      type: 'repeating',
      startDate: '2026-01-31',
      endDate: '2027-12-31',
      category: { id: category.id, name: 'Beratung' },
      currency,
      employee: { id: employee.id, name: 'Beat Beispiel' },
      vat,
      // 31 Jan, 30 Apr, 31 Jul, 31 Oct, then 31 Jan 2027 (today is 21 Nov 2026).
      nextExecutionDate: '2027-01-31',
      reference: null,
      bankAccountId: null,
    });
    expect((await user.get(`/api/transactions/${transaction.id}`)).json()).toEqual(transaction);
  });

  it('creates a single expense with defaults: no link, no VAT, no employee, paid on its start', async () => {
    const user = await signUp(app);
    const response = await user.post(
      '/api/transactions',
      await validBody(user, { type: 'single', cycle: undefined, startDate: TEST_TODAY, link: '' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      link: null,
      vat: null,
      vatAmount: 0,
      vatIncluded: false,
      employee: null,
      cycle: null,
      endDate: null,
      nextExecutionDate: TEST_TODAY,
    });
  });

  describe('refuses bad input with 400, a German message per field, and stores nothing', () => {
    const cases: [string, Record<string, unknown>, string, string?][] = [
      ['zero amount', { amount: 0 }, 'amount', 'Der Betrag darf nicht 0 sein'],
      [
        'amount beyond the maximum',
        { amount: 100_000_000_000_000 },
        'amount',
        "Der Betrag darf höchstens 999'999'999'999.99 sein",
      ],
      [
        'amount below the minimum',
        { amount: -100_000_000_000_000 },
        'amount',
        "Der Betrag darf höchstens 999'999'999'999.99 sein",
      ],
      ['fractional cents', { amount: 10.5 }, 'amount', 'Ungültiger Betrag'],
      ['amount as text', { amount: '100' }, 'amount', 'Ungültiger Betrag'],
      ['missing amount', { amount: undefined }, 'amount', 'Betrag wird benötigt'],
      ['end before start', { endDate: '2026-01-30' }, 'endDate', 'Bis darf nicht vor Von liegen'],
      ['repeating without a cycle', { cycle: undefined }, 'cycle', 'Zahlungs-Zyklus wird benötigt'],
      ['repeating with a null cycle', { cycle: null }, 'cycle', 'Zahlungs-Zyklus wird benötigt'],
      ['single with a cycle', { type: 'single' }, 'cycle', 'Eine einmalige Transaktion hat keinen Zyklus'],
      [
        'single with an end',
        { type: 'single', cycle: undefined, endDate: '2026-12-31' },
        'endDate',
        'Eine einmalige Transaktion hat kein Enddatum',
      ],
      ['unknown cycle', { cycle: 'weekly' }, 'cycle', 'Zahlungs-Zyklus wird benötigt'],
      ['unknown type', { type: 'sometimes' }, 'type', 'Typ wird benötigt'],
      ['impossible date', { startDate: '2026-02-30' }, 'startDate', 'Ungültiger Datumswert'],
      ['missing start', { startDate: undefined }, 'startDate', 'Start wird benötigt'],
      ['a name of 256 characters', { name: 'x'.repeat(256) }, 'name', 'Höchstens 255 Zeichen erlaubt'],
      ['an empty name', { name: '  ' }, 'name', 'Name wird benötigt'],
      [
        'a link that is not http(s)',
        { link: 'ftp://example.ch/rechnung.pdf' },
        'link',
        'Nur http- und https-Adressen sind erlaubt',
      ],
      ['a javascript: link', { link: 'javascript:alert(1)' }, 'link', 'Nur http- und https-Adressen sind erlaubt'],
      ['a link that is no address', { link: 'rechnung 42' }, 'link', 'Bitte geben Sie eine gültige Adresse (URL) ein'],
      [
        'a link longer than 2048',
        { link: `https://example.ch/${'a'.repeat(2031)}` },
        'link',
        'Höchstens 2048 Zeichen erlaubt',
      ],
      ['unknown currency', { currencyId: 999_999 }, 'currencyId', 'Ungültige Währung'],
      ['missing category', { categoryId: undefined }, 'categoryId', 'Kategorie wird benötigt'],
      ['nonexistent category', { categoryId: 2_147_483_647 }, 'categoryId', 'Ungültige Kategorie'],
      ['nonexistent employee', { employeeId: 2_147_483_647 }, 'employeeId', 'Ungültige Mitarbeitende'],
      ['nonexistent VAT rate', { vatId: 2_147_483_647 }, 'vatId', 'Ungültige Mehrwertsteuer'],
      ['an id beyond the integer range', { categoryId: 2_147_483_648 }, 'categoryId', 'Ungültige Kategorie'],
      ['an unknown field', { organisationId: 1 }, 'organisationId'],
      ['VAT included as text', { vatIncluded: 'ja' }, 'vatIncluded', 'Ungültiger Wert'],
    ];
    it.each(cases)('%s', async (_name, overrides, field, message) => {
      const user = await signUp(app);
      expectFieldError(await user.post('/api/transactions', await validBody(user, overrides)), field, message);
      expect(await countOf(user)).toBe(0);
    });

    it('a link of exactly 2048 characters is fine', async () => {
      const user = await signUp(app);
      const link = `https://example.ch/${'a'.repeat(2029)}`;
      expect(link).toHaveLength(2048);
      const response = await user.post('/api/transactions', await validBody(user, { link }));
      expect(response.statusCode, response.body).toBe(201);
    });

    it("another organisation's category, employee or VAT rate (400 naming each field)", async () => {
      const { a, b } = await twoTenants(app);
      const foreignCategory = await aCategory(b);
      const foreignVat = await aVatRate(b);
      const foreignEmployee = await anEmployee(b);
      const response = await a.post(
        '/api/transactions',
        await validBody(a, { categoryId: foreignCategory.id, vatId: foreignVat.id, employeeId: foreignEmployee.id }),
      );
      expectFieldError(response, 'categoryId', 'Ungültige Kategorie');
      expect(response.json<{ fields: object }>().fields).toEqual({
        categoryId: 'Ungültige Kategorie',
        vatId: 'Ungültige Mehrwertsteuer',
        employeeId: 'Ungültige Mitarbeitende',
      });
      expect(await countOf(a)).toBe(0);
    });
  });
});

describe('GET /api/transactions/:id', () => {
  it("answers 404 for another organisation's or a missing transaction, 400 for a bad id", async () => {
    const { a, b } = await twoTenants(app);
    const transaction = await aTransaction(a);
    for (const url of [`/api/transactions/${transaction.id}`, '/api/transactions/2147483647']) {
      const response = await b.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Die Transaktion wurde nicht gefunden.', code: 'NOT_FOUND' });
    }
    for (const id of ['abc', '0', '1e3', '2147483648']) {
      expect((await a.get(`/api/transactions/${id}`)).statusCode, id).toBe(400);
    }
  });
});

describe('PATCH /api/transactions/:id (true partial update)', () => {
  async function fullTransaction(user: SignedInUser) {
    const employee = await anEmployee(user);
    const vat = await standardVat(user);
    return aTransaction(user, {
      link: 'https://example.ch/a',
      employeeId: employee.id,
      vatId: vat.id,
      endDate: '2027-06-30',
    });
  }

  it('changes only the fields sent; the others stay', async () => {
    const user = await signUp(app);
    const transaction = await fullTransaction(user);
    const response = await user.patch(`/api/transactions/${transaction.id}`, { name: 'Neuer Name', amount: 50_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...transaction, name: 'Neuer Name', amount: 50_000, vatAmount: 4_050 });
  });

  it('clears optional fields with null (and an empty link)', async () => {
    const user = await signUp(app);
    const transaction = await fullTransaction(user);
    const response = await user.patch(`/api/transactions/${transaction.id}`, {
      link: '',
      employeeId: null,
      vatId: null,
      endDate: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...transaction,
      link: null,
      employee: null,
      vat: null,
      vatAmount: 0,
      endDate: null,
    });
  });

  it('turns a repeating transaction into a single one only when cycle and end are cleared in the same request', async () => {
    const user = await signUp(app);
    const transaction = await fullTransaction(user);
    const refused = await user.patch(`/api/transactions/${transaction.id}`, { type: 'single' });
    expectFieldError(refused, 'cycle', 'Eine einmalige Transaktion hat keinen Zyklus');
    expect(refused.json<{ fields: object }>().fields).toEqual({
      cycle: 'Eine einmalige Transaktion hat keinen Zyklus',
      endDate: 'Eine einmalige Transaktion hat kein Enddatum',
    });
    expect((await user.get(`/api/transactions/${transaction.id}`)).json()).toEqual(transaction);
    const response = await user.patch(`/api/transactions/${transaction.id}`, {
      type: 'single',
      cycle: null,
      endDate: null,
      startDate: '2027-03-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      type: 'single',
      cycle: null,
      endDate: null,
      nextExecutionDate: '2027-03-01',
    });
  });

  it('checks the rules across fields on the stored row merged with the change', async () => {
    const user = await signUp(app);
    const transaction = await fullTransaction(user); // 2026-01-01 … 2027-06-30
    expectFieldError(
      await user.patch(`/api/transactions/${transaction.id}`, { endDate: '2025-12-31' }),
      'endDate',
      'Bis darf nicht vor Von liegen',
    );
    expectFieldError(
      await user.patch(`/api/transactions/${transaction.id}`, { startDate: '2027-07-01' }),
      'endDate',
      'Bis darf nicht vor Von liegen',
    );
    expectFieldError(
      await user.patch(`/api/transactions/${transaction.id}`, { cycle: null }),
      'cycle',
      'Zahlungs-Zyklus wird benötigt',
    );
    expect((await user.get(`/api/transactions/${transaction.id}`)).json()).toEqual(transaction);
    const moved = await user.patch(`/api/transactions/${transaction.id}`, {
      startDate: '2027-01-01',
      endDate: '2027-12-31',
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refuses references the organisation may not use (400 naming the field) and changes nothing', async () => {
    const { a, b } = await twoTenants(app);
    const transaction = await aTransaction(a);
    const foreignCategory = await aCategory(b);
    const foreignVat = await aVatRate(b);
    const foreignEmployee = await anEmployee(b);
    for (const [field, value, message] of [
      ['categoryId', foreignCategory.id, 'Ungültige Kategorie'],
      ['vatId', foreignVat.id, 'Ungültige Mehrwertsteuer'],
      ['employeeId', foreignEmployee.id, 'Ungültige Mitarbeitende'],
      ['currencyId', 999_999, 'Ungültige Währung'],
      ['amount', 0, 'Der Betrag darf nicht 0 sein'],
      ['name', 'x'.repeat(256), 'Höchstens 255 Zeichen erlaubt'],
    ] as const) {
      expectFieldError(
        await a.patch(`/api/transactions/${transaction.id}`, { name: 'Geändert', [field]: value }),
        field,
        message,
      );
    }
    expect((await a.get(`/api/transactions/${transaction.id}`)).json()).toEqual(transaction);
  });

  it('disables and enables with isDisabled', async () => {
    const user = await signUp(app);
    const transaction = await aTransaction(user);
    const response = await user.patch(`/api/transactions/${transaction.id}`, { isDisabled: true });
    expect(response.json()).toEqual({ ...transaction, isDisabled: true });
  });

  it("refuses an empty change (400) and another organisation's transaction (404)", async () => {
    const { a, b } = await twoTenants(app);
    const transaction = await aTransaction(a);
    expect((await a.patch(`/api/transactions/${transaction.id}`, {})).statusCode).toBe(400);
    expect((await b.patch(`/api/transactions/${transaction.id}`, { name: 'Übernommen' })).statusCode).toBe(404);
    expect((await a.get(`/api/transactions/${transaction.id}`)).json()).toEqual(transaction);
  });
});

describe('DELETE /api/transactions/:id', () => {
  it("deletes (204); another organisation's answers 404 and stays", async () => {
    const { a, b } = await twoTenants(app);
    const mine = await aTransaction(a);
    const theirs = await aTransaction(b);
    expect((await a.delete(`/api/transactions/${theirs.id}`)).statusCode).toBe(404);
    expect((await b.get(`/api/transactions/${theirs.id}`)).statusCode).toBe(200);
    const response = await a.delete(`/api/transactions/${mine.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await a.get(`/api/transactions/${mine.id}`)).statusCode).toBe(404);
    expect((await a.delete(`/api/transactions/${mine.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/transactions/bulk', () => {
  it('disables, enables and deletes several at once and answers how many', async () => {
    const user = await signUp(app);
    const [first, second, third] = [await aTransaction(user), await aTransaction(user), await aTransaction(user)];
    const ids = [first!.id, second!.id];
    expect((await user.post('/api/transactions/bulk', { ids, action: 'disable' })).json()).toEqual({ affected: 2 });
    let all = (await list(user)).data;
    expect(
      all
        .filter((transaction) => transaction.isDisabled)
        .map((transaction) => transaction.id)
        .sort(),
    ).toEqual(ids.sort());
    expect((await user.post('/api/transactions/bulk', { ids: [first!.id], action: 'enable' })).json()).toEqual({
      affected: 1,
    });
    expect((await user.get(`/api/transactions/${first!.id}`)).json<Transaction>().isDisabled).toBe(false);
    expect((await user.post('/api/transactions/bulk', { ids, action: 'delete' })).json()).toEqual({ affected: 2 });
    all = (await list(user)).data;
    expect(all.map((transaction) => transaction.id)).toEqual([third!.id]);
  });

  it("refuses the whole request when one id is another organisation's or missing (404): nothing happens", async () => {
    const { a, b } = await twoTenants(app);
    const mine = [await aTransaction(a), await aTransaction(a)];
    const theirs = await aTransaction(b);
    for (const action of ['disable', 'delete'] as const) {
      for (const stranger of [theirs.id, 2_147_483_647]) {
        const response = await a.post('/api/transactions/bulk', { ids: [...mine.map((t) => t.id), stranger], action });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: 'Mindestens eine der gewählten Transaktionen wurde nicht gefunden. Es wurde nichts geändert.',
          code: 'NOT_FOUND',
        });
      }
    }
    expect((await list(a)).data.map((transaction) => transaction.isDisabled)).toEqual([false, false]);
    expect((await b.get(`/api/transactions/${theirs.id}`)).json()).toEqual(theirs);
  });

  it.each([
    [{ ids: [], action: 'delete' }, 'ids', 'Bitte wählen Sie Transaktionen aus'],
    [{ ids: [1, 1], action: 'delete' }, 'ids', 'Doppelte Auswahl nicht erlaubt'],
    [{ ids: [1], action: 'archive' }, 'action', 'Unbekannte Aktion'],
    [{ ids: ['1'], action: 'delete' }, 'ids.0', undefined],
    [
      { ids: Array.from({ length: 501 }, (_, i) => i + 1), action: 'delete' },
      'ids',
      'Höchstens 500 Transaktionen auf einmal',
    ],
  ])('refuses %j with 400', async (body, field, message) => {
    const user = await signUp(app);
    const transaction = await aTransaction(user);
    expectFieldError(await user.post('/api/transactions/bulk', body), field, message);
    expect((await user.get(`/api/transactions/${transaction.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/transactions', () => {
  /**
   * Six transactions with distinct values in every sortable field (and some without one), in the
   * organisation of a new user. Today is 2026-11-21.
   */
  async function sortable() {
    const user = await signUp(app);
    const anna = await anEmployee(user, { name: 'Anna' });
    const zoe = await anEmployee(user, { name: 'Zoë' });
    const urs = await anEmployee(user, { name: 'Ürs' });
    const categories = {
      a: await aCategory(user, { name: 'Ärzte' }),
      b: await aCategory(user, { name: 'Bau' }),
      z: await aCategory(user, { name: 'Zins' }),
    };
    const bodies: Partial<TransactionCreate>[] = [
      // next 2026-12-01
      {
        name: 'Miete',
        amount: -300_000,
        cycle: 'monthly',
        startDate: '2026-01-01',
        categoryId: categories.b.id,
        employeeId: anna.id,
      },
      // next 2027-01-15 (quarterly from 15 Jan 2026: 15 Apr, 15 Jul, 15 Oct, 15 Jan)
      {
        name: 'übersetzung',
        amount: 50_000,
        cycle: 'quarterly',
        startDate: '2026-01-15',
        endDate: '2027-12-31',
        categoryId: categories.a.id,
        employeeId: zoe.id,
      },
      // single in the past: expired
      {
        name: 'Anschaffung',
        amount: -1_200_000,
        type: 'single',
        cycle: null,
        startDate: '2026-03-10',
        categoryId: categories.z.id,
      },
      // yearly, next 2027-02-28
      {
        name: 'Versicherung',
        amount: -90_000,
        cycle: 'yearly',
        startDate: '2025-02-28',
        categoryId: categories.b.id,
        employeeId: urs.id,
      },
      // ended: expired
      {
        name: 'Beratung',
        amount: 700_000,
        cycle: 'biannually',
        startDate: '2025-01-31',
        endDate: '2026-08-31',
        categoryId: categories.a.id,
      },
      // single later
      {
        name: 'Zahlung 100%_sicher',
        amount: 1_000,
        type: 'single',
        cycle: null,
        startDate: '2027-05-05',
        categoryId: categories.z.id,
      },
    ];
    const created: Transaction[] = [];
    for (const body of bodies) created.push(await aTransaction(user, { type: 'repeating', ...body }));
    return { user, created, categories };
  }

  const collator = new Intl.Collator('de-CH');
  const cycleRank = (cycle: string | null) => (cycle === null ? null : cycles.indexOf(cycle as never));
  const sortValue: Record<string, (transaction: Transaction) => string | number | null> = {
    name: (transaction) => transaction.name,
    startDate: (transaction) => transaction.startDate,
    endDate: (transaction) => transaction.endDate,
    amount: (transaction) => transaction.amount,
    cycle: (transaction) => cycleRank(transaction.cycle),
    category: (transaction) => transaction.category.name,
    employee: (transaction) => transaction.employee?.name ?? null,
    nextExecutionDate: (transaction) => transaction.nextExecutionDate,
  };

  /** The expected order: by the field (German order for text), rows without a value last, then by name. */
  function expectedOrder(transactions: Transaction[], field: string, order: 'ASC' | 'DESC'): string[] {
    const value = sortValue[field]!;
    return [...transactions]
      .sort((left, right) => {
        const [a, b] = [value(left), value(right)];
        if (a === null || b === null) {
          if (a !== b) return a === null ? 1 : -1;
        } else {
          const compared = typeof a === 'number' ? a - (b as number) : collator.compare(a, b as string);
          if (compared !== 0) return order === 'ASC' ? compared : -compared;
        }
        return collator.compare(left.name, right.name);
      })
      .map((transaction) => transaction.name);
  }

  it('sorts by every field in both directions, in SQL, rows without a value last', async () => {
    const { user, created } = await sortable();
    for (const field of Object.keys(sortValue)) {
      for (const order of ['ASC', 'DESC'] as const) {
        const names = (await list(user, `sortBy=${field}&sortOrder=${order}`)).data.map(
          (transaction) => transaction.name,
        );
        expect(names, `${field} ${order}`).toEqual(expectedOrder(created, field, order));
      }
    }
    // Default: by name ascending, German order ("übersetzung" with U, "Zahlung" last).
    expect((await list(user)).data.map((transaction) => transaction.name)).toEqual([
      'Anschaffung',
      'Beratung',
      'Miete',
      'übersetzung',
      'Versicherung',
      'Zahlung 100%_sicher',
    ]);
    expect((await list(user, 'sortBy=nextExecutionDate')).data.map((t) => t.nextExecutionDate)).toEqual([
      '2026-12-01',
      '2027-01-15',
      '2027-02-28',
      '2027-05-05',
      null,
      null,
    ]);
  });

  it('pages every sort across pages without repeating or skipping a row', async () => {
    const { user, created } = await sortable();
    for (const field of Object.keys(sortValue)) {
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        const body = await list(user, `sortBy=${field}&limit=2&page=${page}`);
        expect(body.pagination).toEqual({
          currentPage: page,
          limit: 2,
          totalCount: 6,
          totalPages: 3,
          totalRemaining: 6 - page * 2,
        });
        pages.push(...body.data.map((transaction) => transaction.name));
      }
      expect(pages, field).toEqual(expectedOrder(created, field, 'ASC'));
    }
    const past = await list(user, 'page=4&limit=2');
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ totalCount: 6, totalRemaining: 0 });
  });

  it('searches names case-insensitively, % and _ literally', async () => {
    const { user } = await sortable();
    const names = async (query: string) => (await list(user, query)).data.map((transaction) => transaction.name);
    expect(await names('search=MIET')).toEqual(['Miete']);
    expect(await names('search=%C3%9Cbersetzung')).toEqual(['übersetzung']);
    expect(await names('search=%25')).toEqual(['Zahlung 100%_sicher']);
    expect(await names('search=_')).toEqual(['Zahlung 100%_sicher']);
    expect(await names('search=%20%20')).toHaveLength(6);
    expect((await list(user, 'search=nichts')).pagination.totalCount).toBe(0);
    expect((await list(user, 'search=e&limit=1')).pagination.totalCount).toBe(5);
  });

  it('filters: hideDisabled, hideExpired, categoryId, direction — and their totals', async () => {
    const { user, created, categories } = await sortable();
    const disabled = created.find((transaction) => transaction.name === 'Miete')!;
    await user.patch(`/api/transactions/${disabled.id}`, { isDisabled: true });
    const names = async (query: string) => {
      const body = await list(user, query);
      expect(body.pagination.totalCount).toBe(body.data.length);
      return body.data.map((transaction) => transaction.name);
    };
    expect(await names('hideDisabled=true')).not.toContain('Miete');
    expect(await names('hideDisabled=true')).toHaveLength(5);
    expect(await names('hideDisabled=false')).toHaveLength(6);
    expect(await names('hideExpired=true')).toEqual(['Miete', 'übersetzung', 'Versicherung', 'Zahlung 100%_sicher']);
    expect(await names(`categoryId=${categories.a.id}`)).toEqual(['Beratung', 'übersetzung']);
    expect(await names('direction=revenue')).toEqual(['Beratung', 'übersetzung', 'Zahlung 100%_sicher']);
    expect(await names('direction=expense')).toEqual(['Anschaffung', 'Miete', 'Versicherung']);
    expect(await names(`direction=expense&hideExpired=true&hideDisabled=true&categoryId=${categories.b.id}`)).toEqual([
      'Versicherung',
    ]);
    const paged = await list(user, 'hideExpired=true&limit=1&page=2&sortBy=nextExecutionDate');
    expect(paged.data.map((transaction) => transaction.name)).toEqual(['übersetzung']);
    expect(paged.pagination).toMatchObject({ totalCount: 4, totalPages: 4, totalRemaining: 2 });
  });

  it("lists only the organisation's own transactions, 50 per page by default", async () => {
    const { a, b } = await twoTenants(app);
    await aTransaction(b);
    const body = await list(a);
    expect(body).toEqual({
      data: [],
      pagination: { currentPage: 1, limit: 50, totalCount: 0, totalPages: 1, totalRemaining: 0 },
    });
  });

  it.each([
    'page=-1',
    'page=0',
    'page=100001',
    'page=99999999999',
    'limit=0',
    'limit=101',
    'limit=1.5',
    'sortBy=amountX',
    'sortBy=organisationId',
    'sortOrder=UP',
    'hideExpired=yes',
    'hideDisabled=1',
    'categoryId=abc',
    'categoryId=0',
    'direction=both',
    'organisationId=1',
    `search=${'x'.repeat(101)}`,
  ])('refuses ?%s with a German 400', async (query) => {
    const user = await signUp(app);
    const response = await user.get(`/api/transactions?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; code: string; fields: Record<string, string> }>();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', error: VALIDATION_SUMMARY });
    expect(Object.keys(body.fields)).toHaveLength(1);
  });

  it('names the unknown sort field in German', async () => {
    const user = await signUp(app);
    const response = await user.get('/api/transactions?sortBy=amountX');
    expect(response.json()).toMatchObject({ fields: { sortBy: 'Unbekanntes Sortierfeld' } });
  });
});

describe('roles and sessions', () => {
  it('lets a read-only member read but not write (403)', async () => {
    const owner = await signUp(app);
    const transaction = await aTransaction(owner);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    await reader.patch('/api/profile/organisation', { organisationId: owner.user.currentOrganisationId });
    expect((await reader.get(`/api/transactions/${transaction.id}`)).statusCode).toBe(200);
    expect((await list(reader)).pagination.totalCount).toBe(1);
    expect((await reader.patch(`/api/transactions/${transaction.id}`, { name: 'Leser' })).statusCode).toBe(403);
    expect((await reader.post('/api/transactions/bulk', { ids: [transaction.id], action: 'delete' })).statusCode).toBe(
      403,
    );
    expect((await owner.get(`/api/transactions/${transaction.id}`)).json()).toEqual(transaction);
  });

  it.each(['/api/transactions', '/api/transactions/1'])(
    '%s without a session answers 401 with logout: true',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
    },
  );
});
