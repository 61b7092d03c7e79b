import { describe, expect, it } from 'vitest';
import {
  buildQrBillPayload,
  isQrIban,
  parseQrBill,
  QR_BILL_SAMPLE,
  swicoDueDate,
  type QrBillPayloadInput,
} from './qr-bill.js';

// docs/qr-bills.md "The payload": the guidelines' example creditor, QR-IBAN and QR reference, here
// with the IBAN in groups, no debtor and a customer reference in the S1 information.
const BILL: QrBillPayloadInput = {
  ...QR_BILL_SAMPLE,
  iban: 'CH44 3199 9123 0008 8901 2',
  debtor: undefined,
  message: 'Auftrag',
  billingInformation: '//S1/10/10201409/11/261015/20/1400.000-53/30/106017086/40/2:10;0:30',
};

const problemsOf = (input: Partial<QrBillPayloadInput>, text?: string) => {
  const reading = parseQrBill(text ?? buildQrBillPayload({ ...BILL, ...input }));
  return reading.ok ? [] : reading.problems.map((problem) => problem.message);
};

describe('the QR-bill payload (docs/qr-bills.md "The payload")', () => {
  it('reads a QR-IBAN bill with its QR reference, amount in minor units, Swico S1 and no debtor', () => {
    const reading = parseQrBill(buildQrBillPayload(BILL));
    expect(reading).toMatchObject({
      ok: true,
      bill: {
        iban: 'CH4431999123000889012',
        isQrIban: true,
        creditor: { type: 'S', name: 'Robert Schneider AG', town: 'Biel' },
        amount: 194_975,
        currency: 'CHF',
        debtor: null,
        referenceType: 'QRR',
        reference: '210000000003139471430009017',
        swico: {
          invoiceNumber: '10201409',
          invoiceDate: '2026-10-15',
          customerReference: '1400.000-53',
          uid: '106017086',
          conditions: [
            { percentHundredths: 200, days: 10 },
            { percentHundredths: 0, days: 30 },
          ],
        },
      },
    });
    if (reading.ok) expect(swicoDueDate(reading.bill.swico, '2026-11-21')).toBe('2026-11-14');
  });

  it('reads an IBAN bill with a Creditor Reference or none, an open amount, EUR, LF line ends and a combined address', () => {
    const scor = parseQrBill(
      buildQrBillPayload({
        ...BILL,
        iban: 'CH5800791123000889012',
        referenceType: 'SCOR',
        reference: 'RF18 5390 0754 7034',
        amount: null,
        currency: 'EUR',
      }).replaceAll('\r\n', '\n'),
    );
    expect(scor).toMatchObject({
      ok: true,
      bill: { isQrIban: false, referenceType: 'SCOR', reference: 'RF18539007547034', amount: null, currency: 'EUR' },
    });
    const none = parseQrBill(
      buildQrBillPayload({
        ...BILL,
        iban: 'CH5800791123000889012',
        referenceType: 'NON',
        reference: '',
        creditor: {
          type: 'K',
          name: 'Muster GmbH',
          line1: 'Weg 1',
          line2: '8000 Zürich',
          postalCode: '',
          town: '',
          country: 'CH',
        },
        billingInformation: undefined,
      }),
    );
    expect(none).toMatchObject({
      ok: true,
      bill: { referenceType: 'NON', reference: null, swico: null, creditor: { type: 'K' } },
    });
  });

  it('names what is wrong, in German', () => {
    expect(problemsOf({ reference: '210000000003139471430009018' })).toEqual([
      'Die Prüfziffer der QR-Referenz 210000000003139471430009018 ist falsch',
    ]);
    expect(problemsOf({ referenceType: 'SCOR', reference: 'RF18539007547034' })).toEqual([
      'Eine QR-IBAN verlangt eine QR-Referenz (QRR), nicht SCOR',
    ]);
    expect(problemsOf({ referenceType: 'NON', reference: '' })).toEqual([
      'Eine QR-IBAN verlangt eine QR-Referenz (QRR), nicht NON',
    ]);
    expect(problemsOf({ iban: 'CH5800791123000889012' })).toEqual([
      'Eine QR-Referenz (QRR) ist nur mit einer QR-IBAN erlaubt',
    ]);
    expect(problemsOf({ iban: 'CH4431999123000889013' })).toEqual([
      'Die Prüfziffer der IBAN CH4431999123000889013 ist falsch',
    ]);
    expect(problemsOf({ iban: 'DE89370400440532013000' })[0]).toContain('keine Schweizer oder Liechtensteiner IBAN');
    expect(problemsOf({ amount: 100_000_000_000 })[0]).toContain('ist ungültig');
    expect(problemsOf({ currency: 'USD' })).toEqual(['Währung «USD» ist nicht erlaubt (nur CHF oder EUR)']);
    expect(
      problemsOf({ referenceType: 'SCOR', reference: 'RF19539007547034', iban: 'CH5800791123000889012' })[0],
    ).toContain('Creditor Reference');
    expect(problemsOf({ billingInformation: '//S1/40/0:dreissig' })[0]).toContain('Zahlungsbedingung «0:dreissig»');
    expect(problemsOf({ creditor: { ...BILL.creditor, name: '' } })).toEqual(['Zahlungsempfänger: Name fehlt']);
    expect(problemsOf({}, 'https://example.ch')).toEqual(['Der QR-Code ist keine QR-Rechnung (Kennung «SPC» fehlt)']);
    expect(problemsOf({}, buildQrBillPayload(BILL).replace('\r\n0200\r\n', '\r\n0100\r\n'))[0]).toContain(
      'Version «0100»',
    );
    expect(problemsOf({}, buildQrBillPayload(BILL).replace('EPD', 'END'))[0]).toContain('«EPD» fehlt');
  });

  it('knows QR-IBANs by their institution id 30000–31999', () => {
    expect(isQrIban('CH4431999123000889012')).toBe(true);
    expect(isQrIban('CH5800791123000889012')).toBe(false);
    expect(isQrIban('CH9330000000000000000')).toBe(true);
    expect(isQrIban('CH9332000000000000000')).toBe(false);
  });

  it('takes the net term (0 %), else the longest, from the invoice date or the given day', () => {
    const conditions = (list: [number, number][]) => ({
      invoiceNumber: null,
      invoiceDate: null,
      customerReference: null,
      uid: null,
      conditions: list.map(([percentHundredths, days]) => ({ percentHundredths, days })),
    });
    expect(
      swicoDueDate(
        conditions([
          [300, 10],
          [100, 20],
        ]),
        '2026-11-21',
      ),
    ).toBe('2026-12-11');
    expect(swicoDueDate(conditions([]), '2026-11-21')).toBeNull();
    expect(swicoDueDate(null, '2026-11-21')).toBeNull();
  });
});
