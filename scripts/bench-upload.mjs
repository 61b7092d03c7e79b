// The upload line of `npm run bench` (docs/design.md "Performance budgets"): `/api/global/time` p99
// while the probe's hostile zip (~50 KB holding ~49 MB of `<a/>`, 12.8 million elements) and a 20 MB
// CSV are uploaded at once, against its p99 on the same idle server (the ceiling, measured in the
// same run); and how long the 20 MB CSV takes to preview and to import on PGlite. Files are read in
// worker threads (docs/bank-statements.md "Safe parsing"). Alone: `BENCH_ONLY=upload node
// scripts/bench.mjs` (needs the build).
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';

const PORT = 3943;
const TIME_TARGET_MS = 50;
const CSV_MB = 20;

/** A CSV export of ~`megabytes` MB (layout C of docs/bank-statements.md "CSV"): ~125 bytes a row, a running balance. */
export function csvOf(megabytes) {
  const lines = ['Buchungsdatum;Valuta;Buchungstext;Empfänger;Belastung;Gutschrift;Saldo'];
  let size = 0;
  let balance = 100_000_000;
  for (let i = 0; size < megabytes * 1024 * 1024 - 200; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const cents = 1_000 + ((i * 7919) % 900_000);
    const credit = i % 3 !== 0;
    balance += credit ? cents : -cents;
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const line = `2026-10-${day};2026-10-${day};${credit ? 'Gutschrift' : 'Zahlung'} Rechnung ${i} Leistungen Oktober, Kundennummer ${i * 13};${credit ? 'Kunde' : 'Lieferant'} ${i} AG;${credit ? '' : amount};${credit ? amount : ''};${(balance / 100).toFixed(2)}`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return Buffer.from(lines.join('\n'));
}

/** The probe's file: a zip of ~50 KB holding ~49 MB of `<a/>`. */
export function hostileZip() {
  const xml = Buffer.from(`<a>${'<a/>'.repeat(12_800_000)}</a>`);
  return Buffer.from(zipSync({ 'statement.xml': xml }, { level: 9 }));
}

const p99 = (values) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];

/** `/api/global/time` every 10 ms until `until` settles (or `count` times); the wait of each. */
async function times(origin, { until, count = Infinity }) {
  let settled = false;
  void until?.finally(() => (settled = true));
  const waits = [];
  while (!settled && waits.length < count) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/global/time`);
    await response.arrayBuffer();
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return waits;
}

/** The peak resident memory of a process (Linux: VmHWM), in MB; undefined elsewhere. */
function peakMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

export async function benchUpload(tools) {
  await tools.inTempDir('upload', async (dataDir) => {
    const server = await tools.startServer(dataDir, PORT);
    try {
      const origin = `http://127.0.0.1:${PORT}`;
      const cookie = await tools.signUp(origin);
      const send = async (url, body, type) => {
        const started = performance.now();
        const response = await fetch(`${origin}${url}`, {
          method: 'POST',
          headers: { cookie, origin, 'content-type': type },
          body,
        });
        const answer = await response.json();
        return { status: response.status, answer, ms: Math.round(performance.now() - started) };
      };
      const zip = hostileZip();
      const csv = csvOf(CSV_MB);
      const idle = await times(origin, { count: 300 });
      const during = [];
      const uploads = Promise.all([
        send('/api/bank-statements/preview', zip, 'application/zip'),
        send('/api/bank-statements/preview', csv, 'text/csv'),
      ]);
      during.push(...(await times(origin, { until: uploads })));
      const [hostile, preview] = await uploads;
      if (hostile.status !== 400) throw new Error(`hostile zip: ${hostile.status} ${JSON.stringify(hostile.answer)}`);
      if (preview.status !== 200) throw new Error(`CSV preview: ${preview.status} ${JSON.stringify(preview.answer)}`);
      const rows = preview.answer.statements[0].entryCount;
      // The import needs an account: the CSV names none, so one is created from the statement.
      const imported = send('/api/bank-statements?assign=0:new', csv, 'text/csv');
      during.push(...(await times(origin, { until: imported })));
      const stored = await imported;
      if (stored.status !== 200 || stored.answer.imported !== rows) {
        throw new Error(`CSV import: ${stored.status} ${JSON.stringify(stored.answer).slice(0, 300)}`);
      }
      const ceiling = p99(idle);
      const loaded = p99(during);
      tools.line('GET /api/global/time p99, idle (ceiling)', ceiling.toFixed(1), 'ms', `${idle.length} requests`);
      tools.line(
        `GET /api/global/time p99 during uploads (target < ${TIME_TARGET_MS} ms)`,
        loaded.toFixed(1),
        'ms',
        `${(loaded / ceiling).toFixed(1)} × ceiling, max ${Math.max(...during).toFixed(0)} ms, ${during.length} requests; hostile zip ${(zip.length / 1024).toFixed(0)} KB refused in ${hostile.ms} ms`,
      );
      const size = `${(csv.length / 1024 / 1024).toFixed(1)} MB, ${rows} rows, PGlite`;
      tools.line('bank statement preview, 20 MB CSV', preview.ms, 'ms', `${size}, beside the hostile zip`);
      tools.line('bank statement import, 20 MB CSV', stored.ms, 'ms', size);
      tools.line('server peak RSS over the uploads (budget 2.5 GB)', peakMb(server.child.pid) ?? 'n/a', 'MB');
    } finally {
      await tools.stop(server.child);
    }
  });
}
