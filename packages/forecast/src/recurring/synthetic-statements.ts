/**
 * Synthetic, labelled Swiss statement years for measuring the detector (docs/recurring.md
 * "Measured"): one account of a small company over `months` months ending with `lastMonth`, with
 * the series a fiduciary sees (rent on the 1st moved by weekends and holidays, quarterly AHV on the
 * 10th after the quarter, half-yearly insurance, a yearly licence, leasing with a price change,
 * salaries as a collective booking read as its parts, a telephone bill that varies, a customer paying
 * on the last business day, a weekly and a two-weekly service, a fee on the first Monday) and noise
 * (card purchases, one-offs, a customer paying at random) plus a subscription that stops. Every entry
 * names the series it belongs to (`label`), or none. Seeded: the same seed gives the same year.
 */

import { addDays, addMonths, daysInMonth, lastDayOfMonth } from '@saldopilot/shared';
import { nextBusinessDay, previousBusinessDay, weekdayOf } from '@saldopilot/shared';
import type { StatementEntry } from './detect-recurring.js';

export interface LabelledEntry extends StatementEntry {
  /** The series the entry belongs to, or null for noise. */
  label: string | null;
}

export interface LabelledSeries {
  label: string;
  /** The pattern measured (precision and recall per pattern). */
  pattern: string;
  /** False for a series that stopped: it must not be suggested. */
  expected: boolean;
}

