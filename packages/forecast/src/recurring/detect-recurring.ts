/**
 * Recurring payments found in bank entries (docs/recurring.md "Finding series"): pure, no clock
 * ("as of" is a parameter), no I/O. Entries are grouped by counterparty (IBAN, else a normalised
 * name), direction and currency; a salary run (many debits to private persons on one day) becomes
 * one item of its own group. Each group's items are tested against the cycles and day rules below,
 * within ±2 Swiss business days; the best fitting rule is the series.
 */

import {
  addBusinessDays,
  addDays,
  dateOfDayNumber,
  dayNumber,
  daysInMonth,
  isBusinessDay,
  lastDayOfMonth,
  nextBusinessDay,
  previousBusinessDay,
  weekdayOf,
  formatAmount,
} from '@saldopilot/shared';

export interface StatementEntry {
  id: number;
  bankAccountId: number;
  bookingDate: string;
  /** Signed minor units: credits > 0, debits < 0. */
  amount: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittanceInformation: string | null;
}

export type RecurringCycle = 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'biannually' | 'yearly';

export type DayRule =
  | { kind: 'day'; day: number }
  | { kind: 'lastBusinessDay' }
  | { kind: 'nthWeekday'; n: number; weekday: number }
  | { kind: 'weekday'; weekday: number };

export type AmountBasis = 'exact' | 'latest' | 'median';
export type AmountSpread = 'exact' | 'tolerance' | 'range';

export interface RecurringSeries {
  /** The group: counterparty identity, direction and currency; stable across imports. */
  key: string;
  /** The pattern (cycle, rule, amount): a dismissed series returns when it changes. */
  fingerprint: string;
  kind: 'payment' | 'salaryRun';
  counterpartyName: string;
  counterpartyIban: string | null;
  direction: 'in' | 'out';
  currency: string;
  bankAccountId: number;
  cycle: RecurringCycle;
  rule: DayRule;
  /** Signed minor units, the amount proposed for the plan. */
  amount: number;
  amountMin: number;
  amountMax: number;
  amountBasis: AmountBasis;
  amountSpread: AmountSpread;
  firstDate: string;
  lastDate: string;
  /** The next date the rule expects (not moved to a business day). */
  nextDate: string;
  /** The rule's dates of the entries' occurrences, in order (one per item), and the items' entries. */
  occurrences: { expectedDate: string; bookingDate: string; entryIds: number[]; amount: number }[];
  entryIds: number[];
  /** 0–100; the web shows what reaches RECURRING_CONFIDENCE_THRESHOLD. */
  confidence: number;
  reasons: string[];
  /** A cycle the plan's transactions can hold (at least monthly). */
  plannable: boolean;
}

/** docs/recurring.md "Confidence": a series below this is not suggested. */
export const RECURRING_CONFIDENCE_THRESHOLD = 70;

/** The tolerance around an expected date, in business days (docs/recurring.md "Cycles and days"). */
const TOLERANCE_BUSINESS_DAYS = 2;
const MIN_SALARY_RUN_PERSONS = 3;

const MONTHS_OF: Record<RecurringCycle, number> = {
  weekly: 0,
  biweekly: 0,
  monthly: 1,
  quarterly: 3,
  biannually: 6,
  yearly: 12,
};
const MIN_HITS: Record<RecurringCycle, number> = {
  weekly: 6,
  biweekly: 4,
  monthly: 3,
  quarterly: 3,
  biannually: 2,
  yearly: 2,
};
const CYCLE_LABEL: Record<RecurringCycle, string> = {
  weekly: 'wöchentlich',
  biweekly: 'alle 2 Wochen',
  monthly: 'monatlich',
  quarterly: 'vierteljährlich',
  biannually: 'halbjährlich',
  yearly: 'jährlich',
};
const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

/** Words of a company name: a counterparty with one of them is no private person. */
const COMPANY_WORDS =
  /\b(ag|gmbh|sa|sarl|ltd|inc|kg|co|gmbh|genossenschaft|verein|stiftung|versicherung|versicherungen|bank|ahv|iv|eo|suva|ausgleichskasse|kasse|steuer|steuerverwaltung|post|postfinance|swisscom|verwaltung|immobilien|leasing|services|amt|kanton|stadt|gemeinde|migros|coop)\b/;
