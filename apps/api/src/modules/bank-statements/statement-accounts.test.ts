import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import type {
  BankAccount,
  BankAccountList,
  BankEntryList,
  StatementFilePreview,
  StatementImportResult,
} from '@saldopilot/shared';
import { TEST_TODAY, useTestApp } from '../../test/build-test-app.js';
import { aBankAccount, currencyId, type StatementUpload } from '../../test/factories.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';

/**
 * Issue 41, findings 5 and 6 and "Account recognition" (docs/bank-statements.md "Balances",
 * "Accounts"): balances only in the account's currency, entries in the account's currency from their
 * amount details, an unknown "Stand per" that the first statement sets, and statements recognised by
 * IBAN, "Kontonummer" or an earlier choice, assigned per statement or creating their account.
 * The files are synthetic fixtures written for these tests (fixtures/README.md).
 */

const app = useTestApp();

const IBAN_EUR = 'DE72370400440532019999';
const IBAN_CHF = 'CH1404835000000004444';

function fixture(name: string): StatementUpload {
  return {
    bytes: new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url))),
    contentType: 'application/xml',
  };
}

/** A zip of fixtures, as a bank delivers several statements. */
function zipOf(...names: string[]): StatementUpload {
  const files = Object.fromEntries(names.map((name) => [name, fixture(name).bytes]));
  return { bytes: zipSync(files), contentType: 'application/zip' };
}

function send(user: SignedInUser, file: StatementUpload, path: 'preview' | 'import', query = '') {
  return user.send({
    method: 'POST',
    url: `/api/bank-statements${path === 'preview' ? '/preview' : ''}${query}`,
    payload: Buffer.from(file.bytes),
    headers: { 'content-type': file.contentType },
  });
}

