import { afterEach, describe, expect, it } from 'vitest';
import { qrBillPayload, qrBillPdf, qrBillPng } from '../../test/qr-bill-files.js';
import { createQrReader, QR_READER_LIMITS, qrReaderPoolMessages, type QrReader } from './qr-reader.js';

// docs/qr-bills.md "Reading the code": the decode runs in worker threads, with a time limit and a
// bound on reads at once.

let reader: QrReader | undefined;
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

describe('reading QR-bills in worker threads (docs/qr-bills.md "Reading the code")', () => {
  it("reads a PDF in a worker and answers its text; a bad file is the worker's German refusal", async () => {
    reader = createQrReader();
    const found = await reader.read(1, new Uint8Array(await qrBillPdf(qrBillPayload())));
    expect(found.texts[0]).toMatch(/^SPC\r?\n0200/);
    await expect(reader.read(1, new Uint8Array(Buffer.from('Rechnung')))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('Die Datei ist kein PDF, PNG oder JPEG'),
    });
  });

  it('ends a read over the time limit with a German 400 naming the limit, and reads the next file', async () => {
    reader = createQrReader({ ...QR_READER_LIMITS, workerTimeoutMs: 1 });
    const pdf = new Uint8Array(await qrBillPdf(qrBillPayload()));
    await expect(reader.read(1, pdf)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      message: qrReaderPoolMessages.tooSlow(0.001),
    });
    await reader.close();
    reader = createQrReader();
    expect((await reader.read(1, pdf)).texts).toHaveLength(1);
  });

  it('reads at most the bound at once: per organisation, then per instance (429 with Retry-After)', async () => {
    reader = createQrReader({ ...QR_READER_LIMITS, perInstance: 2, perOrganisation: 1 });
    const png = new Uint8Array(await qrBillPng(qrBillPayload()));
    const first = reader.read(1, png);
    await expect(reader.read(1, png)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '5' },
      message: qrReaderPoolMessages.organisationBusy(1),
    });
    const second = reader.read(2, png);
    await expect(reader.read(3, png)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: qrReaderPoolMessages.instanceBusy,
    });
    expect((await Promise.all([first, second])).map((found) => found.texts.length)).toEqual([1, 1]);
  });
});
