// The recurring-payment lines of `npm run bench` (docs/recurring.md "Measured"): precision and
// recall per pattern over labelled synthetic statement years (12 companies × 24 months), and the
// detector over 24 months × 5 accounts × 2,000 entries a month (target < 2 s): median of ROUNDS
// after one warm-up, with the spread, the CPU time of the same rounds (which the shared machine's
// load does not inflate) and the load average. The pure detector, in this process.
// Alone: `BENCH_ONLY=recurring node scripts/bench.mjs` (needs the build).

import { loadavg } from 'node:os';

const ROUNDS = 5;

export async function benchRecurring({ line }) {
  const { detectRecurring, RECURRING_CONFIDENCE_THRESHOLD, scoreDetection, syntheticStatements } =
    await import('../packages/forecast/dist/index.js');
  const suggested = (statement) =>
    detectRecurring(statement.entries, statement.asOf).filter((s) => s.confidence >= RECURRING_CONFIDENCE_THRESHOLD);
  const years = Array.from({ length: 12 }, (_, i) => syntheticStatements(i + 1, { lastMonth: '2026-10' }));
  const score = scoreDetection(years, suggested);
  line('recurring detection precision (target ≥ 90 %)', ((100 * score.correct) / score.suggested).toFixed(1), '%');
  for (const pattern of score.patterns) {
    line(
      `recurring detection recall, ${pattern.pattern} (target ≥ 80 %)`,
      ((100 * pattern.found) / pattern.expected).toFixed(1),
      '%',
    );
  }

  // Five accounts of one company's year each, filled with card purchases to 2,000 entries a month.
  const entries = [];
  for (let account = 1; account <= 5; account += 1) {
    entries.push(
      ...syntheticStatements(account, { lastMonth: '2026-10', bankAccountId: account, idStart: account * 10_000_000 })
        .entries,
    );
  }
  let id = 1;
  let state = 42;
  const next = () => (state = (state * 16807) % 2147483647) / 2147483647;
  while (entries.length < 5 * 24 * 2000) {
    const month = Math.floor(next() * 24);
    const year = 2024 + Math.floor((10 + month) / 12);
    const date = `${year}-${String(((10 + month) % 12) + 1).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    entries.push({
      id: id++,
      bankAccountId: 1 + Math.floor(next() * 5),
      bookingDate: date,
      amount: -1 - Math.floor(next() * 100_000),
      currency: 'CHF',
      counterpartyName: `Laden ${Math.floor(next() * 3000)} AG`,
      counterpartyIban: next() < 0.5 ? `CH00${Math.floor(next() * 20_000)}` : null,
      remittanceInformation: 'Einkauf',
    });
  }
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const detect = () => {
    const started = performance.now();
    const cpuStarted = cpuMs();
    detectRecurring(entries, '2026-10-31');
    return { wall: performance.now() - started, cpu: cpuMs() - cpuStarted };
  };
  detect();
  const rounds = Array.from({ length: ROUNDS }, detect);
  const load = `load ${loadavg()[0].toFixed(1)} on the machine`;
  for (const [figure, key] of [
    ['recurring detection, 24 months × 5 accounts × 2,000 entries', 'wall'],
    ['recurring detection, CPU time', 'cpu'],
  ]) {
    const times = rounds.map((one) => one[key]).sort((a, b) => a - b);
    line(
      `${figure}, median of ${ROUNDS} (target < 2 s)`,
      Math.round(times[Math.floor(ROUNDS / 2)]),
      'ms',
      `spread ${Math.round(times[0])}–${Math.round(times.at(-1))} ms, ${load}`,
    );
  }
}
