import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type {
  BankAccount,
  BankEntry,
  BankEntryList,
  StatementFilePreview,
  StatementImportResult,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { aBankAccount, aCategory, currencyId, sendStatement, type StatementUpload } from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { camt053 } from '../../test/camt-file.js';

const app = useTestApp();

const IBAN_A = 'CH5604835012345678009';
const IBAN_B = 'CH0300700110000123456';
const IBAN_CSV = 'CH7730000001250094239';

const CONTENT_TYPES: Record<string, string> = { xml: 'application/xml', zip: 'application/zip', csv: 'text/csv' };

function fixture(name: string, contentType = CONTENT_TYPES[name.split('.').at(-1)!]!): StatementUpload {
  return { bytes: new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url))), contentType };
}

const upload = (text: string, contentType = 'application/xml'): StatementUpload => ({
  bytes: new TextEncoder().encode(text),
  contentType,
});

async function preview(user: SignedInUser, file: StatementUpload, bankAccountId?: number) {
  const response = await sendStatement(user, file, { preview: true, bankAccountId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementFilePreview>();
}

async function imported(user: SignedInUser, file: StatementUpload, bankAccountId?: number) {
  const response = await sendStatement(user, file, { bankAccountId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementImportResult>();
}

async function entries(user: SignedInUser, accountId: number, query = '') {
  const response = await user.get(`/api/bank-accounts/${accountId}/entries${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BankEntryList>();
}

async function account(user: SignedInUser, id: number) {
  return (await user.get(`/api/bank-accounts/${id}`)).json<BankAccount>();
}

/** A CHF account with the IBAN, its balance dated before every fixture. */
async function chfAccount(user: SignedInUser, iban?: string | null, name = 'Geschäftskonto') {
  const chf = await currencyId(user, 'CHF');
  return aBankAccount(user, { name, amount: 0, currencyId: chf, balanceDate: '2026-10-01', iban });
}

describe('IBAN on bank accounts', () => {
  it('stores the IBAN without spaces in capitals, clears it with null, and refuses a wrong check digit', async () => {
    const user = await signUp(app);
    const created = await chfAccount(user, ' ch56 0483 5012 3456 7800 9 ');
    expect(created.iban).toBe(IBAN_A);
    const cleared = await user.patch(`/api/bank-accounts/${created.id}`, { iban: null });
    expect(cleared.json<BankAccount>().iban).toBeNull();
    const wrong = await user.patch(`/api/bank-accounts/${created.id}`, { iban: 'CH5704835012345678009' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { iban: 'Ungültige IBAN' } });
    expect((await account(user, created.id)).iban).toBeNull();
  });

  it('is unique per organisation (409 naming the field), not across organisations', async () => {
    const { a, b } = await twoTenants(app);
    await chfAccount(a, IBAN_A);
    const chf = await currencyId(a, 'CHF');
    const twice = await a.post('/api/bank-accounts', { name: 'Zweites', amount: 0, currencyId: chf, iban: IBAN_A });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      error: 'Diese IBAN gehört bereits zu einem anderen Bankkonto.',
      code: 'CONFLICT',
      fields: { iban: 'Diese IBAN gehört bereits zu einem anderen Bankkonto.' },
    });
    expect((await chfAccount(b, IBAN_A)).iban).toBe(IBAN_A);
  });
});

describe('camt.053 preview and import', () => {
  it('previews a .001.08 statement with its figures and stores nothing', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user, IBAN_A);
    const answer = await preview(user, fixture('camt053-001-08.xml'));
    expect(answer.canImport).toBe(true);
    const [statement] = answer.statements;
    expect(statement).toMatchObject({
      kind: 'camt.053',
      version: '001.08',
      iban: IBAN_A,
      account: { id: target.id, name: 'Geschäftskonto', currency: 'CHF' },
      accountMatchedBy: 'iban',
      currency: 'CHF',
      period: { from: '2026-11-01', to: '2026-11-20' },
      openingBalance: { amount: 1_000_000, date: '2026-10-31', type: 'OPBD' },
      closingBalance: { amount: 1_192_980, date: '2026-11-20', type: 'CLBD' },
      balanceCheck: { entriesTotal: 192_980, balanceChange: 192_980, matches: true },
      balanceUpdate: { updates: true, reason: null },
      entryCount: 8,
      newCount: 8,
      duplicateCount: 0,
      pendingCount: 1,
      summary: '8 neu, 0 bereits importiert',
      errors: [],
    });
    expect(statement!.warnings).toEqual([
      'Buchung vom 05.11.2026: QR-Referenz 210000000003139471430009018: Prüfziffer falsch',
      'Buchung vom 05.11.2026: Creditor Reference (SCOR) RF19539007547034: Prüfziffer falsch',
      '1 vorgemerkte Buchung(en) (PDNG) werden nicht importiert.',
    ]);
    expect(statement!.entries[5]).toMatchObject({ amount: -12_000, isReversal: true, alreadyImported: false });
    expect((await entries(user, target.id)).pagination.totalCount).toBe(0);
    expect(await account(user, target.id)).toMatchObject({ amount: 0, balanceDate: '2026-10-01' });
  });

  it('imports every entry and the closing balance; the same file again adds nothing', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user, IBAN_A);
    expect(await imported(user, fixture('camt053-001-08.xml'))).toEqual({
      imported: 8,
      duplicates: 0,
      balancesUpdated: 1,
      balances: [expect.objectContaining({ amount: 1_192_980, date: '2026-11-20' })],
      createdAccounts: [],
    });
    expect(await account(user, target.id)).toMatchObject({ amount: 1_192_980, balanceDate: '2026-11-20' });

    const list = await entries(user, target.id);
    expect(list.pagination.totalCount).toBe(8);
    expect(list.data.map((entry) => [entry.bookingDate, entry.amount])).toEqual([
      ['2026-11-12', -4_990],
      ['2026-11-12', -4_990],
      ['2026-11-10', -12_000],
      ['2026-11-05', 20_000],
      ['2026-11-05', 30_000],
      ['2026-11-05', 40_000],
      ['2026-11-03', -25_040],
      ['2026-11-02', 150_000],
    ]);
    expect(list.data.at(-1)).toEqual({
      id: expect.any(Number),
      bookingDate: '2026-11-02',
      valueDate: '2026-11-02',
      amount: 150_000,
      currency: 'CHF',
      foreignCurrency: false,
      counterpartyName: 'Kunde AG',
      counterpartyIban: IBAN_B,
      remittanceInformation: 'Rechnung 2026-101',
      reference: '210000000003139471430009017',
      referenceType: 'QRR',
      bankReference: 'A08-001',
      isReversal: false,
      charges: null,
      source: 'camt.053',
      category: null,
      plan: { state: 'open', occurrence: null, occurrences: [] },
    });
    expect(list.data[6]).toMatchObject({
      charges: 150,
      referenceType: 'SCOR',
      counterpartyIban: 'DE89370400440532013000',
    });
    expect(list.data[2]).toMatchObject({ isReversal: true, remittanceInformation: 'Rückbuchung: Konto saldiert' });

    const again = await preview(user, fixture('camt053-001-08.xml'));
    expect(again.statements[0]).toMatchObject({
      newCount: 0,
      duplicateCount: 8,
      summary: '0 neu, 8 bereits importiert',
      balanceUpdate: {
        updates: false,
        reason: 'Der Saldo per 20.11.2026 ist nicht neuer als «Stand per» 20.11.2026: der Kontostand bleibt.',
      },
    });
    expect(await imported(user, fixture('camt053-001-08.xml'))).toEqual({
      imported: 0,
      duplicates: 8,
      balancesUpdated: 0,
      balances: [],
      createdAccounts: [],
    });
    expect((await entries(user, target.id)).pagination.totalCount).toBe(8);
  });

  it('keeps a balance dated later than the statement and says why', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const target = await aBankAccount(user, { amount: 5_00, currencyId: chf, balanceDate: '2026-11-21', iban: IBAN_A });
    const [statement] = (await preview(user, fixture('camt053-001-08.xml'))).statements;
    expect(statement!.balanceUpdate).toEqual({
      updates: false,
      reason: 'Der Saldo per 20.11.2026 ist nicht neuer als «Stand per» 21.11.2026: der Kontostand bleibt.',
    });
    expect((await imported(user, fixture('camt053-001-08.xml'))).balancesUpdated).toBe(0);
    expect(await account(user, target.id)).toMatchObject({ amount: 5_00, balanceDate: '2026-11-21' });
  });

  it('adds nothing twice from a camt.054 and the camt.053 of the same days', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user, IBAN_A);
    expect(await imported(user, fixture('camt054-001-08.xml'))).toEqual({
      imported: 2,
      duplicates: 0,
      balancesUpdated: 0,
      balances: [],
      createdAccounts: [],
    });
    const [statement] = (await preview(user, fixture('camt053-001-08.xml'))).statements;
    expect(statement!.summary).toBe('7 neu, 1 bereits importiert');
    expect(statement!.entries[0]!.alreadyImported).toBe(true);
    expect(await imported(user, fixture('camt053-001-08.xml'))).toEqual({
      imported: 7,
      duplicates: 1,
      balancesUpdated: 1,
      balances: [expect.objectContaining({ amount: 1_192_980, date: '2026-11-20' })],
      createdAccounts: [],
    });
    expect((await entries(user, target.id)).pagination.totalCount).toBe(9);
  });

  it('lets two concurrent imports of one file store each entry once', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user, IBAN_A);
    const results = await Promise.all([
      imported(user, fixture('camt053-001-08.xml')),
      imported(user, fixture('camt053-001-08.xml')),
    ]);
    expect(results[0]!.imported + results[1]!.imported).toBe(8);
    expect(results[0]!.duplicates + results[1]!.duplicates).toBe(8);
    expect((await entries(user, target.id)).pagination.totalCount).toBe(8);
  });

  it('lets a camt.054 and its camt.053 import at the same moment without a deadlock or a double entry', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user, IBAN_A);
    const results = await Promise.all([
      imported(user, fixture('camt054-001-08.xml')),
      imported(user, fixture('camt053-001-08.xml')),
      imported(user, fixture('camt054-001-08.xml')),
    ]);
    expect(results.reduce((sum, result) => sum + result.imported, 0)).toBe(9);
    expect((await entries(user, target.id)).pagination.totalCount).toBe(9);
  });

  it('reads .001.04 with fallback balances, flags an entry in another currency, and a zip with its notification', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user, IBAN_B);
    const answer = await preview(user, fixture('statements-001-04.zip'));
    expect(answer.statements.map((s) => [s.fileName, s.kind, s.version, s.entryCount, s.account?.id])).toEqual([
      ['camt053-001-04.xml', 'camt.053', '001.04', 3, target.id],
      ['camt054-001-04.xml', 'camt.054', '001.04', 1, target.id],
    ]);
    expect(answer.statements[0]).toMatchObject({
      openingBalance: { amount: 500_000, type: 'PRCD' },
      closingBalance: { amount: 620_000, type: 'CLAV', date: '2026-11-18' },
      balanceCheck: { entriesTotal: 120_000, balanceChange: 120_000, matches: true },
    });
    expect(answer.statements[0]!.warnings).toContain(
      '1 Buchung(en) in EUR, nicht in der Kontowährung CHF: übernommen und markiert.',
    );
    expect(answer.statements[0]!.entries[2]).toMatchObject({ currency: 'EUR', foreignCurrency: true, amount: 10_000 });
    expect(answer.statements[1]!.balanceUpdate.reason).toBe('Eine Avisierung (camt.054) enthält keinen Saldo.');

    expect(await imported(user, fixture('statements-001-04.zip'))).toEqual({
      imported: 4,
      duplicates: 0,
      balancesUpdated: 1,
      balances: [expect.objectContaining({ amount: 620_000, date: '2026-11-18' })],
      createdAccounts: [],
    });
    expect(await account(user, target.id)).toMatchObject({ amount: 620_000, balanceDate: '2026-11-18' });
    const eur = (await entries(user, target.id, '?search=Invoice')).data;
    expect(eur).toEqual([
      expect.objectContaining({ currency: 'EUR', foreignCurrency: true, counterpartyName: 'Eta GmbH' }),
    ]);
    // The single files of the zip add nothing after it.
    expect(await imported(user, fixture('camt054-001-04.xml'))).toMatchObject({ imported: 0, duplicates: 1 });
  });

  it('asks for an account when the IBAN is unknown (a wrong check digit only warned), then imports into the chosen one', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user, null, 'Lohnkonto');
    const unknown = await preview(user, fixture('camt053-001-02.xml'));
    expect(unknown.canImport).toBe(false);
    expect(unknown.statements[0]).toMatchObject({
      account: null,
      errors: ['Kein Bankkonto mit der IBAN CH2909000000123456780: bitte wählen Sie ein Konto.'],
      warnings: ['IBAN CH2909000000123456780 des Auszugs: Prüfziffer falsch'],
    });
    const refused = await sendStatement(user, fixture('camt053-001-02.xml'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { bankAccountId: 'Kein Bankkonto mit der IBAN CH2909000000123456780: bitte wählen Sie ein Konto.' },
    });
    expect((await entries(user, target.id)).pagination.totalCount).toBe(0);

    const chosen = await preview(user, fixture('camt053-001-02.xml'), target.id);
    expect(chosen.statements[0]).toMatchObject({ accountMatchedBy: 'chosen', version: '001.02', entryCount: 3 });
    expect(await imported(user, fixture('camt053-001-02.xml'), target.id)).toEqual({
      imported: 3,
      duplicates: 0,
      balancesUpdated: 1,
      balances: [expect.objectContaining({ amount: 125_000, date: '2026-11-06' })],
      createdAccounts: [],
    });
    expect(await account(user, target.id)).toMatchObject({ amount: 125_000, balanceDate: '2026-11-06' });
    const salaries = await entries(user, target.id, '?direction=debit&sortOrder=ASC');
    expect(salaries.data.map((entry) => [entry.counterpartyName, entry.amount])).toEqual([
      ['Anna Muster', -60_000],
      ['Beat Beispiel', -40_000],
    ]);
  });

  it("answers 404 for another organisation's account as the chosen one", async () => {
    const { a, b } = await twoTenants(app);
    const foreign = await chfAccount(a);
    const response = await sendStatement(b, fixture('camt053-001-02.xml'), {
      preview: true,
      bankAccountId: foreign.id,
    });
    expect(response.statusCode).toBe(404);
    expect((await sendStatement(b, fixture('camt053-001-02.xml'), { bankAccountId: foreign.id })).statusCode).toBe(404);
    expect((await entries(a, foreign.id)).pagination.totalCount).toBe(0);
  });
});

describe('CSV exports', () => {
  it('layout A: matched by the IBAN above the header; the balance column sets the balance', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user, IBAN_CSV);
    const [statement] = (await preview(user, fixture('csv-layout-a.csv'))).statements;
    expect(statement).toMatchObject({
      kind: 'csv',
      accountMatchedBy: 'iban',
      entryCount: 3,
      closingBalance: { amount: 421_550, date: '2026-11-18' },
      balanceCheck: null,
      csvColumns: [
        { header: 'Buchungsdatum', role: 'date' },
        { header: 'Avisierungstext', role: 'text' },
        { header: 'Gutschrift in CHF', role: 'credit' },
        { header: 'Lastschrift in CHF', role: 'debit' },
        { header: 'Valuta', role: 'valueDate' },
        { header: 'Saldo in CHF', role: 'balance' },
      ],
    });
    expect(await imported(user, fixture('csv-layout-a.csv'))).toEqual({
      imported: 3,
      duplicates: 0,
      balancesUpdated: 1,
      balances: [expect.objectContaining({ amount: 421_550, date: '2026-11-18' })],
      createdAccounts: [],
    });
    expect(await account(user, target.id)).toMatchObject({ amount: 421_550, balanceDate: '2026-11-18' });
    expect(await imported(user, fixture('csv-layout-a.csv', 'application/octet-stream'))).toEqual({
      imported: 0,
      duplicates: 3,
      balancesUpdated: 0,
      balances: [],
      createdAccounts: [],
    });
  });

  // docs/bank-statements.md "Balances"
  it("shows a CSV without currency in the chosen account's currency, else the organisation's", async () => {
    const user = await signUp(app);
    const eur = await currencyId(user, 'EUR');
    const organisation = await user.patch(`/api/organisations/${user.user.currentOrganisationId}`, { currencyId: eur });
    expect(organisation.statusCode, organisation.body).toBe(200);
    // Layout C names neither an account nor a currency.
    const [unassigned] = (await preview(user, fixture('csv-layout-c.csv'))).statements;
    expect(unassigned).toMatchObject({ account: null, currency: 'EUR', closingBalance: { amount: 925_000 } });
    expect(unassigned!.entries.map((entry) => entry.currency)).toEqual(['EUR', 'EUR', 'EUR']);
    const chf = await chfAccount(user);
    const [chosen] = (await preview(user, fixture('csv-layout-c.csv'), chf.id)).statements;
    expect(chosen).toMatchObject({ currency: 'CHF' });
    expect(chosen!.entries.map((entry) => entry.currency)).toEqual(['CHF', 'CHF', 'CHF']);
  });

  it('layout B (windows-1252, commas) and C (ISO dates, debit/credit) into a chosen account', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user);
    // A content type with parameters is still the type.
    expect(await imported(user, fixture('csv-layout-b.csv', 'text/csv; charset=windows-1252'), target.id)).toEqual({
      imported: 3,
      duplicates: 0,
      balancesUpdated: 0,
      balances: [],
      createdAccounts: [],
    });
    expect(await imported(user, fixture('csv-layout-c.csv'), target.id)).toEqual({
      imported: 3,
      duplicates: 0,
      balancesUpdated: 1,
      balances: [expect.objectContaining({ amount: 925_000, date: '2026-11-14' })],
      createdAccounts: [],
    });
    const list = await entries(user, target.id, '?search=m%C3%BCller');
    expect(list.data).toEqual([
      expect.objectContaining({
        amount: -123_450,
        counterpartyName: 'Müller & Söhne AG',
        source: 'csv',
        referenceType: 'SCOR',
      }),
    ]);
    const november = await entries(user, target.id, '?from=2026-11-07&to=2026-11-14&direction=credit');
    expect(november.data.map((entry) => entry.amount)).toEqual([25, 300_000]);
    expect(await account(user, target.id)).toMatchObject({ amount: 925_000, balanceDate: '2026-11-14' });
  });

  it('remembers a CSV mapping per account and reads unknown headers with it', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user);
    const file = upload('Tag;Was;Wieviel\n03.11.2026;Miete;-1200.00\n04.11.2026;Honorar;2500.00\n', 'text/csv');
    // Unknown headers: the preview offers the columns for the mapping step and refuses the import.
    const unknown = await sendStatement(user, file, { preview: true, bankAccountId: target.id });
    expect(unknown.statusCode, unknown.body).toBe(200);
    const [unmapped] = unknown.json<StatementFilePreview>().statements;
    expect(unknown.json<StatementFilePreview>().canImport).toBe(false);
    expect(unmapped!.csvColumns).toEqual([
      { header: 'Tag', role: null },
      { header: 'Was', role: null },
      { header: 'Wieviel', role: null },
    ]);
    expect(unmapped!.errors).toEqual([expect.stringMatching(/Spalten dieser CSV-Datei sind unbekannt/)]);
    const refused = await sendStatement(user, file, { bankAccountId: target.id });
    expect(refused.statusCode).toBe(400);
    expect((await user.get(`/api/bank-accounts/${target.id}/entries`)).json<{ data: unknown[] }>().data).toEqual([]);

    expect((await user.get(`/api/bank-accounts/${target.id}/csv-mapping`)).json()).toEqual({ csvMapping: null });
    const csvMapping = { date: 'Tag', amount: 'Wieviel', text: ['Was'] };
    const saved = await user.send({
      method: 'PUT',
      url: `/api/bank-accounts/${target.id}/csv-mapping`,
      payload: { csvMapping },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ csvMapping });
    expect((await user.get(`/api/bank-accounts/${target.id}/csv-mapping`)).json()).toEqual({ csvMapping });

    const [statement] = (await preview(user, file, target.id)).statements;
    expect(statement!.csvColumns).toEqual([
      { header: 'Tag', role: 'date' },
      { header: 'Was', role: 'text' },
      { header: 'Wieviel', role: 'amount' },
    ]);
    expect(await imported(user, file, target.id)).toEqual({
      imported: 2,
      duplicates: 0,
      balancesUpdated: 0,
      balances: [],
      createdAccounts: [],
    });

    const noAmount = await user.send({
      method: 'PUT',
      url: `/api/bank-accounts/${target.id}/csv-mapping`,
      payload: { csvMapping: { date: 'Tag' } },
    });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json()).toMatchObject({
      fields: { 'csvMapping.amount': 'Bitte wählen Sie die Spalte des Betrags (oder Gutschrift und Belastung)' },
    });
    const forgotten = await user.send({
      method: 'PUT',
      url: `/api/bank-accounts/${target.id}/csv-mapping`,
      payload: { csvMapping: null },
    });
    expect(forgotten.json()).toEqual({ csvMapping: null });
  });

  it('lists at most 50 errors per statement in the preview, and counts the rest', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user);
    const rows = Array.from({ length: 120 }, (_, i) => `;Zeile ohne Datum ${i};1.00`).join('\n');
    const answer = await preview(user, upload(`Datum;Buchungstext;Betrag\n${rows}\n`, 'text/csv'), target.id);
    const errors = answer.statements[0]!.errors;
    expect(errors).toHaveLength(51);
    expect(errors[0]).toBe('Zeile 2: Datum fehlt');
    expect(errors[50]).toBe('… und 70 weitere');
  });

  it('shows unreadable rows by line in the preview; the import stores nothing', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user);
    const answer = await preview(user, fixture('csv-errors.csv'), target.id);
    expect(answer.canImport).toBe(false);
    expect(answer.statements[0]!.errors).toEqual(['Zeile 3: Datum fehlt', 'Zeile 4: Ungültiger Betrag «12.3.4»']);
    const refused = await sendStatement(user, fixture('csv-errors.csv'), { bankAccountId: target.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'Die Datei kann nicht importiert werden: Zeile 3: Datum fehlt; Zeile 4: Ungültiger Betrag «12.3.4»',
    });
    expect((await entries(user, target.id)).pagination.totalCount).toBe(0);
  });
});

describe('refused files', () => {
  it('answers a German 400 naming what is wrong, and stores nothing', async () => {
    const user = await signUp(app);
    await chfAccount(user, IBAN_A);
    const cases: [StatementUpload, string | RegExp][] = [
      [upload('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document>&a;</Document>'), /DOCTYPE/],
      [
        upload('<Invoice xmlns="urn:example"/>'),
        'Keine camt.053/054-Datei: Wurzelelement «Invoice» statt «Document» mit camt-Namensraum.',
      ],
      [
        upload(new TextDecoder().decode(fixture('camt053-001-08.xml').bytes).slice(0, 3000)),
        /^Die XML-Datei ist beschädigt oder unvollständig/,
      ],
      [upload('kein zip', 'application/zip'), 'Die Datei ist kein ZIP-Archiv.'],
      [upload('', 'text/csv'), 'Bitte senden Sie eine Datei (camt.053, camt.054, ZIP oder CSV).'],
    ];
    for (const [file, message] of cases) {
      for (const previewOnly of [true, false]) {
        const response = await sendStatement(user, file, { preview: previewOnly });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json<{ error: string }>().error).toMatch(message);
      }
    }
  });

  // docs/bank-statements.md "Entries"
  it('refuses odd camt values (dates out of range, negative amounts, sums past 2^53) with a German 400, storing nothing', async () => {
    const user = await signUp(app);
    const { id } = await chfAccount(user, IBAN_A);
    // Synthetic files (src/test/camt-file.ts) with the values the outside probe sent.
    const cases: [string, string | RegExp][] = [
      [
        camt053(IBAN_A, { entries: [{ amount: '1.00', date: '0000-01-01' }] }),
        /Buchung 1: Ungültiges Buchungsdatum «0000-01-01»/,
      ],
      [
        camt053(IBAN_A, { entries: [{ amount: '1.00', date: '0001-01-01' }] }),
        /Buchung 1: Ungültiges Buchungsdatum «0001-01-01»/,
      ],
      [
        camt053(IBAN_A, { entries: [{ amount: '1.00', date: '2026-11-16garbage' }] }),
        /Ungültiges Buchungsdatum «2026-11-16garbage»/,
      ],
      [camt053(IBAN_A, { entries: [{ amount: '-5.00', indicator: 'CRDT' }] }), /Buchung 1: Negativer Betrag «-5.00»/],
      [
        camt053(IBAN_A, { entries: Array.from({ length: 91 }, () => ({ amount: '999999999999.99' })) }),
        'Die Beträge ergeben zusammen eine zu grosse Summe, um sie auf den Rappen genau zu berechnen. Bitte erfassen Sie kleinere Beträge.',
      ],
      [
        camt053(IBAN_A, {
          balances: [
            { type: 'OPBD', amount: '0.00', date: '2026-11-01' },
            { type: 'CLBD', amount: '99999999999999.99', indicator: 'DBIT', date: '2026-11-20' },
          ],
          entries: Array.from({ length: 91 }, () => ({ amount: '999999999999.99' })),
        }),
        /zu grosse Summe/,
      ],
    ];
    for (const [xml, message] of cases) {
      const response = await sendStatement(user, upload(xml));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
      const shown = await sendStatement(user, upload(xml), { preview: true });
      expect([200, 400], shown.body).toContain(shown.statusCode);
      if (shown.statusCode === 200) {
        expect(shown.json<StatementFilePreview>().canImport).toBe(false);
        expect(shown.json<StatementFilePreview>().statements[0]!.errors.join(' ')).toMatch(message);
      } else expect(shown.json<{ error: string }>().error).toMatch(message);
    }
    expect((await entries(user, id)).data).toEqual([]);
    expect((await account(user, id)).amount).toBe(0);
  });

  // docs/bank-statements.md "Files"
  it('names a PDF, a payment order and an Excel file as what they are, storing nothing', async () => {
    const user = await signUp(app);
    const { id } = await chfAccount(user, IBAN_A);
    // Synthetic bytes: a PDF header, a pain.001 root, an Excel package's part names.
    const cases: [StatementUpload, string][] = [
      [
        upload('%PDF-1.7\n1 0 obj\n<< >>\nendobj\n%%EOF\n', 'application/octet-stream'),
        'Das ist ein PDF. Bitte laden Sie den Kontoauszug als camt.053 oder CSV herunter.',
      ],
      [
        upload('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>'),
        'Das ist ein Zahlungsauftrag (pain.001), kein Kontoauszug.',
      ],
      [
        {
          bytes: zipSync({
            '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
            'xl/workbook.xml': new Uint8Array(1),
          }),
          contentType: 'application/octet-stream',
        },
        'Das ist eine Excel-Datei. Bitte laden Sie den Kontoauszug im E-Banking als camt.053 oder CSV herunter (oder speichern Sie die Tabelle in Excel als CSV).',
      ],
    ];
    for (const [file, message] of cases) {
      for (const previewOnly of [true, false]) {
        const response = await sendStatement(user, file, { preview: previewOnly, bankAccountId: id });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json<{ error: string }>().error).toBe(message);
      }
    }
    expect((await entries(user, id)).data).toEqual([]);
  });

  // docs/bank-statements.md "Balances"
  it('warns in the preview of a balance it cannot read', async () => {
    const user = await signUp(app);
    await chfAccount(user, IBAN_A);
    const xml = camt053(IBAN_A, {
      balances: [{ type: 'CLBD', amount: '12,50', date: '2026-11-20' }],
      entries: [{ amount: '1.00' }],
    });
    const [statement] = (await preview(user, upload(xml))).statements;
    expect(statement!.warnings).toContain(
      'Saldo 1 (CLBD) ist unlesbar (Betrag «12,50», Datum «2026-11-20»): nicht übernommen.',
    );
    expect(statement!.closingBalance).toBeNull();
  });

  it('refuses JSON and other types with 415, and files over 20 MB with 413', async () => {
    const user = await signUp(app);
    const json = await user.post('/api/bank-statements/preview', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error:
        'Dieses Dateiformat wird nicht unterstützt. Bitte senden Sie eine camt.053/054-Datei (XML), ein ZIP-Archiv davon oder einen CSV-Export.',
    });
    expect((await sendStatement(user, upload('a', 'text/plain'))).statusCode).toBe(415);
    const big = await sendStatement(user, { bytes: new Uint8Array(20 * 1024 * 1024 + 1), contentType: 'text/csv' });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'Die Datei ist zu gross (höchstens 20 MB).', code: 'PAYLOAD_TOO_LARGE' });
    // Elsewhere the app keeps its 1 MB JSON bodies.
    const elsewhere = await user.send({
      method: 'POST',
      url: '/api/bank-accounts',
      payload: '<Document/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('entries', () => {
  it('pages and searches, and lets editors set a category; read-only members read but cannot import', async () => {
    const owner = await signUp(app);
    const target = await chfAccount(owner, IBAN_A);
    await imported(owner, fixture('camt053-001-08.xml'));
    const page = await entries(owner, target.id, '?limit=3&page=2');
    expect(page.pagination).toEqual({ currentPage: 2, limit: 3, totalCount: 8, totalPages: 3, totalRemaining: 2 });
    expect((await entries(owner, target.id, '?search=Kaffee')).pagination.totalCount).toBe(2);
    expect((await entries(owner, target.id, '?search=RF18')).data.map((entry) => entry.amount)).toEqual([-25_040]);

    const category = await aCategory(owner);
    const entry = page.data[0]!;
    const set = await owner.patch(`/api/bank-accounts/${target.id}/entries/${entry.id}`, { categoryId: category.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<BankEntry>()).toEqual({ ...entry, category: { id: category.id, name: category.name } });
    const cleared = await owner.patch(`/api/bank-accounts/${target.id}/entries/${entry.id}`, { categoryId: null });
    expect(cleared.json<BankEntry>().category).toBeNull();

    const { b } = await twoTenants(app);
    const foreignCategory = await aCategory(b);
    const refused = await owner.patch(`/api/bank-accounts/${target.id}/entries/${entry.id}`, {
      categoryId: foreignCategory.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { categoryId: 'Ungültige Kategorie' } });
    const otherAccount = await chfAccount(owner, null, 'Anderes');
    const wrongAccount = await owner.patch(`/api/bank-accounts/${otherAccount.id}/entries/${entry.id}`, {
      categoryId: null,
    });
    expect(wrongAccount.statusCode).toBe(404);

    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    expect((await entries(reader, target.id)).pagination.totalCount).toBe(8);
    const previewed = await sendStatement(reader, fixture('camt053-001-08.xml'), { preview: true });
    expect(previewed.statusCode).toBe(403);
    expect((await sendStatement(reader, fixture('camt053-001-08.xml'))).statusCode).toBe(403);
    expect(
      (await reader.patch(`/api/bank-accounts/${target.id}/entries/${entry.id}`, { categoryId: null })).statusCode,
    ).toBe(403);
  });

  it('refuses unknown filters and bad periods', async () => {
    const user = await signUp(app);
    const target = await chfAccount(user);
    for (const query of ['?direction=sideways', '?from=2026-02-30', '?sortBy=amount', '?unknown=1']) {
      expect((await user.get(`/api/bank-accounts/${target.id}/entries${query}`)).statusCode, query).toBe(400);
    }
  });
});