async function preview(user: SignedInUser, file: StatementUpload, query = '') {
  const response = await send(user, file, 'preview', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementFilePreview>();
}

async function imported(user: SignedInUser, file: StatementUpload, query = '') {
  const response = await send(user, file, 'import', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementImportResult>();
}

async function account(user: SignedInUser, id: number) {
  const response = await user.get(`/api/bank-accounts/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BankAccount>();
}

async function accounts(user: SignedInUser) {
  return (await user.get('/api/bank-accounts?limit=100')).json<BankAccountList>().data;
}

async function entriesOf(user: SignedInUser, id: number) {
  return (await user.get(`/api/bank-accounts/${id}/entries?sortOrder=ASC`)).json<BankEntryList>().data;
}

describe('finding 5: balances and entries in the account currency only', () => {
  it('never takes a closing balance in SEK as the balance of an EUR account, and checks nothing across currencies', async () => {
    const user = await signUp(app);
    const eur = await currencyId(user, 'EUR');
    const target = await aBankAccount(user, {
      name: 'Euro-Konto',
      amount: 500_00,
      currencyId: eur,
      balanceDate: '2026-10-31',
      iban: IBAN_EUR,
    });
    const [statement] = (await preview(user, fixture('camt053-foreign-balance.xml'))).statements;
    expect(statement!.closingBalance).toEqual({ amount: -27_00, currency: 'SEK', date: '2026-11-10', type: 'CLBD' });
    expect(statement!.balanceUpdate).toEqual({
      updates: false,
      reason: 'Schlusssaldo in SEK, Konto in EUR: nicht übernommen',
    });
    // The EUR opening is never subtracted from the SEK closing.
    expect(statement!.balanceCheck).toBeNull();
    expect(statement!.warnings).toContain('Anfangssaldo in EUR, Schlusssaldo in SEK: keine Saldoprüfung.');

    const result = await imported(user, fixture('camt053-foreign-balance.xml'));
    expect(result).toMatchObject({ imported: 1, balancesUpdated: 0, balances: [] });
    expect(await account(user, target.id)).toMatchObject({ amount: 500_00, balanceDate: '2026-10-31' });
    expect((await entriesOf(user, target.id)).map((entry) => [entry.amount, entry.currency])).toEqual([
      [-20_00, 'EUR'],
    ]);
  });

  it('stores an entry booked in EUR on a CHF account with its CHF amount from AmtDtls/InstdAmt; only one without is foreign', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const target = await aBankAccount(user, { amount: 0, currencyId: chf, balanceDate: '2026-10-31', iban: IBAN_CHF });
    const [statement] = (await preview(user, fixture('camt053-instructed-amount.xml'))).statements;
    expect(statement!.entries.map((entry) => [entry.amount, entry.currency, entry.foreignCurrency])).toEqual([
      [-19_69, 'CHF', false],
      [50_00, 'EUR', true],
    ]);
    expect(statement!.warnings).toEqual([
      '1 Buchung(en) in EUR: mit dem Betrag in CHF aus den Betragsdetails übernommen.',
      '1 Buchung(en) in EUR, nicht in der Kontowährung CHF: übernommen und markiert.',
    ]);
    await imported(user, fixture('camt053-instructed-amount.xml'));
    const stored = await entriesOf(user, target.id);
    expect(stored.map((entry) => [entry.amount, entry.currency, entry.foreignCurrency])).toEqual([
      [-19_69, 'CHF', false],
      [50_00, 'EUR', true],
    ]);
    // The same file again: the identities are those of the booked amounts, nothing twice.
    expect(await imported(user, fixture('camt053-instructed-amount.xml'))).toMatchObject({
      imported: 0,
      duplicates: 2,
    });
  });
});

describe('finding 6: the first statement sets an unknown "Stand per"', () => {
  it('keeps "Stand per" empty when given as null, and the first statement sets balance and date whatever its date', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const created = await user.post('/api/bank-accounts', {
      name: 'Mietkaution',
      amount: 0,
      currencyId: chf,
      balanceDate: null,
      accountNumber: '0835 123456-01',
    });
    expect(created.statusCode, created.body).toBe(201);
    const target = created.json<BankAccount>();
    expect(target).toMatchObject({ balanceDate: null, accountNumber: '0835123456-01' });
    // Omitted, "Stand per" stays today as before.
    expect((await aBankAccount(user, { name: 'Heute', currencyId: chf })).balanceDate).toBe(TEST_TODAY);

    // Readers of the balance date cope with an unknown one.
    for (const url of ['/api/forecasts', '/api/plan-actual', '/api/bank-accounts/export?format=csv']) {
      expect((await user.get(url)).statusCode, url).toBe(200);
    }

    const [statement] = (await preview(user, fixture('camt053-other-id.xml'))).statements;
    expect(statement).toMatchObject({
      accountNumber: '0835-123456-01',
      account: { id: target.id, balanceDate: null },
      accountMatchedBy: 'accountNumber',
      balanceUpdate: { updates: true, reason: null },
    });
    const result = await imported(user, fixture('camt053-other-id.xml'));
    expect(result).toMatchObject({
      imported: 1,
      balances: [
        { bankAccountId: target.id, name: 'Mietkaution', amount: 84_515_25, currency: 'CHF', date: '2023-06-20' },
      ],
    });
    expect(await account(user, target.id)).toMatchObject({ amount: 84_515_25, balanceDate: '2023-06-20' });
    // Entries up to the new "Stand per" are in the balance now: the forecast still answers.
    expect((await user.get('/api/forecasts')).statusCode).toBe(200);
  });

  it('names a balance change although no entry is new (back-dated "Stand per", same file again)', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const target = await aBankAccount(user, { amount: 0, currencyId: chf, accountNumber: '0835-123456-01' });
    expect(target.balanceDate).toBe(TEST_TODAY);
    const first = await imported(user, fixture('camt053-other-id.xml'));
    expect(first).toMatchObject({ imported: 1, balances: [] });
    expect((await user.patch(`/api/bank-accounts/${target.id}`, { balanceDate: '2023-06-01' })).statusCode).toBe(200);
    const again = await imported(user, fixture('camt053-other-id.xml'));
    expect(again).toMatchObject({
      imported: 0,
      duplicates: 1,
      balancesUpdated: 1,
      balances: [{ bankAccountId: target.id, amount: 84_515_25, date: '2023-06-20' }],
    });
  });

  it('lets "Stand per" be cleared and set again', async () => {
    const user = await signUp(app);
    const target = await aBankAccount(user, { balanceDate: '2026-11-01' });
    const cleared = await user.patch(`/api/bank-accounts/${target.id}`, { balanceDate: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<BankAccount>().balanceDate).toBeNull();
    expect((await accounts(user)).find((row) => row.id === target.id)?.balanceDate).toBeNull();
    const set = await user.patch(`/api/bank-accounts/${target.id}`, { balanceDate: '2026-11-02' });
    expect(set.json<BankAccount>().balanceDate).toBe('2026-11-02');
  });
});

describe('account recognition', () => {
  it('matches an IBAN typed as "Kontonummer", and a Kontonummer with other separators', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const byNumber = await aBankAccount(user, {
      name: 'Kaution',
      currencyId: chf,
      balanceDate: null,
      accountNumber: '0835.123456.01',
    });
    expect((await preview(user, fixture('camt053-other-id.xml'))).statements[0]).toMatchObject({
      account: { id: byNumber.id },
      accountMatchedBy: 'accountNumber',
    });
    const byIbanAsNumber = await aBankAccount(user, {
      name: 'Hotelkonto',
      currencyId: chf,
      accountNumber: 'ch14 0483 5000 0000 0444 4',
    });
    expect((await preview(user, fixture('camt053-instructed-amount.xml'))).statements[0]).toMatchObject({
      account: { id: byIbanAsNumber.id },
      accountMatchedBy: 'accountNumber',
    });
  });

  it('remembers the account chosen for an unknown statement account, and a later choice moves it', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const first = await aBankAccount(user, { name: 'Erstes', currencyId: chf, balanceDate: '2026-10-01' });
    const second = await aBankAccount(user, { name: 'Zweites', currencyId: chf, balanceDate: '2026-10-01' });
    const unknown = (await preview(user, fixture('camt053-instructed-amount.xml'))).statements[0]!;
    expect(unknown).toMatchObject({ account: null, accountMatchedBy: null });
    expect(unknown.errors).toEqual([`Kein Bankkonto mit der IBAN ${IBAN_CHF}: bitte wählen Sie ein Konto.`]);
    // A preview remembers nothing.
    await preview(user, fixture('camt053-instructed-amount.xml'), `?bankAccountId=${first.id}`);
    expect((await preview(user, fixture('camt053-instructed-amount.xml'))).statements[0]!.account).toBeNull();

    await imported(user, fixture('camt053-instructed-amount.xml'), `?bankAccountId=${first.id}`);
    expect((await preview(user, fixture('camt053-instructed-amount.xml'))).statements[0]).toMatchObject({
      account: { id: first.id },
      accountMatchedBy: 'remembered',
      summary: '0 neu, 2 bereits importiert',
    });
    await imported(user, fixture('camt053-instructed-amount.xml'), `?assign=0:${second.id}`);
    expect((await preview(user, fixture('camt053-instructed-amount.xml'))).statements[0]).toMatchObject({
      account: { id: second.id },
      accountMatchedBy: 'remembered',
    });
    expect(await entriesOf(user, second.id)).toHaveLength(2);
  });

  it('lets a zip of two unknown statements be assigned one to an account and one to a new account created from it', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const existing = await aBankAccount(user, { name: 'Hotelkonto', currencyId: chf, balanceDate: '2026-10-01' });
    const file = zipOf('camt053-instructed-amount.xml', 'camt053-other-id.xml');
    const before = await preview(user, file);
    expect(before.canImport).toBe(false);
    expect(before.statements.map((statement) => statement.errors)).toEqual([
      [`Kein Bankkonto mit der IBAN ${IBAN_CHF}: bitte wählen Sie ein Konto.`],
      ['Kein Bankkonto mit der Kontonummer 0835-123456-01: bitte wählen Sie ein Konto.'],
    ]);
    const query = `?assign=0:${existing.id},1:new`;
    const chosen = await preview(user, file, query);
    expect(chosen.canImport).toBe(true);
    expect(chosen.statements[0]).toMatchObject({ account: { id: existing.id }, accountMatchedBy: 'chosen' });
    expect(chosen.statements[1]).toMatchObject({
      account: null,
      accountMatchedBy: 'new',
      newAccount: { name: 'Mietkautionskonto', iban: null, accountNumber: '0835-123456-01', currency: 'CHF' },
      balanceUpdate: { updates: true },
      summary: '1 neu, 0 bereits importiert',
    });
    // The preview created nothing.
    expect(await accounts(user)).toHaveLength(1);

    const result = await imported(user, file, query);
    expect(result.createdAccounts).toEqual([{ id: expect.any(Number), name: 'Mietkautionskonto' }]);
    const createdId = result.createdAccounts[0]!.id;
    expect(await account(user, createdId)).toMatchObject({
      name: 'Mietkautionskonto',
      amount: 84_515_25,
      balanceDate: '2023-06-20',
      currency: { code: 'CHF' },
      accountNumber: '0835-123456-01',
      iban: null,
    });
    expect(result.balances).toEqual([
      { bankAccountId: createdId, name: 'Mietkautionskonto', amount: 84_515_25, currency: 'CHF', date: '2023-06-20' },
    ]);
    expect(await entriesOf(user, createdId)).toHaveLength(1);
    // Next time both are recognised without a choice.
    const next = await preview(user, file);
    expect(next.statements.map((statement) => [statement.account?.id, statement.accountMatchedBy])).toEqual([
      [existing.id, 'remembered'],
      [createdId, 'accountNumber'],
    ]);
  });

  it('creates an EUR account from a statement with its IBAN, but not its SEK closing balance', async () => {
    const user = await signUp(app);
    const result = await imported(user, fixture('camt053-foreign-balance.xml'), '?assign=0:new');
    const [created] = result.createdAccounts;
    expect(created!.name).toBe('Konto DE72 3704 0044 0532 0199 99');
    expect(await account(user, created!.id)).toMatchObject({
      iban: IBAN_EUR,
      currency: { code: 'EUR' },
      amount: 0,
      balanceDate: null,
    });
    expect(result.balances).toEqual([]);
  });

  it('uses the IBAN column of a CSV export', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const target = await aBankAccount(user, { currencyId: chf, iban: IBAN_CHF, balanceDate: '2026-10-01' });
    // Synthetic CSV written for this test: every row names the account in an "IBAN" column.
    const csv = `Datum;IBAN;Betrag;Buchungstext\n02.11.2026;${IBAN_CHF};-12.50;Kaffee\n03.11.2026;${IBAN_CHF};100.00;Gutschrift\n`;
    const file = { bytes: new TextEncoder().encode(csv), contentType: 'text/csv' };
    const [statement] = (await preview(user, file)).statements;
    expect(statement).toMatchObject({ iban: IBAN_CHF, account: { id: target.id }, accountMatchedBy: 'iban' });
    expect(statement!.csvColumns?.find((column) => column.header === 'IBAN')?.role).toBe('account');
    expect(await imported(user, file)).toMatchObject({ imported: 2 });
  });
});

describe('bad input, tenancy and roles', () => {
  it('refuses a malformed or impossible assignment, an unknown account, and storing half-way', async () => {
    const user = await signUp(app);
    const file = zipOf('camt053-instructed-amount.xml', 'camt053-other-id.xml');
    for (const query of [
      '?assign=x',
      '?assign=0:',
      '?assign=0:12,',
      '?assign=0:neu',
      `?assign=${'0:1,'.repeat(600)}0:1`,
    ]) {
      expect((await send(user, file, 'preview', query)).statusCode, query).toBe(400);
    }
    const beyond = await send(user, file, 'import', '?assign=2:new');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ fields: { assign: expect.stringContaining('Auszug 2 gibt es nicht') } });
    expect((await send(user, file, 'import', '?assign=0:99999999,1:new')).statusCode).toBe(404);
    // The second statement has no account: nothing of the first is created or stored.
    const half = await send(user, file, 'import', '?assign=0:new');
    expect(half.statusCode).toBe(400);
    expect(await accounts(user)).toEqual([]);
    // Hostile and truncated files with an assignment stay a 400.
    const bytes = fixture('camt053-other-id.xml').bytes;
    for (const cut of [10, 300, bytes.length - 20]) {
      const response = await send(
        user,
        { bytes: bytes.subarray(0, cut), contentType: 'application/xml' },
        'import',
        '?assign=0:new',
      );
      expect(response.statusCode, String(cut)).toBe(400);
    }
    expect(await accounts(user)).toEqual([]);
  });

  it('refuses creating an account whose IBAN another account has', async () => {
    const user = await signUp(app);
    const eur = await currencyId(user, 'EUR');
    await aBankAccount(user, { name: 'Euro', currencyId: eur, iban: IBAN_EUR });
    const [statement] = (await preview(user, fixture('camt053-foreign-balance.xml'), '?assign=0:new')).statements;
    expect(statement!.errors).toEqual([
      `Das Konto «Euro» hat die IBAN ${IBAN_EUR} bereits: bitte wählen Sie es, statt ein neues anzulegen.`,
    ]);
    expect((await send(user, fixture('camt053-foreign-balance.xml'), 'import', '?assign=0:new')).statusCode).toBe(400);
  });

  it("answers 404 for another organisation's account, and remembers nothing across organisations", async () => {
    const { a, b } = await twoTenants(app);
    const chf = await currencyId(b, 'CHF');
    const theirs = await aBankAccount(b, { currencyId: chf, balanceDate: '2026-10-01' });
    const response = await send(a, fixture('camt053-instructed-amount.xml'), 'import', `?assign=0:${theirs.id}`);
    expect(response.statusCode).toBe(404);
    await imported(b, fixture('camt053-instructed-amount.xml'), `?bankAccountId=${theirs.id}`);
    expect((await preview(a, fixture('camt053-instructed-amount.xml'))).statements[0]!.account).toBeNull();
    expect(await entriesOf(b, theirs.id)).toHaveLength(2);
  });

  it('refuses a read-only member (403) and a caller without a session (401)', async () => {
    const owner = await signUp(app);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    expect((await send(reader, fixture('camt053-other-id.xml'), 'import', '?assign=0:new')).statusCode).toBe(403);
    expect(
      (await reader.post('/api/bank-accounts', { name: 'X', amount: 0, currencyId: 1, balanceDate: null })).statusCode,
    ).toBe(403);
    expect(await accounts(owner)).toEqual([]);
    const stranger = browser(app);
    const anonymous = await stranger.send({
      method: 'POST',
      url: '/api/bank-statements?assign=0:new',
      payload: Buffer.from(fixture('camt053-other-id.xml').bytes),
      headers: { 'content-type': 'application/xml' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad "Kontonummer"', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    for (const accountNumber of ['x'.repeat(35), 'a\u0000b', 12]) {
      const response = await user.post('/api/bank-accounts', { name: 'K', amount: 0, currencyId: chf, accountNumber });
      expect(response.statusCode, String(accountNumber)).toBe(400);
    }
  });
});
