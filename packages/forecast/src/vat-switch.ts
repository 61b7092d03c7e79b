/**
 * The VAT setting over time (docs/scenarios.md "VAT switch"): the base setting, then the settings a
 * scenario's VAT levers put in place from a date. Each setting settles the months it governs with
 * its own periods, method and payment term; a period that straddles a switch is settled by each side
 * for its own months, each on its own payment day. A switch to or from annual filing (Art. 86a MWSTG)
 * takes effect on a 1 January, since the annual settlement covers whole calendar years. Pure.
 */

import { parseDay, type Horizon } from './horizon.js';
import type { Ledger } from './ledger.js';
import type { NotesSink } from './leaf-notes.js';
import type { ForecastVatSetting, VatSettingChange } from './types.js';
import { createAnnualVatCollector } from './vat-annual.js';
import {
  clearVatLeaves,
  createVatCollector,
  netTaxRatesOf,
  type VatCollector,
  type VatParts,
} from './vat-settlement.js';

function isAnnual(setting: ForecastVatSetting | null): boolean {
  return setting !== null && setting.enabled && setting.interval === 'yearly';
}

/**
 * The month index a switch from `before` to `after` on `from` takes effect: the first month that
 * starts on or after `from`; when either side files annually, the first January on or after it.
 */
export function switchMonth(from: string, before: ForecastVatSetting | null, after: ForecastVatSetting | null): number {
  const day = parseDay(from);
  const month = day.day === 1 ? day.monthIndex : day.monthIndex + 1;
  if (!isAnnual(before) && !isAnnual(after)) return month;
  return Math.ceil(month / 12) * 12;
}

/** One setting and the months it governs, [start, end). */
interface Segment {
  setting: ForecastVatSetting | null;
  start: number;
  end: number;
}

/** The settings in force one after the other: the base from always, each change from its month. */
export function vatSegments(base: ForecastVatSetting | null, changes: readonly VatSettingChange[]): Segment[] {
  const segments: Segment[] = [{ setting: base, start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY }];
  for (const change of changes) {
    const start = switchMonth(change.from, (segments.at(-1) as Segment).setting, change.setting);
    // A later change from an earlier month replaces what it covers (levers compose in their order).
    while (segments.length > 1 && (segments.at(-1) as Segment).start >= start) segments.pop();
    (segments.at(-1) as Segment).end = start;
    segments.push({ setting: change.setting, start, end: Number.POSITIVE_INFINITY });
  }
  return segments;
}

/** The collector of one setting alone (no switch): annual or by periods. */
function collectorOf(setting: ForecastVatSetting | null, horizon: Horizon, segment?: Segment): VatCollector | null {
  if (setting !== null && isAnnual(setting)) {
    const years = segment && {
      ...(Number.isFinite(segment.start) && { firstYear: segment.start / 12 }),
      ...(Number.isFinite(segment.end) && { lastYear: segment.end / 12 - 1 }),
    };
    return createAnnualVatCollector(setting, horizon, netTaxRatesOf(setting), years);
  }
  return createVatCollector(setting, horizon);
}

/** Adds the parts of two settlements paid in the same month (both sides of a straddling period). */
function mergeParts(a: VatParts, b: VatParts): VatParts {
  const sum = (x: number | undefined, y: number | undefined) =>
    x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0);
  const merged: VatParts = { ...a, ...b };
  for (const key of ['outputTax', 'inputTax', 'grossRevenue'] as const) {
    const value = sum(a[key], b[key]);
    if (value !== undefined) (merged as Record<string, number>)[key] = value;
  }
  return merged;
}

/**
 * The collector of the VAT setting and the changes from a date (none: the setting's own collector),
 * or null when nothing is settled. Each setting's collector gets the months it governs; an annual
 * one also the year before its first, whose tax is the basis of that year's instalments.
 */
export function vatCollectorOf(
  setting: ForecastVatSetting | null,
  changes: readonly VatSettingChange[] | undefined,
  horizon: Horizon,
): VatCollector | null {
  if (changes === undefined || changes.length === 0) return collectorOf(setting, horizon);
  const parts = vatSegments(setting, changes).flatMap((segment) => {
    const collector = collectorOf(segment.setting, horizon, segment);
    if (collector === null) return [];
    const feedFrom = isAnnual(segment.setting) ? segment.start - 12 : segment.start;
    const from = Math.max(collector.from, feedFrom);
    const to = Math.min(collector.to, segment.end - 1);
    return from <= to ? [{ collector, from, to }] : [];
  });
  if (parts.length === 0) return null;
  return {
    from: Math.min(...parts.map((part) => part.from)),
    to: Math.max(...parts.map((part) => part.to)),
    addRevenue(monthIndex, gross, tax) {
      for (const part of parts) {
        if (monthIndex >= part.from && monthIndex <= part.to) part.collector.addRevenue(monthIndex, gross, tax);
      }
    },
    addInput(monthIndex, amount) {
      for (const part of parts) {
        if (monthIndex >= part.from && monthIndex <= part.to) part.collector.addInput(monthIndex, amount);
      }
    },
    settle(ledger: Ledger, performance: number, until?: number, sink?: NotesSink, keepWritten = false) {
      if (!keepWritten) clearVatLeaves(ledger);
      const merged = new Map<number, VatParts>();
      for (const part of parts) {
        for (const [offset, settled] of part.collector.settle(ledger, performance, until, sink, true)) {
          const known = merged.get(offset);
          merged.set(offset, known === undefined ? settled : mergeParts(known, settled));
        }
      }
      return merged;
    },
  };
}

/** True when two lists of changes are equal field by field. */
export function sameVatChanges(
  a: readonly VatSettingChange[] | undefined,
  b: readonly VatSettingChange[] | undefined,
  sameSetting: (x: ForecastVatSetting | null, y: ForecastVatSetting | null) => boolean,
): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return (
    left.length === right.length &&
    left.every((change, index) => {
      const other = right[index] as VatSettingChange;
      return change.from === other.from && sameSetting(change.setting, other.setting);
    })
  );
}
