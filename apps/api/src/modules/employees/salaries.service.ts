import {
  describePage,
  employeeMessages,
  nextExecutionDate,
  normalizeTermination,
  salaryMessages,
  salaryNet,
  salaryShapeErrors,
  timelineAfterCreate,
  timelineAfterDelete,
  timelineAfterUpdate,
  type Salary,
  type SalaryCreate,
  type SalaryList,
  type SalaryListQuery,
  type SalaryUpdate,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound, validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { employeeExists, lockEmployee } from './employees.repository.js';
import {
  countSalaries,
  deleteSalary,
  employeeTimeline,
  findSalary,
  hasSalaryOn,
  insertSalary,
  listSalaries,
  setSalaryEnds,
  updateSalary,
  type SalaryRow,
  type SalaryValues,
} from './salaries.repository.js';
import { ensureFreshSchedules, lockOrganisationSchedules, recomputeSalarySchedules } from './salary-schedules.js';

function duplicateFrom(): AppError {
  return new AppError('CONFLICT', salaryMessages.duplicateFrom, { fields: { fromDate: salaryMessages.duplicateFrom } });
}

export type SalariesService = ReturnType<typeof createSalariesService>;

/**
 * An employee's salary timeline (docs/salary-rules.md "Salary timeline"). Every change runs in one
 * database transaction under the organisation's schedule lock: the row, the neighbours' end dates
 * (shared timeline rules) and the schedules, deductions and employer costs of every salary whose
 * dates changed.
 */
export function createSalariesService(deps: { db: AppDatabase; clock: Clock; reference: ReferenceService }) {
  const { db, clock, reference } = deps;

  function toSalary(row: SalaryRow, today: string): Salary {
    const currency = reference.currencyById(row.currencyId);
    if (!currency) throw new Error(`salary ${row.id} has an unknown currency ${row.currencyId}`);
    return {
      id: row.id,
      employeeId: row.employeeId,
      hoursPerMonth: row.hoursPerMonth,
      amount: row.amount,
      cycle: row.cycle,
      currency,
      vacationDaysPerYear: row.vacationDaysPerYear,
      fromDate: row.fromDate,
      toDate: row.toDate,
      isTermination: row.isTermination,
      isDisabled: row.isDisabled,
      hasSeparateCostsDefined: row.hasCosts,
      nextExecutionDate: row.isTermination
        ? null
        : nextExecutionDate(
            { type: 'repeating', cycle: row.cycle, startDate: row.fromDate, endDate: row.toDate },
            today,
          ),
      employeeDeductions: row.employeeDeductions,
      employerCosts: row.employerCosts,
      netAmount: salaryNet(row.amount, row.employeeDeductions),
      totalCost: row.amount + row.employerCosts,
      hasThirteenthSalary: row.hasThirteenthSalary,
      thirteenthSalaryMonth: row.thirteenthSalaryMonth,
    };
  }

  function requireCurrency(currencyId: number | undefined): void {
    if (currencyId !== undefined && !reference.currencyById(currencyId)) {
      throw validationFailed({ currencyId: salaryMessages.invalidCurrency });
    }
  }

  /** One salary; `inTransaction`: read there, the write that holds it settled its schedules. */
  async function getOne(tenant: Tenant, id: number, inTransaction?: AppDatabase): Promise<Salary> {
    const today = clock.today();
    if (!inTransaction) await ensureFreshSchedules(db, tenant.organisationId, today);
    const row = await findSalary(inTransaction ?? db, tenant.organisationId, id);
    if (!row) throw notFound(salaryMessages.notFound);
    return toSalary(row, today);
  }

  /** Applies the timeline's end changes and recomputes the schedules of every salary touched. */
  async function settle(
    tx: AppDatabase,
    tenant: Tenant,
    changed: number[],
    ends: { id: number; toDate: string | null }[],
  ) {
    await setSalaryEnds(tx, tenant.organisationId, ends);
    await recomputeSalarySchedules(
      tx,
      tenant.organisationId,
      [...changed, ...ends.map((end) => end.id)],
      clock.today(),
    );
  }

  return {
    /** The employee's salaries, newest first (404 for another organisation's employee). */
    async list(tenant: Tenant, employeeId: number, query: SalaryListQuery): Promise<SalaryList> {
      const today = clock.today();
      await ensureFreshSchedules(db, tenant.organisationId, today);
      const rows = await listSalaries(db, tenant.organisationId, employeeId, query);
      // Only an empty page asks whether the employee exists at all (404) or has no salary yet.
      if (!rows[0] && !(await employeeExists(db, tenant.organisationId, employeeId))) {
        throw notFound(employeeMessages.notFound);
      }
      const totalCount =
        rows[0]?.totalCount ?? (query.page > 1 ? await countSalaries(db, tenant.organisationId, employeeId) : 0);
      return { data: rows.map((row) => toSalary(row, today)), pagination: describePage(query, totalCount) };
    },

    get: getOne,

    /** Adds a salary or a termination; a second salary on the same Von date is a 409. */
    async create(tenant: Tenant, employeeId: number, input: SalaryCreate): Promise<Salary> {
      requireCurrency(input.currencyId);
      // Answered from inside the transaction: a committed create is never answered 503 (docs/api.md "Writes").
      return db.transaction(async (tx) => {
        await lockOrganisationSchedules(tx, tenant.organisationId);
        if (!(await lockEmployee(tx, tenant.organisationId, employeeId))) throw notFound(employeeMessages.notFound);
        const values: SalaryValues = normalizeTermination({
          hoursPerMonth: input.hoursPerMonth ?? 0,
          amount: input.amount ?? 0,
          cycle: input.cycle ?? 'monthly',
          currencyId: input.currencyId ?? tenant.currencyId,
          vacationDaysPerYear: input.vacationDaysPerYear ?? 0,
          fromDate: input.fromDate,
          toDate: input.toDate ?? null,
          isTermination: input.isTermination ?? false,
          isDisabled: false,
          hasThirteenthSalary: input.hasThirteenthSalary ?? false,
          thirteenthSalaryMonth: input.thirteenthSalaryMonth ?? 12,
        });
        if (await hasSalaryOn(tx, tenant.organisationId, employeeId, values.fromDate)) throw duplicateFrom();
        const timeline = await employeeTimeline(tx, tenant.organisationId, employeeId);
        const created = await insertSalary(tx, tenant.organisationId, employeeId, values);
        const ends = timelineAfterCreate(timeline, { id: created, ...values });
        await settle(tx, tenant, [created], ends);
        return getOne(tenant, created, tx);
      });
    },

    /**
     * A true partial update (`isDisabled` toggles). The previous salary's end follows the new
     * start; with a later salary the end is set by the timeline, overriding the one sent.
     */
    async update(tenant: Tenant, id: number, update: SalaryUpdate): Promise<Salary> {
      requireCurrency(update.currencyId);
      await db.transaction(async (tx) => {
        await lockOrganisationSchedules(tx, tenant.organisationId);
        const stored = await findSalary(tx, tenant.organisationId, id);
        if (!stored) throw notFound(salaryMessages.notFound);
        const changes = Object.fromEntries(
          Object.entries({
            hoursPerMonth: update.hoursPerMonth,
            amount: update.amount,
            cycle: update.cycle,
            currencyId: update.currencyId,
            vacationDaysPerYear: update.vacationDaysPerYear,
            fromDate: update.fromDate,
            toDate: update.toDate,
            isDisabled: update.isDisabled,
            hasThirteenthSalary: update.hasThirteenthSalary,
            thirteenthSalaryMonth: update.thirteenthSalaryMonth,
          }).filter(([, value]) => value !== undefined),
        ) as Partial<SalaryValues>;
        const merged: SalaryValues = normalizeTermination({ ...stored, ...changes });
        // The end is checked only when sent (a later salary may have set it); the 13th salary always.
        const { toDate: endError, ...shape } = salaryShapeErrors(merged);
        const errors = update.toDate !== undefined && endError ? { ...shape, toDate: endError } : shape;
        if (Object.keys(errors).length > 0) throw validationFailed(errors);
        if (
          merged.fromDate !== stored.fromDate &&
          (await hasSalaryOn(tx, tenant.organisationId, stored.employeeId, merged.fromDate, id))
        ) {
          throw duplicateFrom();
        }
        const timeline = await employeeTimeline(tx, tenant.organisationId, stored.employeeId);
        const ends = timelineAfterUpdate(timeline, { id, ...merged });
        const ownEnd = ends.find((end) => end.id === id);
        const toDate = ownEnd ? ownEnd.toDate : merged.toDate;
        if (toDate !== null && toDate < merged.fromDate)
          throw validationFailed({ toDate: salaryMessages.toBeforeFrom });
        await updateSalary(tx, tenant.organisationId, id, { ...merged, toDate });
        await settle(
          tx,
          tenant,
          [id],
          ends.filter((end) => end.id !== id),
        );
      });
      return getOne(tenant, id);
    },

    /** Deletes a salary with its costs; the previous salary's end follows the timeline. */
    async remove(tenant: Tenant, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockOrganisationSchedules(tx, tenant.organisationId);
        const stored = await findSalary(tx, tenant.organisationId, id);
        if (!stored) throw notFound(salaryMessages.notFound);
        const timeline = await employeeTimeline(tx, tenant.organisationId, stored.employeeId);
        const ends = timelineAfterDelete(timeline, id);
        await deleteSalary(tx, tenant.organisationId, id);
        await settle(tx, tenant, [], ends);
      });
    },
  };
}
