import {
  describePage,
  employeeMessages,
  type Employee,
  type EmployeeCreate,
  type EmployeeDetail,
  type EmployeeList,
  type EmployeeListQuery,
  type EmployeeUpdate,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { notFound, validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ReferenceService } from '../reference/reference.service.js';
import {
  deleteEmployee,
  findEmployee,
  hasBvgMinimumCosts,
  insertEmployee,
  listEmployees,
  lockEmployeeForUpdate,
  salaryIdsOfEmployee,
  updateEmployee,
  type EmployeeRow,
} from './employees.repository.js';
import { ensureFreshSchedules, lockOrganisationSchedules, recomputeSalarySchedules } from './salary-schedules.js';

export type EmployeesService = ReturnType<typeof createEmployeesService>;

type ListRow = Omit<EmployeeRow, 'salaryCount' | 'costCount'>;

/**
 * Employees of the tenant's organisation, each answered with the data of its representative salary
 * (docs/salary-rules.md "Representative salary"): `salaryAmount` = gross + employer costs per
 * cycle, `grossAmount` the gross. Reads refresh the stored schedules for today first
 * (`ensureFreshSchedules`).
 */
export function createEmployeesService(deps: { db: AppDatabase; clock: Clock; reference: ReferenceService }) {
  const { db, clock, reference } = deps;

  function toEmployee(row: ListRow, today: string): Employee {
    const hasSalary = row.salaryId !== null;
    const currency = row.currencyId === null ? null : (reference.currencyById(row.currencyId) ?? null);
    return {
      id: row.id,
      name: row.name,
      hoursPerMonth: row.hoursPerMonth,
      salaryAmount: hasSalary ? (row.amount ?? 0) + (row.employerCosts ?? 0) : null,
      grossAmount: row.amount,
      employerCosts: row.employerCosts,
      cycle: row.cycle,
      currency,
      vacationDaysPerYear: row.vacationDaysPerYear,
      fromDate: row.fromDate,
      toDate: row.toDate,
      isInFuture: hasSalary && row.fromDate !== null && row.fromDate > today,
      isTerminated: row.isTermination ?? false,
      willBeTerminated: Boolean(row.willBeTerminated),
      salaryId: row.salaryId,
      birthDate: row.birthDate,
    };
  }

  /** A birth date after today is a typing error (400 naming the field). */
  function checkBirthDate(birthDate: string | null | undefined, today: string): void {
    if (birthDate && birthDate > today) throw validationFailed({ birthDate: employeeMessages.birthDateInFuture });
  }

  /** One employee; `inTransaction`: read there, the write that holds it brought its schedules up to date. */
  async function getOne(tenant: Tenant, id: number, inTransaction?: AppDatabase): Promise<EmployeeDetail> {
    const today = clock.today();
    if (!inTransaction) await ensureFreshSchedules(db, tenant.organisationId, today);
    const row = await findEmployee(inTransaction ?? db, tenant.organisationId, id, today);
    if (!row) throw notFound(employeeMessages.notFound);
    return { ...toEmployee(row, today), salaryCount: row.salaryCount, costCount: row.costCount };
  }

  return {
    /** One page sorted, searched and filtered in SQL. */
    async list(tenant: Tenant, query: EmployeeListQuery): Promise<EmployeeList> {
      const today = clock.today();
      await ensureFreshSchedules(db, tenant.organisationId, today);
      const { rows, totalCount } = await listEmployees(db, tenant.organisationId, query, today);
      return { data: rows.map((row) => toEmployee(row, today)), pagination: describePage(query, totalCount) };
    },

    get: getOne,

    async create(tenant: Tenant, input: EmployeeCreate): Promise<EmployeeDetail> {
      checkBirthDate(input.birthDate, clock.today());
      // Answered from inside the transaction: a committed create is never answered 503 (docs/api.md "Writes").
      // A new employee has no salary yet: no schedule to bring up to date.
      return db.transaction(async (tx) => {
        const id = await insertEmployee(tx, tenant.organisationId, {
          name: input.name,
          birthDate: input.birthDate ?? null,
        });
        return getOne(tenant, id, tx);
      });
    },

    /**
     * A true partial update. A changed birth date recomputes the employee's salary schedules (BVG
     * by age) in the same transaction; removing it while a BVG-minimum cost needs it is a 400.
     */
    async update(tenant: Tenant, id: number, input: EmployeeUpdate): Promise<EmployeeDetail> {
      const today = clock.today();
      checkBirthDate(input.birthDate, today);
      await db.transaction(async (tx) => {
        await lockOrganisationSchedules(tx, tenant.organisationId);
        const stored = await lockEmployeeForUpdate(tx, tenant.organisationId, id);
        if (!stored) throw notFound(employeeMessages.notFound);
        const birthDateChanges = input.birthDate !== undefined && input.birthDate !== stored.birthDate;
        if (birthDateChanges && input.birthDate === null && (await hasBvgMinimumCosts(tx, tenant.organisationId, id))) {
          throw validationFailed({ birthDate: employeeMessages.birthDateRequiredForBvg });
        }
        await updateEmployee(tx, tenant.organisationId, id, input);
        if (birthDateChanges) {
          const salaryIds = await salaryIdsOfEmployee(tx, tenant.organisationId, id);
          await recomputeSalarySchedules(tx, tenant.organisationId, salaryIds, today);
        }
      });
      return getOne(tenant, id);
    },

    /** Deletes the employee with its salaries and costs; its transactions stay, without employee. */
    async remove(tenant: Tenant, id: number): Promise<void> {
      if (!(await deleteEmployee(db, tenant.organisationId, id))) throw notFound(employeeMessages.notFound);
    },
  };
}
