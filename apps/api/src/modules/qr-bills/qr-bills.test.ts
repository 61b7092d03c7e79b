import { describe, expect, it } from 'vitest';
import { QR_BILL_LIMITS, type MatchSuggestions, type QrBillPreview, type Transaction } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { aBankAccount, aCategory, currencyId, importEntries } from '../../test/factories.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { damagedQrBillPng, longPdf, qrBillPayload, qrBillPdf, qrBillPng, SCOR_BILL } from '../../test/qr-bill-files.js';

// docs/qr-bills.md. Today of the test app is 2026-11-21. The files are made by test/qr-bill-files.ts.

const app = useTestApp();

type Client = Pick<SignedInUser, 'send'>;

function upload(client: Client, bytes: Buffer, contentType: string) {
  return client.send({
    method: 'POST',
    url: '/api/qr-bills/read',
    payload: bytes,
    headers: { 'content-type': contentType },
  });
}

async function transactionsOf(user: SignedInUser): Promise<Transaction[]> {
  return (await user.get('/api/transactions?limit=100')).json<{ data: Transaction[] }>().data;
}

describe('QR-bills in (docs/qr-bills.md)', () => {
  it('reads a QR-bill from a PNG: creditor, amount, QR reference, due date from the Swico S1 terms', async () => {
    const user = await signUp(app);
    const response = await upload(user, await qrBillPng(qrBillPayload()), 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<QrBillPreview>()).toMatchObject({
      creditor: {
        name: 'Robert Schneider AG',
        iban: 'CH4431999123000889012',
        isQrIban: true,
        address: 'Rue du Lac 1268, 2501 Biel',
      },
      debtor: { name: 'Pia-Maria Rutschmann-Schnyder' },
      amount: 194_975,
      currency: { code: 'CHF' },
      referenceType: 'QRR',
      reference: '210000000003139471430009017',
      message: 'Auftrag vom 15.06.2026',
      invoiceNumber: '10201409',
      invoiceDate: '2026-10-15',
      // Net in 30 days from the invoice date (the 2 % in 10 days is a discount).
      dueDate: '2026-11-14',
      dueDateSource: 'terms',
      proposed: { name: 'Robert Schneider AG, Rechnung 10201409', categoryId: null },
    });
    expect(await transactionsOf(user)).toEqual([]);
  });

  it('reads the same bill from a one-page PDF (rendered without a browser) and a SCOR bill without terms: upload day + 30 days', async () => {
    const user = await signUp(app);
    const fromPdf = await upload(user, await qrBillPdf(qrBillPayload()), 'application/pdf');
    expect(fromPdf.statusCode, fromPdf.body).toBe(200);
    expect(fromPdf.json<QrBillPreview>()).toMatchObject({ amount: 194_975, reference: '210000000003139471430009017' });

    const scor = await upload(user, await qrBillPdf(qrBillPayload(SCOR_BILL)), 'application/pdf');
    expect(scor.statusCode, scor.body).toBe(200);
    expect(scor.json<QrBillPreview>()).toMatchObject({
      creditor: { iban: 'CH5800791123000889012', isQrIban: false },
      referenceType: 'SCOR',
      reference: 'RF18539007547034',
      invoiceNumber: null,
      dueDate: '2026-12-21',
      dueDateSource: 'default',
      paymentTermDays: 30,
    });
  });

  describe('the organisation\'s "Zahlungsfrist (Tage)" (docs/qr-bills.md "Due date")', () => {
    const scorPdf = () => qrBillPdf(qrBillPayload(SCOR_BILL));

    it("dates a bill without terms the upload day plus the organisation's term; a bill with terms keeps them", async () => {
      const user = await signUp(app);
      const organisationId = user.user.currentOrganisationId;
      const changed = await user.patch(`/api/organisations/${organisationId}`, { paymentTermDays: 10 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ paymentTermDays: 10 });
      const scor = await upload(user, await scorPdf(), 'application/pdf');
      expect(scor.json<QrBillPreview>()).toMatchObject({
        dueDate: '2026-12-01',
        dueDateSource: 'default',
        paymentTermDays: 10,
      });
      const withTerms = await upload(user, await qrBillPng(qrBillPayload()), 'image/png');
      expect(withTerms.json<QrBillPreview>()).toMatchObject({ dueDate: '2026-11-14', dueDateSource: 'terms' });
      // 0: due on the upload day.
      await user.patch(`/api/organisations/${organisationId}`, { paymentTermDays: 0 });
      expect((await upload(user, await scorPdf(), 'application/pdf')).json<QrBillPreview>().dueDate).toBe('2026-11-21');
    });

    it('refuses a term outside 0–365 whole days (German 400) and keeps the stored one', async () => {
      const user = await signUp(app);
      const organisationId = user.user.currentOrganisationId;
      for (const paymentTermDays of [-1, 366, 1.5, '30', null]) {
        const refused = await user.patch(`/api/organisations/${organisationId}`, { paymentTermDays });
        expect(refused.statusCode, JSON.stringify(paymentTermDays)).toBe(400);
        expect(refused.json()).toMatchObject({
          fields: { paymentTermDays: 'Die Zahlungsfrist muss eine ganze Zahl von 0 bis 365 Tagen sein' },
        });
      }
      expect((await user.get(`/api/organisations/${organisationId}`)).json()).toMatchObject({ paymentTermDays: 30 });
    });

    it("is set by owners and admins only (a read-only member: 403) and only in one's own organisation", async () => {
      const { a, b, organisationA } = await twoTenants(app);
      const reader = await addMember(app, a, organisationA, 'read-only');
      expect((await reader.patch(`/api/organisations/${organisationA}`, { paymentTermDays: 5 })).statusCode).toBe(403);
      expect((await reader.get(`/api/organisations/${organisationA}`)).json()).toMatchObject({ paymentTermDays: 30 });
      const foreign = await b.patch(`/api/organisations/${organisationA}`, { paymentTermDays: 5 });
      expect([403, 404]).toContain(foreign.statusCode);
      expect((await a.get(`/api/organisations/${organisationA}`)).json()).toMatchObject({ paymentTermDays: 30 });
      // B's bills keep B's term.
      await b.patch(`/api/organisations/${b.user.currentOrganisationId}`, { paymentTermDays: 60 });
      expect((await upload(a, await scorPdf(), 'application/pdf')).json<QrBillPreview>().dueDate).toBe('2026-12-21');
    });
  });

  it('proposes the category of earlier payments to the same creditor', async () => {
    const user = await signUp(app);
    const category = await aCategory(user, { name: 'Beratung' });
    const account = await aBankAccount(user, { name: 'Konto', amount: 0, currencyId: await currencyId(user, 'CHF') });
    const [entry] = await importEntries(user, account.id, [
      { date: '2026-09-30', amount: '-800.00', name: 'Robert Schneider AG', text: 'Rechnung' },
    ]);
    const patched = await user.patch(`/api/bank-accounts/${account.id}/entries/${entry!.id}`, {
      categoryId: category.id,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const response = await upload(user, await qrBillPng(qrBillPayload()), 'image/png');
    expect(response.json<QrBillPreview>().proposed).toMatchObject({
      categoryId: category.id,
      categoryName: 'Beratung',
    });
  });

  it('confirms a preview as a one-off expense keeping the reference; the bank debit with the same QRR is matched to it first', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const category = await aCategory(user, { name: 'Beratung' });
    const preview = (await upload(user, await qrBillPng(qrBillPayload()), 'image/png')).json<QrBillPreview>();
    const confirmed = await user.post('/api/qr-bills', {
      name: preview.proposed.name,
      amount: preview.amount,
      currencyId: preview.currency.id,
      dueDate: preview.dueDate,
      categoryId: category.id,
      reference: preview.reference,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const transaction = confirmed.json<Transaction>();
    expect(transaction).toMatchObject({
      name: 'Robert Schneider AG, Rechnung 10201409',
      amount: -194_975,
      type: 'single',
      startDate: '2026-11-14',
      reference: '210000000003139471430009017',
      category: { id: category.id },
    });
    // Paid a week late with a different amount: the reference still wins over amount and date.
    const account = await aBankAccount(user, { name: 'Konto', amount: 0, currencyId: chf, balanceDate: '2026-11-20' });
    const [debit] = await importEntries(user, account.id, [
      {
        date: '2026-11-20',
        amount: '-1900.00',
        name: 'ROBERT SCHNEIDER',
        reference: '21 00000 00003 13947 14300 09017',
      },
    ]);
    const suggestions = (await user.get(`/api/bank-entries/${debit!.id}/match-suggestions`)).json<MatchSuggestions>();
    expect(suggestions.suggestions[0]).toMatchObject({ id: transaction.id, score: 100 });
    expect(suggestions.suggestions[0]?.reasons).toContain('Referenz gleich');
  });

  it.each([
    [
      'a PDF without a QR code',
      async () => [await qrBillPdf(null), 'application/pdf'] as const,
      'In der PDF-Datei wurde kein QR-Code gefunden',
    ],
    [
      'a damaged code',
      async () => [await damagedQrBillPng(qrBillPayload()), 'image/png'] as const,
      'Der QR-Code ist beschädigt',
    ],
    [
      'a wrong check digit of the QR reference',
      async () => [await qrBillPng(qrBillPayload({ reference: '210000000003139471430009018' })), 'image/png'] as const,
      'Die Prüfziffer der QR-Referenz 210000000003139471430009018 ist falsch',
    ],
    [
      'a wrong IBAN check digit',
      async () => [await qrBillPng(qrBillPayload({ iban: 'CH4431999123000889013' })), 'image/png'] as const,
      'Die Prüfziffer der IBAN CH4431999123000889013 ist falsch',
    ],
    [
      'a QR-IBAN with a SCOR reference',
      async () =>
        [
          await qrBillPng(qrBillPayload({ referenceType: 'SCOR', reference: 'RF18539007547034' })),
          'image/png',
        ] as const,
      'Eine QR-IBAN verlangt eine QR-Referenz (QRR), nicht SCOR',
    ],
    [
      'a QR code that is no QR-bill',
      async () => [await qrBillPng('https://example.ch/rechnung'), 'image/png'] as const,
      'Der QR-Code ist keine QR-Rechnung',
    ],
    [
      'a PDF of more pages than a QR-bill has',
      async () => [await longPdf(QR_BILL_LIMITS.pdfPages + 1), 'application/pdf'] as const,
      'Die PDF-Datei hat 6 Seiten; gelesen werden QR-Rechnungen mit höchstens 5 Seiten.',
    ],
    [
      'a text file sent as PDF',
      async () => [Buffer.from('Rechnung'), 'application/pdf'] as const,
      'Die Datei ist kein PDF, PNG oder JPEG',
    ],
    [
      'a broken PDF',
      async () => [Buffer.from('%PDF-1.7\n garbage'), 'application/pdf'] as const,
      'Die PDF-Datei ist beschädigt',
    ],
  ])('refuses %s with a German 400 and stores nothing', async (_name, file, message) => {
    const user = await signUp(app);
    const [bytes, type] = await file();
    const response = await upload(user, bytes, type);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
    expect(await transactionsOf(user)).toEqual([]);
  });

  it('refuses a file over the size limit (a German 400 like every bad file, nothing stored) and another file type (415)', async () => {
    const user = await signUp(app);
    const large = Buffer.concat([await qrBillPng(qrBillPayload()), Buffer.alloc(QR_BILL_LIMITS.fileBytes)]);
    const tooLarge = await upload(user, large, 'image/png');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ error: 'Die Datei ist zu gross (höchstens 10 MB).', code: 'VALIDATION_FAILED' });
    expect(await transactionsOf(user)).toEqual([]);
    const other = await upload(user, Buffer.from('x'), 'text/plain');
    expect(other.statusCode).toBe(415);
  });

  it('checks the confirmed fields (German 400) and another organisation’s category (404 or 400, nothing stored)', async () => {
    const { a, b } = await twoTenants(app);
    const chf = await currencyId(a, 'CHF');
    const categoryOfA = await aCategory(a, { name: 'Beratung' });
    const bad = await a.post('/api/qr-bills', {
      name: '',
      amount: 0,
      currencyId: chf,
      dueDate: 'morgen',
      categoryId: categoryOfA.id,
      reference: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: {
        name: 'Name wird benötigt',
        amount: "Betrag muss zwischen 0.01 und 999'999'999.99 liegen",
        dueDate: 'Ungültiger Datumswert',
      },
    });
    const crossOrganisation = await b.post('/api/qr-bills', {
      name: 'Rechnung',
      amount: 100,
      currencyId: chf,
      dueDate: '2026-12-01',
      categoryId: categoryOfA.id,
    });
    expect([400, 404]).toContain(crossOrganisation.statusCode);
    expect(await transactionsOf(b)).toEqual([]);
    expect(await transactionsOf(a)).toEqual([]);
  });

  it('lets a read-only member neither read nor confirm (403) and a caller without a session nothing (401)', async () => {
    const owner = await signUp(app);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    const png = await qrBillPng(qrBillPayload());
    expect((await upload(reader, png, 'image/png')).statusCode).toBe(403);
    const body = {
      name: 'Rechnung',
      amount: 100,
      currencyId: await currencyId(owner, 'CHF'),
      dueDate: '2026-12-01',
      categoryId: 1,
    };
    expect((await reader.post('/api/qr-bills', body)).statusCode).toBe(403);
    const nobody = browser(app);
    expect((await upload(nobody, png, 'image/png')).statusCode).toBe(401);
    expect((await nobody.post('/api/qr-bills', body)).statusCode).toBe(401);
  });
});
