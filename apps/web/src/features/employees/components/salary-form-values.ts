import {
  isIsoDate,
  timelineAfterCreate,
  timelineAfterUpdate,
  type Cycle,
  type TimelineSalary,
} from '@saldopilot/shared';

/**
 * What the salary dialog edits (docs/web.md "Mitarbeitende (Detailseite)"); the amount in cents; an emptied
 * number field is null.
 */
export interface SalaryFormValues {
  hoursPerMonth: number | null | undefined;
  vacationDaysPerYear: number | null | undefined;
  currencyId: number | undefined;
  amount: number | null;
  fromDate: string | null | undefined;
  cycle: Cycle;
  hasThirteenthSalary: boolean;
  thirteenthSalaryMonth: 11 | 12;
}

/** A new salary: 0 hours, 0 days, 0 gross in the organisation's currency, monthly, no 13th salary. */
export function emptySalaryValues(currencyId: number): SalaryFormValues {
  return {
    hoursPerMonth: 0,
    vacationDaysPerYear: 0,
    currencyId,
    amount: 0,
    fromDate: undefined,
    cycle: 'monthly',
    hasThirteenthSalary: false,
    thirteenthSalaryMonth: 12,
  };
}

/** The values of a stored salary (to edit it, or, with another "Von", to clone it). */
export function salaryValuesOf(
  salary: {
    hoursPerMonth: number;
    vacationDaysPerYear: number;
    currency: { id: number };
    amount: number;
    fromDate: string;
    cycle: Cycle;
    hasThirteenthSalary: boolean;
    thirteenthSalaryMonth: number;
  },
  fromDate: string = salary.fromDate,
): SalaryFormValues {
  return {
    hoursPerMonth: salary.hoursPerMonth,
    vacationDaysPerYear: salary.vacationDaysPerYear,
    currencyId: salary.currency.id,
    amount: salary.amount,
    fromDate,
    cycle: salary.cycle,
    hasThirteenthSalary: salary.hasThirteenthSalary,
    thirteenthSalaryMonth: salary.thirteenthSalaryMonth === 11 ? 11 : 12,
  };
}

/** One "Bis" the dialog shows before saving: the salary it belongs to (null = the edited one). */
export interface EndPreview {
  fromDate: string | null;
  toDate: string | null;
}

/**
 * The end dates that saving would set (docs/salary-rules.md "Salary timeline", the shared rules the
 * API applies): the neighbours' "Bis" and the salary's own, so the person sees them before saving.
 * `editedId` is the stored salary being edited (undefined for a new one or a clone).
 */
export function endPreview(
  salaries: readonly TimelineSalary[],
  draft: { fromDate: string | null | undefined; cycle: Cycle },
  editedId?: number,
): EndPreview[] {
  if (!draft.fromDate || !isIsoDate(draft.fromDate)) return [];
  if (salaries.some((salary) => salary.fromDate === draft.fromDate && salary.id !== editedId)) return [];
  const stored = editedId === undefined ? undefined : salaries.find((salary) => salary.id === editedId);
  const row: TimelineSalary = {
    id: editedId ?? -1,
    fromDate: draft.fromDate,
    toDate: stored?.toDate ?? null,
    cycle: draft.cycle,
    isDisabled: stored?.isDisabled ?? false,
    isTermination: false,
  };
  const changes = stored ? timelineAfterUpdate(salaries, row) : timelineAfterCreate(salaries, row);
  return changes.map((change) => ({
    fromDate: change.id === row.id ? null : (salaries.find((salary) => salary.id === change.id)?.fromDate ?? null),
    toDate: change.toDate,
  }));
}
