import {
  swissPresets,
  type thirteenthSalaryMonths,
  type HireLever,
  type LeaveLever,
  type RaiseLever,
} from '@saldopilot/shared';
import { scaledAmount } from '@saldopilot/forecast';
import type { AppDatabase } from '../../db/client.js';
import type { Tenant } from '../../lib/tenant.js';
import type { EmployeesService } from '../employees/employees.service.js';
import type { SalariesService } from '../employees/salaries.service.js';
import type { SalaryCostsService } from '../employees/salary-costs.service.js';
import { employeeExit, salariesReaching } from './scenarios.repository.js';

/**
 * What promote writes salaries with (docs/scenarios.md "Promote"): the employees area's services
 * bound to the promote's database transaction, so its timeline, termination and cost rules hold.
 */
export interface SalaryWriter {
  tx: AppDatabase;
  tenant: Tenant;
  employees: EmployeesService;
  salaries: SalariesService;
  salaryCosts: SalaryCostsService;
}

/**
 * A hire: a new employee (name, birth date) with a monthly salary from `from` (until `to`), its 13th
 * salary, and the Swiss presets of the catalogue at their rates — the costs the scenario computed
 * with `swissPresetCost`, here stored by the employees area's own presets route logic.
 */
export async function hire(writer: SalaryWriter, lever: HireLever): Promise<void> {
  const { tenant } = writer;
  const employee = await writer.employees.create(tenant, { name: lever.name, birthDate: lever.birthDate });
  const hours = lever.hoursPerMonth ?? 0;
  const salary = await writer.salaries.create(tenant, employee.id, {
    fromDate: lever.from,
    toDate: lever.to ?? null,
    amount: lever.basis === 'hourly' ? lever.salary * hours : lever.salary,
    cycle: 'monthly',
    currencyId: lever.currencyId,
    hoursPerMonth: hours,
    vacationDaysPerYear: 0,
    hasThirteenthSalary: lever.payments === 13,
    thirteenthSalaryMonth: lever.thirteenthSalaryMonth ?? 12,
  });
  await writer.salaryCosts.addPresets(tenant, salary.id, {
    items: swissPresets.map((preset) => ({ preset: preset.id })),
  });
}

/**
 * A leave: the employee's exit on the lever's date as a termination of the employees area (its
 * timeline ends the salary before, its cost rules pay what that salary still owes). An exit the
 * base already plans moves to the date; salaries that would start on or after it are disabled.
 */
export async function leave(writer: SalaryWriter, lever: LeaveLever): Promise<void> {
  const { tx, tenant } = writer;
  const later = await salariesReaching(tx, tenant.organisationId, lever.employeeId, lever.date);
  for (const salary of later) {
    if (salary.fromDate >= lever.date) await writer.salaries.update(tenant, salary.id, { isDisabled: true });
  }
  const { exitDate, terminationId } = await employeeExit(tx, tenant.organisationId, lever.employeeId);
  if (exitDate === lever.date) return;
  if (terminationId !== null) await writer.salaries.update(tenant, terminationId, { fromDate: lever.date });
  else await writer.salaries.create(tenant, lever.employeeId, { fromDate: lever.date, isTermination: true });
}

/**
 * The salary a raise makes of `amount`: the percentage rounded once as the scenario rounds it
 * (`scaledAmount`); a cut below 0 stops at 0, as in the scenario.
 */
function raised(amount: number, lever: RaiseLever): number {
  return Math.max(0, lever.percent !== undefined ? scaledAmount(amount, lever.percent) : amount + (lever.amount ?? 0));
}

/**
 * A raise: a new entry of the salary history from `from` for every salary that runs then (of one
 * employee or of all), with the costs of the salary before it copied; a salary that starts on or
 * after `from` changes its amount.
 */
export async function raise(writer: SalaryWriter, lever: RaiseLever): Promise<void> {
  const { tx, tenant } = writer;
  const reached = await salariesReaching(tx, tenant.organisationId, lever.employeeId ?? null, lever.from);
  for (const entry of reached) {
    const amount = raised(entry.amount, lever);
    if (entry.fromDate >= lever.from) {
      await writer.salaries.update(tenant, entry.id, { amount });
      continue;
    }
    const salary = await writer.salaries.get(tenant, entry.id, tx);
    const created = await writer.salaries.create(tenant, entry.employeeId, {
      fromDate: lever.from,
      toDate: salary.toDate,
      amount,
      cycle: salary.cycle,
      currencyId: salary.currency.id,
      hoursPerMonth: salary.hoursPerMonth,
      vacationDaysPerYear: salary.vacationDaysPerYear,
      hasThirteenthSalary: salary.hasThirteenthSalary,
      // Stored from the same schema's months.
      thirteenthSalaryMonth: salary.thirteenthSalaryMonth as (typeof thirteenthSalaryMonths)[number],
    });
    await writer.salaryCosts.copy(tenant, created.id, { sourceSalaryId: entry.id });
  }
}
