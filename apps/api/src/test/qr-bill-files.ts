import QRCode from 'qrcode';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { buildQrBillPayload, QR_BILL_SAMPLE, type QrBillPayloadInput } from '@saldopilot/shared';
import { renderPdf } from '../modules/reports/report-pdf.js';

/**
 * The QR-bills of the tests, made here (docs/qr-bills.md "Tests"): a payload built field by field
 * from the guidelines' order (`buildQrBillPayload`), encoded by the `qrcode` package (error
 * correction M, as the guidelines demand) into a PNG, or placed by pdfmake (its own QR encoder,
 * drawn as vector squares, 46 × 46 mm) on an A4 page with an invoice text above the payment part.
 */

/** The guidelines' example creditor with a QR-IBAN and a QR reference: the shared sample. */
export const QR_BILL: QrBillPayloadInput = QR_BILL_SAMPLE;

/** A bill with an ordinary IBAN and a Creditor Reference (ISO 11649). */
export const SCOR_BILL: QrBillPayloadInput = {
  ...QR_BILL,
  iban: 'CH5800791123000889012',
  referenceType: 'SCOR',
  reference: 'RF18539007547034',
  billingInformation: undefined,
};

export function qrBillPayload(overrides: Partial<QrBillPayloadInput> = {}): string {
  return buildQrBillPayload({ ...QR_BILL, ...overrides });
}

/** The payload as a PNG QR code (error correction M, 6 px per module, quiet zone 4). */
export function qrBillPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { errorCorrectionLevel: 'M', scale: 6, margin: 4 });
}

/** The payload on a one-page A4 PDF: an invoice text, and the code in the payment part at the bottom. */
export function qrBillPdf(payload: string | null): Promise<Buffer> {
  return renderPdf({
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      { text: 'Robert Schneider AG – Rechnung 10201409', fontSize: 14, margin: [0, 0, 0, 12] },
      { text: 'Für Ihren Auftrag vom 15.06.2026 stellen wir Ihnen in Rechnung: CHF 1\u2019949.75' },
      { text: 'Zahlteil', bold: true, margin: [0, 440, 0, 8] },
      payload === null ? { text: '(kein QR-Code)' } : { qr: payload, eccLevel: 'M', fit: 130 },
    ],
  });
}

/**
 * A damaged code: the PNG of the payload (error correction L, 7 %) with a band of its data modules
 * painted over — finder, timing and format patterns intact, so the code is found but not read.
 */
export async function damagedQrBillPng(payload: string): Promise<Buffer> {
  const png = await QRCode.toBuffer(payload, { errorCorrectionLevel: 'L', scale: 6, margin: 4 });
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const quiet = 4 * 6;
  const size = image.width - 2 * quiet;
  // A band across the code's lower right quarter, clear of the three finder patterns.
  context.fillStyle = '#000000';
  context.fillRect(quiet + size * 0.45, quiet + size * 0.45, size * 0.3, size * 0.3);
  return canvas.encode('png');
}

/** A PDF of `pages` pages of text, no code: longer than a QR-bill may be. */
export function longPdf(pages: number): Promise<Buffer> {
  return renderPdf({
    defaultStyle: { font: 'Roboto' },
    content: Array.from({ length: pages }, (_, index) => ({
      text: `Seite ${index + 1}`,
      ...(index > 0 ? { pageBreak: 'before' as const } : {}),
    })),
  });
}
