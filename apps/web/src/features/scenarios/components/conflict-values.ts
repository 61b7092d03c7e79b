import { cycleLabels, formatAmount, formatDate, type Cycle } from '@saldopilot/shared';
import {
  calendarBlockLabel,
  calendarBlockSummary,
  isCalendarBlock,
} from '../../../components/payment-calendar/calendar-summary';
import { NO_FIGURE } from '../../../lib/format';

/** A payment calendar's block (`paymentCalendar.ahv`): the fund promote's check compares. */
const CALENDAR = 'paymentCalendar.';
function calendarBlockOf(field: string) {
  const block = field.startsWith(CALENDAR) ? field.slice(CALENDAR.length) : '';
  return isCalendarBlock(block) ? block : undefined;
}

/** The German names of the fields promote's three-way check compares (docs/scenarios.md "Promote"). */
const fieldLabels: Record<string, string> = {
  amount: 'Betrag',
  cycle: 'Zahlungs-Zyklus',
  endDate: 'Enddatum',
  exitDate: 'Austrittsdatum',
};

export function conflictFieldLabel(field: string): string {
  const block = calendarBlockOf(field);
  return block ? calendarBlockLabel(block) : (fieldLabels[field] ?? field);
}

/**
 * A conflicting value as the dialog shows it: an amount with separators, a date dd.mm.yyyy, a cycle
 * by its label; none is "–" ("no end", "no exit"); a calendar's block in words ("mit dem Lohn": none).
 */
export function conflictValue(field: string, value: unknown): string {
  if (calendarBlockOf(field)) return calendarBlockSummary(value);
  if (value === null || value === undefined) return NO_FIGURE;
  if (field === 'amount' && typeof value === 'number') return formatAmount(value);
  if ((field === 'endDate' || field === 'exitDate') && typeof value === 'string') return formatDate(value);
  if (field === 'cycle' && typeof value === 'string') return cycleLabels[value as Cycle] ?? value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
