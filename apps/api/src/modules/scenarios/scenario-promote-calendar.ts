import { isDeepStrictEqual } from 'node:util';
import { paymentCalendarUpdateSchema, type PaymentCalendar, type PaymentCalendarUpdate } from '@saldopilot/shared';

/**
 * A VAT/settings lever's payment calendar in promote (docs/scenarios.md "Promote"): the three-way
 * check compares the calendar fund by fund, one field per block (`paymentCalendar.ahv`, …; null =
 * paid with the salaries), so a fund the base changed since the lever was made is a conflict of its
 * own and the others are still written.
 */
const blocks = ['ahv', 'bvg', 'uvg', 'ktg', 'withholdingTax'] as const;
const PREFIX = 'paymentCalendar.';

/** The calendar's blocks as fields, every field of a present block filled in. */
export function calendarFields(calendar: PaymentCalendarUpdate | null): Record<string, unknown> {
  const full = paymentCalendarUpdateSchema.parse(calendar ?? {});
  return Object.fromEntries(blocks.map((block) => [`${PREFIX}${block}`, full[block] ?? null]));
}

/** The same value (a block as stored in jsonb has its keys in another order than a parsed one). */
export function sameValue(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a ?? null, b ?? null);
}

/** The base's calendar with the fields promote lets through (`apply`): the calendar promote writes. */
export function promotedCalendar(base: PaymentCalendar, apply: Record<string, unknown>): PaymentCalendar {
  const calendar: Record<string, unknown> = { ...base };
  for (const block of blocks) {
    const field = `${PREFIX}${block}`;
    if (!(field in apply)) continue;
    if (apply[field] === null) delete calendar[block];
    else calendar[block] = apply[field];
  }
  return calendar as PaymentCalendar;
}
