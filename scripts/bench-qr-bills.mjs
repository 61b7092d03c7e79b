// The QR-bill line of `npm run bench` (docs/qr-bills.md "Speed"): a one-page QR-bill PDF read as
// the API reads it — pdf.js renders the page onto a canvas, zxing-wasm finds the code, the payload
// is parsed and checked — median of 7 rounds after one warm-up (wasm compile, first import), with
// the spread, and the CPU time of the same rounds (this process's, the canvas's threads included),
// which the shared machine's load does not inflate; the load average is printed beside them. The PDF
// is made like the tests' (pdfmake, its vector QR code in the payment part).
// Alone: `BENCH_ONLY=qr-bills node scripts/bench.mjs` (needs the build).

import { loadavg } from 'node:os';

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
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const read = async () => {
    const started = performance.now();
    const cpuStarted = cpuMs();
    const found = await readQrCodes(new Uint8Array(pdf));
    if (!parseQrBill(found.texts[0] ?? '').ok) throw new Error('the bench QR-bill was not read');
    return { wall: performance.now() - started, cpu: cpuMs() - cpuStarted };
  };
  await read();
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) rounds.push(await read());
  const load = `load ${loadavg()[0].toFixed(1)} on the machine`;
  for (const [figure, key] of [
    ['QR-bill PDF of one page read', 'wall'],
    ['QR-bill PDF of one page read, CPU time', 'cpu'],
  ]) {
    const times = rounds.map((one) => one[key]).sort((a, b) => a - b);
    line(
      `${figure}, median of ${ROUNDS} (target < 1 s)`,
      Math.round(times[Math.floor(ROUNDS / 2)]),
      'ms',
      `spread ${Math.round(times[0])}–${Math.round(times.at(-1))} ms, ${load}`,
    );
  }
}
