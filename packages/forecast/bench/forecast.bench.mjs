// Micro-benchmark of the built forecast engine (docs/forecast.md "Speed"): the median time of
// computeForecast for an SME and for a big organisation. Run after `npx tsc -b`:
//   node packages/forecast/bench/forecast.bench.mjs
// scripts/bench.mjs can import { benchForecastEngine } and print the same lines.
import { computeForecast } from '../dist/index.js';

const TODAY = '2026-03-17';

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same organisation. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n) => String(n).padStart(2, '0');
const monthKey = (index) => `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
const monthIndex = (date) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const dateOf = (index, day) => `${monthKey(index)}-${pad(day)}`;

const categories = ['Hosting', 'Steuern', 'Lizenzen', 'Projekte', 'Bankspesen', 'Buchhaltung', 'Investitionen',
  'Leasing', 'Miete', 'Telefon', 'Versicherungen', 'Übriges', 'Generell', 'Einnahmen']; // prettier-ignore
const words = ['Kunde', 'Lieferant', 'Abo', 'Wartung', 'Zürich', 'Müller', 'Büro', 'Lizenz', 'Beratung', 'Ölheizung'];
const cycles = ['monthly', 'monthly', 'monthly', 'quarterly', 'biannually', 'yearly'];

/** Details of a cost like the salary rules write them: every `step` months over the salary's span. */
function costDetails(fromIndex, toIndex, step, amount) {
  const details = [];
  const today = monthIndex(TODAY);
  const start = Math.max(fromIndex, today - step);
  for (let month = start; month <= toIndex; month += step) {
    details.push({ month: monthKey(month), amount, divider: 1, isExtraMonth: month === start });
  }
  return details;
}

/** An organisation of `employees` × 3 salaries × 8 costs, `transactionCount` transactions, 20 accounts. */
export function organisation(employees, transactionCount, months) {
  const next = random(employees * 7919 + transactionCount);
  const today = monthIndex(TODAY);
  const horizonEnd = today + Math.max(months, 37);
  const currencies = ['CHF', 'CHF', 'CHF', 'EUR', 'USD'];
  const transactions = [];
  for (let id = 1; id <= transactionCount; id++) {
    const single = next() < 0.25;
    const start = dateOf(today - 24 + Math.floor(next() * 48), 1 + Math.floor(next() * 31 * 0.9));
    const hasEnd = !single && next() < 0.3;
    transactions.push({
      id,
      name: `${words[Math.floor(next() * words.length)]} ${id}`,
      amount: Math.round((next() - 0.45) * 2_000_000),
      currency: currencies[Math.floor(next() * currencies.length)],
      categoryName: categories[Math.floor(next() * categories.length)],
      type: single ? 'single' : 'repeating',
      cycle: single ? null : cycles[Math.floor(next() * cycles.length)],
      startDate: start,
      endDate: hasEnd ? dateOf(monthIndex(start) + 6 + Math.floor(next() * 40), 28) : null,
      isDisabled: next() < 0.05,
      vatBasisPoints: next() < 0.5 ? 810 : null,
      vatIncluded: next() < 0.5,
    });
  }
  const salaries = [];
  const spans = [
    [today - 36, today - 13],
    [today - 12, today + 5],
    [today + 6, null],
  ];
  let costId = 1;
  for (let employee = 1; employee <= employees; employee++) {
    spans.forEach(([from, to], i) => {
      const gross = 500_000 + Math.floor(next() * 800_000);
      const last = to ?? horizonEnd;
      const costs = [
        ['monthly', 'both', 1, 'AHV/IV/EO', 5300],
        ['monthly', 'both', 2, 'ALV', 1100],
        ['monthly', 'employer', 3, 'FAK', 1500],
        ['monthly', 'employee', 4, 'UVG-NBU', 1200],
        ['monthly', 'both', 5, 'BVG', 3500],
        ['quarterly', 'employer', 6, 'KTG', 900],
        ['yearly', 'employer', null, null, 800],
        ['once', 'employer', 7, 'Einstellung', 100_000],
      ].map(([cycle, distributionType, labelId, labelName, value]) => {
        const step = { monthly: 1, quarterly: 3, yearly: 12, once: 0 }[cycle];
        const amount = cycle === 'once' ? value : Math.floor((gross * value) / 100_000) * step;
        return {
          id: costId++,
          labelId,
          labelName,
          cycle,
          distributionType,
          relativeOffset: 1,
          details:
            cycle === 'once'
              ? from >= today ? [{ month: monthKey(from), amount, divider: 1, isExtraMonth: false }] : []
              : costDetails(from, last, step, amount),
        };
      }); // prettier-ignore
      salaries.push({
        id: employee * 10 + i,
        employeeId: employee, // the three salaries of an employee are one leaf
        employeeName: `Mitarbeitende ${employee} ${words[employee % words.length]}`,
        amount: gross,
        employeeDeductions: Math.floor((gross * (5300 + 1100 + 1200 + 3500)) / 100_000),
        currency: employee % 10 === 0 ? 'EUR' : 'CHF',
        cycle: 'monthly',
        fromDate: dateOf(from, 1),
        toDate: to === null ? null : dateOf(to, 28),
        isDisabled: false,
        isTermination: false,
        costs,
      });
    });
  }
  const exclusions = [];
  for (let i = 0; i < transactionCount / 50; i++) {
    exclusions.push({
      relatedTable: 'transactions',
      relatedId: 1 + Math.floor(next() * transactionCount),
      month: monthKey(today + Math.floor(next() * months)),
    });
  }
  exclusions.push({ relatedTable: 'salary_cost_labels', relatedId: 3, month: monthKey(today + 1) });
  return {
    today: TODAY,
    months,
    performance: 90,
    currency: 'CHF',
    rates: { EUR: 1.083706, USD: 1.270404 },
    bankAccounts: Array.from({ length: 20 }, (_, i) => ({
      amount: 10_000_000 + i * 12_345,
      currency: currencies[i % 5],
    })),
    transactions,
    salaries,
    vatSetting: { enabled: true, billingDate: '2026-01-31', interval: 'quarterly', transactionMonthOffset: 2 },
    exclusions,
    minimumBalance: 5_000_000,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(input, runs) {
  for (let i = 0; i < Math.min(runs, 10); i++) computeForecast(input); // warm up the JIT
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    computeForecast(input);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** The payee of each cost label of `organisation` (docs/payment-calendar.md "Funds"): every fund in use. */
const FUND_OF_LABEL = { 1: 'ahv', 2: 'ahv', 3: 'ahv', 4: 'uvg', 5: 'bvg', 6: 'ktg' };

/** `input` with the funds set on its costs (the no-label yearly cost: withholding tax) and `calendar`. */
function withCalendar(input, calendar) {
  const salaries = input.salaries.map((salary) => ({
    ...salary,
    costs: salary.costs.map((cost) => ({
      ...cost,
      fund: cost.labelId === null ? 'withholdingTax' : (FUND_OF_LABEL[cost.labelId] ?? 'direct'),
    })),
  }));
  return { ...input, salaries, paymentCalendar: calendar };
}

const FULL_CALENDAR = {
  ahv: { rhythm: null, akonto: null, dueDays: 10, differenceMonth: 3 },
  bvg: { rhythm: 'quarterly', inAdvance: true, dueDays: 0 },
  uvg: { premiumMonth: 1, instalments: 4, finalMonth: 3 },
  ktg: { premiumMonth: 1, instalments: 2, finalMonth: 3 },
  withholdingTax: { canton: 'ZH', rhythm: 'quarterly', dueDays: 30, commissionPercent: 2000 },
};

/**
 * The big organisation (1,000 employees, 60 months) with the payment calendar on (every fund) against
 * off (the same costs paid with the salaries), measured in turns in the same process: per round the
 * median of `runs` builds of each, the ratio on ÷ off in percent; answers the median ratio of the
 * rounds and all of them (docs/payment-calendar.md "Speed": at most 110 %).
 */
export function benchCalendarRatio(rounds = 7, runs = 7) {
  const base = organisation(1000, 10_000, 60);
  const off = withCalendar(base, null);
  const on = withCalendar(base, FULL_CALENDAR);
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const offMs = measure(off, runs);
    const onMs = measure(on, runs);
    ratios.push(Math.round((onMs / offMs) * 100));
  }
  return { ratio: median(ratios), ratios };
}

/**
 * The least any engine does with the input: read every transaction and every cost payment once and
 * add its amount to a cell of a typed ledger (item × month). The engine's time as a multiple of this
 * pass, measured in the same rounds, is what a slow spell of the shared machine moves least.
 */
function inputPass(input) {
  const months = input.months;
  const first = monthIndex(input.today);
  const cells = new Float64Array((input.transactions.length + input.salaries.length * 9) * months);
  let slot = 0;
  for (const transaction of input.transactions) {
    cells[slot * months + (monthIndex(transaction.startDate) % months)] += transaction.amount;
    slot++;
  }
  for (const salary of input.salaries) {
    cells[slot * months] += salary.amount;
    slot++;
    for (const cost of salary.costs) {
      for (const detail of cost.details) {
        const offset = monthIndex(detail.month) - first;
        if (offset >= 0 && offset < months) cells[slot * months + offset] += detail.amount;
      }
      slot++;
    }
  }
  return cells;
}

function timed(work, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * The big organisation in `rounds` rounds, each the engine's median of `runs` and the input pass's
 * (`inputPass`) right after it: per round the engine's milliseconds and its multiple of the pass;
 * the median round of each and the spread (docs/forecast.md "Speed").
 */
export function benchEngineRounds(rounds = 5, runs = 15) {
  const input = organisation(1000, 10_000, 60);
  // Warm up the JIT.
  for (let i = 0; i < 5; i++) {
    computeForecast(input);
    inputPass(input);
  }
  const engine = [];
  const ratios = [];
  const cpu = [];
  const tree = [];
  for (let round = 0; round < rounds; round++) {
    const ms = timed(() => computeForecast(input), runs);
    const pass = timed(() => inputPass(input), runs);
    engine.push(ms);
    ratios.push(ms / pass);
    cpu.push(cpuTimed(() => computeForecast(input), runs));
    // The details as a tree per month, read from the rows (the adapter the answers still use).
    tree.push(cpuTimed(() => computeForecast(input).details, runs));
  }
  const spread = (values) => Math.max(...values) - Math.min(...values);
  return {
    ms: median(engine),
    msSpread: spread(engine),
    ratio: median(ratios),
    ratioSpread: spread(ratios),
    engine,
    ratios,
    cpuMs: median(cpu),
    cpuSpread: spread(cpu),
    treeCpuMs: median(tree),
  };
}

/**
 * The median CPU time of the process (user + system, all its threads: the collector's too) per run:
 * what a loaded machine moves less than the wall clock, as waiting for a core is not counted.
 */
function cpuTimed(work, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = process.cpuUsage();
    work();
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

/** The SME's median in milliseconds. */
export function benchSme() {
  return measure(organisation(20, 300, 13), 300);
}

/** Measures both organisations and answers the medians in milliseconds. */
export function benchForecastEngine() {
  return {
    sme: benchSme(),
    big: measure(organisation(1000, 10_000, 60), 30),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { sme, big } = benchForecastEngine();
  console.log(`forecast engine, SME 13 months (target < 2 ms): ${sme.toFixed(2)} ms`);
  console.log(`forecast engine, big organisation 60 months (target < 20 ms): ${big.toFixed(2)} ms`);
  const calendar = benchCalendarRatio();
  console.log(
    `forecast engine, big organisation with the payment calendar vs without (target <= 110 %): ${calendar.ratio} % (rounds: ${calendar.ratios.join(', ')} %)`,
  );
}