const SALARY_WORDS = /\b(lohn|loehne|salaer|salaire|salario|gehalt|lohnzahlung)\b/;

/** Lower case, accents and punctuation gone, legal forms and numbers dropped, the first three words. */
const normalisedNames = new Map<string, string>();

export function normaliseCounterpartyName(name: string): string {
  let normalised = normalisedNames.get(name);
  if (normalised === undefined) {
    normalised = normaliseName(name);
    if (normalisedNames.size > 100_000) normalisedNames.clear();
    normalisedNames.set(name, normalised);
  }
  return normalised;
}

function normaliseName(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 1 && !['ag', 'gmbh', 'sa', 'sarl', 'ltd', 'inc', 'kg'].includes(word));
  return plain.slice(0, 3).join(' ');
}

/** Texts repeat from entry to entry (the same shop, the same "Lohn"): each is made plain once. */
const plainTexts = new Map<string, string>();

function plainText(text: string | null): string {
  if (!text) return '';
  let plain = plainTexts.get(text);
  if (plain === undefined) {
    plain = makePlain(text);
    if (plainTexts.size > 100_000) plainTexts.clear();
    plainTexts.set(text, plain);
  }
  return plain;
}

function makePlain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ä/g, 'ae');
}

function isPrivatePerson(entry: StatementEntry): boolean {
  const name = plainText(entry.counterpartyName);
  if (SALARY_WORDS.test(plainText(entry.remittanceInformation))) return true;
  if (!name || COMPANY_WORDS.test(name)) return false;
  return name.trim().split(/\s+/).length >= 2;
}

function personOf(entry: StatementEntry): string {
  return entry.counterpartyIban ?? plainText(entry.counterpartyName);
}

/** One point of a group's history: the entries of one day (a salary run's parts together). */
interface Item {
  date: string;
  day: number;
  monthIndex: number;
  amount: number;
  entryIds: number[];
  /** The fit that used it last (a counter instead of a set per fit). */
  usedBy: number;
}

interface Group {
  key: string;
  kind: 'payment' | 'salaryRun';
  name: string;
  iban: string | null;
  currency: string;
  direction: 'in' | 'out';
  bankAccountId: number;
  items: Item[];
  persons?: number;
}

function itemsOf(entries: readonly StatementEntry[]): Item[] {
  const byDate = new Map<string, Item>();
  for (const entry of entries) {
    const item = byDate.get(entry.bookingDate);
    if (item) {
      item.amount += entry.amount;
      item.entryIds.push(entry.id);
    } else {
      byDate.set(entry.bookingDate, {
        date: entry.bookingDate,
        day: dayNumber(entry.bookingDate),
        monthIndex: monthIndexOf(entry.bookingDate),
        usedBy: 0,
        amount: entry.amount,
        entryIds: [entry.id],
      });
    }
  }
  return [...byDate.values()].sort((a, b) => a.day - b.day);
}

