import { cycleLabels, formatAmount, formatDate, type Cycle } from '@saldopilot/shared';
import { NO_FIGURE } from '../../../lib/format';

/** The German names of the fields promote's three-way check compares (docs/scenarios.md "Promote"). */
const fieldLabels: Record<string, string> = {
  amount: 'Betrag',
  cycle: 'Zahlungs-Zyklus',
  endDate: 'Enddatum',
  exitDate: 'Austrittsdatum',
};

export function conflictFieldLabel(field: string): string {
  return fieldLabels[field] ?? field;
}

/**
 * A conflicting value as the dialog shows it: an amount with separators, a date dd.mm.yyyy, a cycle
 * by its label; none is "–" ("no end", "no exit").
 */
export function conflictValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return NO_FIGURE;
  if (field === 'amount' && typeof value === 'number') return formatAmount(value);
  if ((field === 'endDate' || field === 'exitDate') && typeof value === 'string') return formatDate(value);
  if (field === 'cycle' && typeof value === 'string') return cycleLabels[value as Cycle] ?? value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
