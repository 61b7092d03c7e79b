// The QR-bill line of `npm run bench` (docs/qr-bills.md "Speed"): a one-page QR-bill PDF read as
// the API reads it — pdf.js renders the page onto a canvas, zxing-wasm finds the code, the payload
// is parsed and checked — median of 7 rounds after one warm-up (wasm compile, first import), with
// the spread. The PDF is made like the tests' (pdfmake, its vector QR code in the payment part).
// Alone: `BENCH_ONLY=qr-bills node scripts/bench.mjs` (needs the build).

const ROUNDS = 7;

export async function benchQrBills({ line }) {
  const { buildQrBillPayload, parseQrBill, QR_BILL_SAMPLE } = await import('../packages/shared/dist/index.js');
  const { readQrCodes } = await import('../apps/api/dist/modules/qr-bills/qr-code-reader.js');
  const { renderPdf } = await import('../apps/api/dist/modules/reports/report-pdf.js');
  // The tests' sample bill (packages/shared QR_BILL_SAMPLE), one source for all.
  const payload = buildQrBillPayload(QR_BILL_SAMPLE);
  const pdf = await renderPdf({
    pageSize: 'A4',
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      { text: 'Rechnung 10201409', fontSize: 14 },
      { text: 'Zahlteil', bold: true, margin: [0, 440, 0, 8] },
      { qr: payload, eccLevel: 'M', fit: 130 },
    ],
  });
  const read = async () => {
    const started = performance.now();
    const found = await readQrCodes(new Uint8Array(pdf));
    if (!parseQrBill(found.texts[0] ?? '').ok) throw new Error('the bench QR-bill was not read');
    return performance.now() - started;
  };
  await read();
  const times = [];
  for (let round = 0; round < ROUNDS; round += 1) times.push(await read());
  times.sort((a, b) => a - b);
  line(
    `QR-bill PDF of one page read, median of ${ROUNDS} (target < 1 s; spread ${Math.round(times[0])}–${Math.round(times.at(-1))} ms)`,
    Math.round(times[Math.floor(ROUNDS / 2)]),
    'ms',
  );
}