/** The groups: salary runs first (their entries leave the other groups), then by counterparty. */
function groupsOf(entries: readonly StatementEntry[]): Group[] {
  const privateDebits = new Map<string, StatementEntry[]>();
  for (const entry of entries) {
    if (entry.amount >= 0 || !isPrivatePerson(entry)) continue;
    const key = `${entry.bankAccountId}|${entry.currency}|${entry.bookingDate}`;
    const list = privateDebits.get(key);
    if (list) list.push(entry);
    else privateDebits.set(key, [entry]);
  }
  // Days with debits to several private persons; of them, the persons paid on at least half of
  // those days of the account are its staff (a courier paid on one pay day is not).
  const runDays = new Map<string, StatementEntry[][]>();
  for (const list of privateDebits.values()) {
    const persons = new Set(list.map(personOf));
    if (persons.size < MIN_SALARY_RUN_PERSONS) continue;
    const first = list[0] as StatementEntry;
    const key = `salary|${first.bankAccountId}|${first.currency}`;
    const days = runDays.get(key);
    if (days) days.push(list);
    else runDays.set(key, [list]);
  }
  const inRuns = new Set<number>();
  const runs = new Map<string, StatementEntry[]>();
  for (const [key, days] of runDays) {
    const daysOfPerson = new Map<string, number>();
    for (const list of days)
      for (const person of new Set(list.map(personOf))) daysOfPerson.set(person, (daysOfPerson.get(person) ?? 0) + 1);
    const staff = (entry: StatementEntry) => (daysOfPerson.get(personOf(entry)) ?? 0) >= Math.max(2, days.length / 2);
    const kept: StatementEntry[] = [];
    for (const list of days) {
      const paid = list.filter(staff);
      if (new Set(paid.map(personOf)).size < MIN_SALARY_RUN_PERSONS) continue;
      kept.push(...paid);
    }
    if (kept.length === 0) continue;
    for (const entry of kept) inRuns.add(entry.id);
    runs.set(key, kept);
  }
  const groups: Group[] = [];
  for (const [key, list] of runs) {
    const first = list[0] as StatementEntry;
    const items = itemsOf(list);
    groups.push({
      key,
      kind: 'salaryRun',
      name: 'Löhne',
      iban: null,
      currency: first.currency,
      direction: 'out',
      bankAccountId: first.bankAccountId,
      items,
      persons: Math.round(list.length / items.length),
    });
  }
  const byCounterparty = new Map<string, StatementEntry[]>();
  for (const entry of entries) {
    if (inRuns.has(entry.id) || entry.amount === 0) continue;
    const identity = entry.counterpartyIban
      ? `iban:${entry.counterpartyIban.replace(/\s+/g, '').toUpperCase()}`
      : `name:${normaliseCounterpartyName(entry.counterpartyName ?? entry.remittanceInformation ?? '')}`;
    if (identity === 'name:') continue;
    const key = `${identity}|${entry.amount > 0 ? 'in' : 'out'}|${entry.currency}`;
    const list = byCounterparty.get(key);
    if (list) list.push(entry);
    else byCounterparty.set(key, [entry]);
  }
  for (const [key, list] of byCounterparty) {
    if (list.length < 2) continue;
    const latest = list.reduce((a, b) => (b.bookingDate > a.bookingDate ? b : a));
    groups.push({
      key,
      kind: 'payment',
      name: latest.counterpartyName ?? latest.remittanceInformation ?? '',
      iban: latest.counterpartyIban,
      currency: latest.currency,
      direction: latest.amount > 0 ? 'in' : 'out',
      bankAccountId: latest.bankAccountId,
      items: itemsOf(list),
    });
  }
  return groups;
}

/** A rule as a small number (the key of the kept rule dates). */
function ruleCode(rule: DayRule): number {
  if (rule.kind === 'day') return rule.day;
  if (rule.kind === 'lastBusinessDay') return 32;
  if (rule.kind === 'nthWeekday') return 33 + (rule.n - 1) * 7 + rule.weekday;
  return 0;
}