export interface SyntheticStatements {
  entries: LabelledEntry[];
  series: LabelledSeries[];
  /** The last day the statements cover. */
  asOf: string;
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = ['Anna', 'Luca', 'Sara', 'Marco', 'Nina', 'Jonas', 'Lea', 'Noah', 'Mia', 'Elias'];
const LAST_NAMES = ['Meier', 'Keller', 'Brunner', 'Baumann', 'Gerber', 'Frei', 'Huber', 'Weber', 'Moser', 'Steiner'];

/** Generates one labelled account; `idStart` lets several accounts share an id space. */
export function syntheticStatements(
  seed: number,
  options: { lastMonth: string; months?: number; bankAccountId?: number; idStart?: number },
): SyntheticStatements {
  const rand = random(seed);
  const months = options.months ?? 24;
  const bankAccountId = options.bankAccountId ?? 1;
  let nextId = options.idStart ?? 1;
  const entries: LabelledEntry[] = [];
  const series: LabelledSeries[] = [];
  const firstMonth = addMonths(`${options.lastMonth}-01`, -(months - 1)).slice(0, 7);
  const asOf = lastDayOfMonth(options.lastMonth);
  const monthList = Array.from({ length: months }, (_, i) => addMonths(`${firstMonth}-01`, i).slice(0, 7));
  const iban = (n: number) =>
    `CH${String(10 + ((seed * 7 + n) % 89)).padStart(2, '0')}0900000${String(seed % 10000).padStart(4, '0')}${String(n).padStart(6, '0')}`;
  const between = (low: number, high: number) => Math.round(low + rand() * (high - low));

  function add(
    label: string | null,
    date: string,
    amount: number,
    name: string,
    counterpartyIban: string | null,
    text: string,
  ) {
    if (date < `${firstMonth}-01` || date > asOf) return;
    entries.push({
      id: nextId++,
      bankAccountId,
      bookingDate: date,
      amount,
      currency: 'CHF',
      counterpartyName: name,
      counterpartyIban,
      remittanceInformation: text,
      label,
    });
  }
  function declare(label: string, pattern: string, expected = true) {
    series.push({ label, pattern, expected });
  }
  const dayIn = (month: string, day: number) =>
    `${month}-${String(Math.min(day, daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7))))).padStart(2, '0')}`;

  // Rent on the 1st, booked on the next business day.
  declare('rent', 'monatlich fester Tag');
  const rent = -between(2000, 6000) * 100;
  for (const month of monthList)
    add('rent', nextBusinessDay(`${month}-01`), rent, 'Immobilien Zentrum AG', iban(1), 'Miete Büro');

  // AHV Akonto on the 10th after each quarter.
  declare('ahv', 'vierteljährlich nach Quartalsende');
  const ahv = -between(150000, 900000);
  for (const month of monthList) {
    if (Number(month.slice(5, 7)) % 3 === 1)
      add('ahv', nextBusinessDay(`${month}-10`), ahv, 'Ausgleichskasse Zürich', iban(2), 'AHV Akonto');
  }

  // Half-yearly insurance on 1.1. and 1.7.
  declare('insurance', 'halbjährlich');
  const insurance = -between(80000, 300000);
  for (const month of monthList) {
    if (['01', '07'].includes(month.slice(5, 7)))
      add(
        'insurance',
        nextBusinessDay(`${month}-01`),
        insurance,
        'Helvetia Versicherungen',
        iban(3),
        'Prämie Betriebshaftpflicht',
      );
  }

  // A yearly licence on 15 March.
  declare('licence', 'jährlich');
  const licence = -between(50000, 250000);
  for (const month of monthList)
    if (month.endsWith('-03'))
      add('licence', nextBusinessDay(`${month}-15`), licence, 'Abacus Research AG', iban(4), 'Lizenz');

  // Leasing on the 25th, its price raised half-way.
  declare('leasing', 'monatlich mit Preisänderung');
  const leasing = -between(30000, 90000);
  monthList.forEach((month, i) => {
    const amount = i < months / 2 ? leasing : leasing - 2500;
    add('leasing', previousBusinessDay(`${month}-25`), amount, 'AMAG Leasing AG', iban(5), 'Leasingrate');
  });

  // Salaries: a collective booking read as its parts, on the 25th or the business day before; the 13th in December.
  declare('salaries', 'Lohnlauf');
  const staff = between(3, 8);
  const salaries = Array.from({ length: staff }, () => -between(450000, 950000));
  for (const month of monthList) {
    const date = previousBusinessDay(`${month}-25`);
    salaries.forEach((salary, i) => {
      const name = `${FIRST_NAMES[(seed + i) % FIRST_NAMES.length]} ${LAST_NAMES[(seed * 3 + i) % LAST_NAMES.length]}`;
      add('salaries', date, month.endsWith('-12') ? salary * 2 : salary, name, iban(100 + i), `Lohn ${month}`);
    });
  }

  // A telephone bill on the 20th that varies a little.
  declare('phone', 'monatlich Betrag schwankt');
  const phone = -between(15000, 40000);
  for (const month of monthList) {
    add(
      'phone',
      nextBusinessDay(`${month}-20`),
      Math.round(phone * (0.94 + rand() * 0.12)),
      'Swisscom (Schweiz) AG',
      iban(6),
      'Rechnung Mobile',
    );
  }

  // A customer paying a retainer on the last business day.
  declare('retainer', 'monatlich letzter Bankwerktag');
  const retainer = between(500000, 2000000);
  for (const month of monthList)
    add('retainer', previousBusinessDay(lastDayOfMonth(month)), retainer, 'Kunde Retainer GmbH', iban(7), 'Mandat');

  // A fee on the first Monday of the month.
  declare('market', 'monatlich n-ter Wochentag');
  const market = -between(10000, 40000);
  for (const month of monthList) {
    let day = `${month}-01`;
    while (weekdayOf(day) !== 1) day = addDays(day, 1);
    add('market', nextBusinessDay(day), market, 'Marktkommission Bern', iban(8), 'Standgebühr');
  }

  // Cleaning every Friday, a courier every second Wednesday.
  declare('cleaning', 'wöchentlich');
  const cleaning = -between(12000, 30000);
  declare('courier', 'alle 2 Wochen');
  const courier = -between(8000, 20000);
  let friday = `${firstMonth}-01`;
  while (weekdayOf(friday) !== 5) friday = addDays(friday, 1);
  for (let day = friday, n = 0; day <= asOf; day = addDays(day, 7), n += 1) {
    add('cleaning', previousBusinessDay(day), cleaning, 'Putzteam Blitzblank GmbH', iban(9), 'Reinigung');
    if (n % 2 === 0)
      add('courier', previousBusinessDay(addDays(day, -2)), courier, 'Velokurier Flink', iban(10), 'Kurierdienst');
  }

  // A subscription that stopped after ten months: not a series any more.
  declare('stopped', 'beendet', false);
  const stopped = -between(2000, 9000);
  monthList
    .slice(0, 10)
    .forEach((month) => add('stopped', nextBusinessDay(`${month}-05`), stopped, 'Cloud Tools Ltd', iban(11), 'Abo'));

  // Noise: card purchases, one-offs, a customer paying at random.
  const shops = ['Migros', 'Coop', 'SBB', 'Landi', 'Shell'];
  for (const month of monthList) {
    const count = between(6, 14);
    for (let i = 0; i < count; i += 1) {
      const shop = shops[between(0, shops.length - 1)] as string;
      add(
        null,
        nextBusinessDay(dayIn(month, between(1, 28))),
        -between(500, 25000),
        `Kartenzahlung ${shop} Filiale ${between(1, 99)}`,
        null,
        'Debitkarte',
      );
    }
    for (let i = 0; i < 3; i += 1) {
      add(
        null,
        nextBusinessDay(dayIn(month, between(1, 28))),
        -between(5000, 500000),
        `Lieferant ${between(1, 5000)} AG`,
        iban(1000 + between(0, 5000)),
        'Rechnung',
      );
      add(
        null,
        nextBusinessDay(dayIn(month, between(1, 28))),
        between(10000, 900000),
        `Kunde ${between(1, 5000)} GmbH`,
        iban(7000 + between(0, 5000)),
        'Zahlung',
      );
    }
    if (rand() < 0.5)
      add(
        null,
        nextBusinessDay(dayIn(month, between(1, 28))),
        between(100000, 800000),
        'Sporadisch Kunde AG',
        iban(12),
        'Teilzahlung',
      );
  }
  entries.sort((a, b) => a.bookingDate.localeCompare(b.bookingDate) || a.id - b.id);
  return { entries, series, asOf };
}

export interface PatternScore {
  pattern: string;
  /** Series of the pattern that should be found. */
  expected: number;
  /** Of them, found (recall = found / expected). */
  found: number;
}

export interface DetectionScore {
  /** Suggestions at or above the threshold. */
  suggested: number;
  /** Suggestions that are one expected series (precision = correct / suggested). */
  correct: number;
  patterns: PatternScore[];
}

/**
 * Scores suggestions against the labels: a suggestion is correct when at least 80 % of its entries
 * carry one label of an expected series, that series not counted before, and it holds at least
 * 80 % of that series' entries (docs/recurring.md "Measured").
 */
export function scoreDetection(
  statements: readonly SyntheticStatements[],
  suggestionsOf: (statement: SyntheticStatements) => readonly { entryIds: readonly number[] }[],
): DetectionScore {
  let suggested = 0;
  let correct = 0;
  const patterns = new Map<string, PatternScore>();
  for (const statement of statements) {
    const labelOf = new Map(statement.entries.map((entry) => [entry.id, entry.label]));
    const sizeOf = new Map<string, number>();
    for (const entry of statement.entries) if (entry.label) sizeOf.set(entry.label, (sizeOf.get(entry.label) ?? 0) + 1);
    const expected = new Map(statement.series.filter((s) => s.expected).map((s) => [s.label, s]));
    for (const s of expected.values()) {
      const score = patterns.get(s.pattern) ?? { pattern: s.pattern, expected: 0, found: 0 };
      score.expected += 1;
      patterns.set(s.pattern, score);
    }
    const counted = new Set<string>();
    for (const suggestion of suggestionsOf(statement)) {
      suggested += 1;
      const votes = new Map<string, number>();
      for (const id of suggestion.entryIds) {
        const label = labelOf.get(id);
        if (label) votes.set(label, (votes.get(label) ?? 0) + 1);
      }
      const [label, count] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
      const series = label ? expected.get(label) : undefined;
      if (!label || !series || counted.has(label)) continue;
      if (count < 0.8 * suggestion.entryIds.length || count < 0.8 * (sizeOf.get(label) ?? 0)) continue;
      counted.add(label);
      correct += 1;
      (patterns.get(series.pattern) as PatternScore).found += 1;
    }
  }
  return { suggested, correct, patterns: [...patterns.values()] };
}