/** Month index (year × 12 + month − 1) of a date. */
function monthIndexOf(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

function monthText(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months kept in the tables below: 1970–2099 (others are computed each time). */
const FIRST_KEPT_MONTH = 1970 * 12;
const KEPT_MONTHS = 130 * 12;
/** Day number + 1 of a rule's date per month and rule code (0: not known yet, −1: none). */
const ruleDays = new Int32Array(KEPT_MONTHS * 128);

/** The day number of the rule's date in a month, or NaN when the month has no such day; kept. */
function ruleDayIn(monthIndex: number, rule: DayRule): number {
  const index = monthIndex - FIRST_KEPT_MONTH;
  const cell = index >= 0 && index < KEPT_MONTHS ? index * 128 + ruleCode(rule) : -1;
  if (cell >= 0 && ruleDays[cell] !== 0) return ruleDays[cell] === -1 ? Number.NaN : (ruleDays[cell] as number) - 1;
  const date = computeRuleDate(monthText(monthIndex), rule);
  const day = date === undefined ? Number.NaN : dayNumber(date);
  if (cell >= 0) ruleDays[cell] = Number.isNaN(day) ? -1 : day + 1;
  return day;
}

/** The rule's date in a month ('YYYY-MM'), or undefined when the month has no such day. */
function computeRuleDate(month: string, rule: DayRule): string | undefined {
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  const days = daysInMonth(year, monthNumber);
  if (rule.kind === 'day') return `${month}-${String(Math.min(rule.day, days)).padStart(2, '0')}`;
  if (rule.kind === 'lastBusinessDay') return previousBusinessDay(lastDayOfMonth(month));
  if (rule.kind === 'nthWeekday') {
    const firstWeekday = weekdayOf(`${month}-01`);
    const firstDay = 1 + ((rule.weekday - firstWeekday + 7) % 7);
    let day = firstDay + 7 * (rule.n - 1);
    if (rule.n === 5) while (day > days) day -= 7;
    if (day > days) return undefined;
    return `${month}-${String(day).padStart(2, '0')}`;
  }
  return undefined;
}

interface Hit {
  item: Item;
  /** Day number of the rule's date. */
  expected: number;
}

interface Fit {
  cycle: RecurringCycle;
  rule: DayRule;
  hits: Hit[];
  expectedCount: number;
  distance: number;
  /** Day number of the rule's next date after the last hit. */
  next: number;
  /** The window's end of that next date: past "as of", the series has stopped. */
  nextLatest: number;
}

/**
 * The windows of the days 1970–2099 per tolerance (1 or 2): low, high, after, before, each + 1 (0:
 * not known yet); the last four cells hold the window of a day outside those years.
 */
const KEPT_DAYS = 47_500;
const windowCells = new Int32Array(KEPT_DAYS * 2 * 4 + 4);
const SCRATCH = KEPT_DAYS * 2 * 4;

/**
 * The first of the four cells of an expected day's window in `windowCells`: the days an item may be
 * booked for it (kept, the same dates recur in every group; no object per call).
 */
function windowCell(expected: number, tolerance: number): number {
  const kept = expected >= 0 && expected < KEPT_DAYS && (tolerance === 1 || tolerance === 2);
  const cell = kept ? (expected * 2 + tolerance - 1) * 4 : SCRATCH;
  if (kept && windowCells[cell] !== 0) return cell;
  const date = dateOfDayNumber(expected);
  windowCells[cell] = dayNumber(addBusinessDays(date, -tolerance)) + 1;
  windowCells[cell + 1] = dayNumber(addBusinessDays(date, tolerance)) + 1;
  windowCells[cell + 2] = dayNumber(nextBusinessDay(date)) + 1;
  windowCells[cell + 3] = dayNumber(previousBusinessDay(date)) + 1;
  return cell;
}

/** The window's latest day. */
function windowEnd(expected: number, tolerance: number): number {
  return (windowCells[windowCell(expected, tolerance) + 1] as number) - 1;
}

/** Days from a booking to its expected date, a booking on the business day before or after it being 0 days off. */
function offset(day: number, after: number, before: number): number {
  return Math.min(Math.abs(day - after), Math.abs(day - before));
}

/** The index of the first item (sorted by day) on or after `day`. */
function firstAtOrAfter(items: readonly Item[], day: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((items[middle] as Item).day < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

let fitCounter = 0;

/** Fits the items to expected days (latest first), each item used once. */
function fitTo(
  items: readonly Item[],
  expectedLatestFirst: readonly number[],
  tolerance: number,
): { hits: Hit[]; expectedCount: number; distance: number } {
  fitCounter += 1;
  const fit = fitCounter;
  const hits: Hit[] = [];
  let distance = 0;
  let expectedCount = 0;
  let sinceLastHit = 0;
  for (const expected of expectedLatestFirst) {
    const cell = windowCell(expected, tolerance);
    const low = (windowCells[cell] as number) - 1;
    const high = (windowCells[cell + 1] as number) - 1;
    const after = (windowCells[cell + 2] as number) - 1;
    const before = (windowCells[cell + 3] as number) - 1;
    let best: Item | undefined;
    for (let index = firstAtOrAfter(items, low); index < items.length; index += 1) {
      const item = items[index] as Item;
      if (item.day > high) break;
      if (item.usedBy === fit) continue;
      if (!best || offset(item.day, after, before) < offset(best.day, after, before)) best = item;
    }
    // Expected dates after the latest booking neither count for nor against the series (the
    // stopped rule looks at them), nor do those before the series began.
    if (hits.length > 0 || best) expectedCount += 1;
    if (best) {
      best.usedBy = fit;
      hits.push({ item: best, expected });
      distance += offset(best.day, after, before);
      sinceLastHit = 0;
    } else if (hits.length > 0) sinceLastHit += 1;
  }
  return { hits: hits.reverse(), expectedCount: expectedCount - sinceLastHit, distance };
}

/** At most one item per step can hit: a group with more than twice as many is noise for that cycle. */
function hopeless(items: readonly Item[], stepDays: number): boolean {
  const span = (items.at(-1) as Item).day - (items[0] as Item).day;
  return items.length > 2 * (Math.floor(span / stepDays) + 1);
}

function monthlyFits(items: readonly Item[], asOf: number): Fit[] {
  const firstMonth = (items[0] as Item).monthIndex;
  const candidates: DayRule[] = [{ kind: 'lastBusinessDay' }];
  // The day of a booking, and the days before it that were no business days (the due day it was moved from).
  const days = new Set<number>();
  for (const item of items.slice(-4)) {
    let date = item.date;
    days.add(Number(date.slice(8, 10)));
    for (let back = 0; back < 4; back += 1) {
      date = addDays(date, -1);
      if (isBusinessDay(date) || date.slice(0, 7) !== item.date.slice(0, 7)) break;
      days.add(Number(date.slice(8, 10)));
    }
  }
  for (const day of days) candidates.push({ kind: 'day', day });
  for (const item of items.slice(-2)) {
    const day = Number(item.date.slice(8, 10));
    const weekday = weekdayOf(item.date);
    candidates.push({ kind: 'nthWeekday', n: Math.ceil(day / 7), weekday });
    if (day + 7 > daysInMonth(Number(item.date.slice(0, 4)), Number(item.date.slice(5, 7)))) {
      candidates.push({ kind: 'nthWeekday', n: 5, weekday });
    }
  }
  const fits: Fit[] = [];
  for (const cycle of ['monthly', 'quarterly', 'biannually', 'yearly'] as const) {
    const step = MONTHS_OF[cycle];
    if (hopeless(items, step * 30)) continue;
    // Monthly dates do not depend on the anchor's month: one is enough.
    const anchors = new Set(items.slice(step === 1 ? -1 : -2).map((item) => item.monthIndex));
    for (const anchor of anchors) {
      for (const rule of candidates) {
        const expected: number[] = [];
        // From one step after the anchor (a date just past "as of" may still have been booked early).
        for (let month = anchor + step; month >= firstMonth - step; month -= step) {
          const day = ruleDayIn(month, rule);
          if (!Number.isNaN(day) && (month <= anchor || day <= asOf)) expected.push(day);
        }
        const fit = fitTo(items, expected, TOLERANCE_BUSINESS_DAYS);
        const lastHit = fit.hits.at(-1);
        if (!lastHit || fit.hits.length < MIN_HITS[cycle]) continue;
        const nextMonth = monthIndexOf(dateOfDayNumber(lastHit.expected)) + step;
        let next = ruleDayIn(nextMonth, rule);
        if (Number.isNaN(next)) next = dayNumber(lastDayOfMonth(monthText(nextMonth)));
        fits.push({ cycle, rule, ...fit, next, nextLatest: windowEnd(next, TOLERANCE_BUSINESS_DAYS) });
      }
    }
  }
  return fits;
}

function weeklyFits(items: readonly Item[], asOf: number): Fit[] {
  const fits: Fit[] = [];
  const latest = items.at(-1) as Item;
  const first = items[0] as Item;
  for (const [cycle, step, tolerance] of [
    ['weekly', 7, 1],
    ['biweekly', 14, 2],
  ] as const) {
    if (hopeless(items, step)) continue;
    const expected: number[] = [];
    for (let day = latest.day + step; day >= first.day - step; day -= step) {
      if (day <= latest.day || day <= asOf) expected.push(day);
    }
    const fit = fitTo(items, expected, tolerance);
    const lastHit = fit.hits.at(-1);
    if (!lastHit || fit.hits.length < MIN_HITS[cycle]) continue;
    const next = lastHit.expected + step;
    fits.push({
      cycle,
      rule: { kind: 'weekday', weekday: weekdayOf(latest.date) },
      ...fit,
      next,
      nextLatest: windowEnd(next, tolerance),
    });
  }
  return fits;
}

/**
 * The amount as the pattern names it: a fixed amount exactly; a median to two significant digits, so
 * a telephone bill moving by a few francs is the same pattern (docs/recurring.md "Dismissed").
 */
function amountKey(amount: number, basis: AmountBasis): string {
  if (basis !== 'median' || amount === 0) return String(amount);
  const scale = 10 ** Math.max(0, Math.floor(Math.log10(Math.abs(amount))) - 1);
  return `~${Math.round(amount / scale) * scale}`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

function ruleText(cycle: RecurringCycle, rule: DayRule, firstExpected: string): string {
  if (rule.kind === 'weekday') return `${CYCLE_LABEL[cycle]} am ${WEEKDAYS[rule.weekday]}`;
  if (rule.kind === 'lastBusinessDay') return `${CYCLE_LABEL[cycle]} am letzten Bankwerktag`;
  if (rule.kind === 'nthWeekday') {
    const nth = rule.n === 5 ? 'letzten' : `${rule.n}.`;
    return `${CYCLE_LABEL[cycle]} am ${nth} ${WEEKDAYS[rule.weekday]}`;
  }
  const month = Number(firstExpected.slice(5, 7));
  if (cycle === 'quarterly' && month % 3 === 1) return `vierteljährlich am ${rule.day}. nach Quartalsende`;
  return `${CYCLE_LABEL[cycle]} am ${rule.day}.`;
}

/** The days an item lies from its rule's dates, a weekday rule counting 0.5 more per item: a fixed day wins a near tie. */
function costOf(fit: Fit): number {
  return fit.distance + (fit.rule.kind === 'nthWeekday' ? 0.5 * fit.hits.length : 0);
}

function better(a: Fit, b: Fit): boolean {
  if (a.hits.length !== b.hits.length) return a.hits.length > b.hits.length;
  const ratioA = a.hits.length / a.expectedCount;
  const ratioB = b.hits.length / b.expectedCount;
  if (ratioA !== ratioB) return ratioA > ratioB;
  if (costOf(a) !== costOf(b)) return costOf(a) < costOf(b);
  // Equal fixed days: the earlier is the due day (bookings move forward more often than back).
  return a.rule.kind === 'day' && b.rule.kind === 'day' && a.rule.day < b.rule.day;
}

/** docs/recurring.md "Finding series": a counterparty booked more often than this per month on average is a shop. */
const MAX_ITEMS_PER_MONTH = 6;

function seriesOf(group: Group, asOfDate: string): RecurringSeries | undefined {
  const asOf = dayNumber(asOfDate);
  if (group.items.length < 2) return undefined;
  const spanMonths = Math.max(1, ((group.items.at(-1) as Item).day - (group.items[0] as Item).day) / 30.44);
  if (group.items.length / spanMonths > MAX_ITEMS_PER_MONTH) return undefined;
  const fits = [...monthlyFits(group.items, asOf), ...weeklyFits(group.items, asOf)].filter((fit) => {
    const ratio = fit.hits.length / fit.expectedCount;
    return fit.hits.length >= MIN_HITS[fit.cycle] && ratio >= (fit.expectedCount <= 3 ? 1 : 0.75);
  });
  let best: Fit | undefined;
  for (const fit of fits) if (!best || better(fit, best)) best = fit;
  if (!best) return undefined;
  // A series whose next date passed without a booking has stopped.
  if (best.nextLatest < asOf) return undefined;

  const hits = best.hits;
  const firstHit = hits[0] as (typeof hits)[number];
  const lastHit = hits.at(-1) as (typeof hits)[number];
  const inSpan = group.items.filter((item) => item.day >= firstHit.item.day && item.day <= lastHit.item.day).length;
  const noise = (inSpan - hits.length) / inSpan;
  if (noise > 0.5) return undefined;

  const amounts = hits.map((hit) => hit.item.amount);
  const amountMin = Math.min(...amounts);
  const amountMax = Math.max(...amounts);
  const middle = median(amounts);
  const spread = (amountMax - amountMin) / Math.abs(middle);
  const maxSpread = group.kind === 'salaryRun' ? 1.5 : 0.5;
  if (spread > maxSpread) return undefined;
  const amountSpread: AmountSpread = spread === 0 ? 'exact' : spread <= 0.1 ? 'tolerance' : 'range';
  const lastTwoEqual = amounts.length >= 2 && amounts.at(-1) === amounts.at(-2);
  const amountBasis: AmountBasis = spread === 0 ? 'exact' : lastTwoEqual ? 'latest' : 'median';
  const amount = amountBasis === 'median' ? middle : (amounts.at(-1) as number);

  const ratio = hits.length / best.expectedCount;
  const moved = hits.some((hit) => hit.item.day !== hit.expected);
  const confidence = Math.max(
    0,
    Math.min(
      99,
      Math.round(
        35 +
          30 * ratio +
          Math.min(15, 5 * (hits.length - MIN_HITS[best.cycle] + 1)) +
          (group.iban ? 10 : group.kind === 'salaryRun' ? 10 : 5) +
          // A salary run's sum moves with the 13th salary and bonuses: a range is normal there.
          (amountSpread === 'exact' ? 5 : amountSpread === 'tolerance' ? 3 : group.kind === 'salaryRun' ? 0 : -10) -
          40 * noise,
      ),
    ),
  );
  const reasons = [`${hits.length} Zahlungen, ${ruleText(best.cycle, best.rule, dateOfDayNumber(firstHit.expected))}`];
  if (ratio < 1) reasons.push(`${best.expectedCount - hits.length} von ${best.expectedCount} erwarteten fehlen`);
  if (group.kind === 'salaryRun') {
    reasons.push(`Lohnlauf: ${group.persons ?? MIN_SALARY_RUN_PERSONS} Zahlungen an Privatpersonen am selben Tag`);
  } else reasons.push(group.iban ? 'Gleiche IBAN' : 'Gleicher Name');
  if (amountSpread === 'exact') reasons.push('Betrag immer gleich');
  else if (amountSpread === 'tolerance') {
    reasons.push(
      amountBasis === 'latest'
        ? 'Betrag geändert: der letzte gilt'
        : 'Betrag schwankt um höchstens 10 %: der Median gilt',
    );
  } else {
    reasons.push(
      `Betrag zwischen ${formatAmount(Math.abs(amountMin) < Math.abs(amountMax) ? amountMin : amountMax)} und ${formatAmount(
        Math.abs(amountMin) < Math.abs(amountMax) ? amountMax : amountMin,
      )}: ${amountBasis === 'latest' ? 'der letzte' : 'der Median'} gilt`,
    );
  }
  if (moved) reasons.push('Verschoben durch Wochenenden und Feiertage');

  const entryIds = hits.flatMap((hit) => hit.item.entryIds);
  const ruleKey =
    best.rule.kind === 'day'
      ? `d${best.rule.day}`
      : best.rule.kind === 'lastBusinessDay'
        ? 'lbd'
        : best.rule.kind === 'nthWeekday'
          ? `n${best.rule.n}w${best.rule.weekday}`
          : `w${best.rule.weekday}`;
  return {
    key: group.key,
    fingerprint: `${best.cycle}|${ruleKey}|${amountKey(amount, amountBasis)}`,
    kind: group.kind,
    counterpartyName: group.name,
    counterpartyIban: group.iban,
    direction: group.direction,
    currency: group.currency,
    bankAccountId: group.bankAccountId,
    cycle: best.cycle,
    rule: best.rule,
    amount,
    amountMin,
    amountMax,
    amountBasis,
    amountSpread,
    firstDate: firstHit.item.date,
    lastDate: lastHit.item.date,
    nextDate: dateOfDayNumber(best.next),
    occurrences: hits.map((hit) => ({
      expectedDate: dateOfDayNumber(hit.expected),
      bookingDate: hit.item.date,
      entryIds: hit.item.entryIds,
      amount: hit.item.amount,
    })),
    entryIds,
    confidence,
    reasons,
    plannable: MONTHS_OF[best.cycle] > 0,
  };
}

/**
 * The recurring series in the entries, as of `asOf` (the last day the statements cover; a series
 * whose next date has passed by then without a booking has stopped and is not returned). Best
 * confidence first; every series, also below the threshold (the caller filters).
 */
export function detectRecurring(entries: readonly StatementEntry[], asOf: string): RecurringSeries[] {
  const series: RecurringSeries[] = [];
  for (const group of groupsOf(entries)) {
    const found = seriesOf(group, asOf);
    if (found) series.push(found);
  }
  return series.sort((a, b) => b.confidence - a.confidence || a.key.localeCompare(b.key));
}
