import {
  LEVERS_MAX,
  SCENARIOS_MAX,
  scenarioMessages,
  type Lever,
  type LeverInput,
  type LeverUpdate,
  type LeverView,
  type Scenario,
  type ScenarioCreate,
  type ScenarioDetail,
  type ScenarioUpdate,
} from '@saldopilot/shared';
import { applyLevers, type EmployeeTimeline, type ForecastInput } from '@saldopilot/forecast';
import type { AppDatabase } from '../../db/client.js';
import { loadScheduleInputs } from '../employees/salary-schedules.js';
import { calendarFields } from './scenario-promote-calendar.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { lockOrganisationNames } from '../../lib/name-lock.js';
import type { Tenant } from '../../lib/tenant.js';
import {
  categoryNames,
  countScenarios,
  deleteLevers,
  deleteScenario,
  employeeExit,
  existingTargets,
  findLever,
  findScenario,
  insertLevers,
  insertScenario,
  leverLookups,
  listLevers,
  listScenarios,
  shiftPositions,
  touchScenario,
  paymentCalendarSnapshot,
  transactionSnapshot,
  updateLever,
  type LeverRow,
  type ScenarioRow,
} from './scenarios.repository.js';

/** The colours new scenarios take in turn (docs/scenarios.md "The model"). */
const PALETTE = ['#1c7ed6', '#e8590c', '#2f9e44', '#c2255c', '#7048e8', '#0c8599'] as const;

/** The base rows a lever names, by kind (docs/scenarios.md "Deleted targets"). */
export interface LeverTargets {
  transactions: number[];
  employees: number[];
  categories: number[];
}

export function targetsOf(lever: LeverInput): LeverTargets {
  const targets: LeverTargets = { transactions: [], employees: [], categories: [] };
  const record = lever as Record<string, unknown>;
  if (lever.type === 'transaction' && lever.action === 'add') return targets;
  if (lever.type === 'customer' && lever.action === 'win') return targets;
  if (lever.type === 'oneOff' || lever.type === 'hire' || lever.type === 'loan' || lever.type === 'vat') return targets;
  if (typeof record.transactionId === 'number') targets.transactions.push(record.transactionId);
  if (typeof record.employeeId === 'number') targets.employees.push(record.employeeId);
  if (typeof record.categoryId === 'number') targets.categories.push(record.categoryId);
  return targets;
}

/** The base rows the levers name, together. */
export function targetsOfLevers(levers: readonly LeverInput[]): LeverTargets {
  const ids: LeverTargets = { transactions: [], employees: [], categories: [] };
  for (const lever of levers) {
    const targets = targetsOf(lever);
    ids.transactions.push(...targets.transactions);
    ids.employees.push(...targets.employees);
    ids.categories.push(...targets.categories);
  }
  return ids;
}

/** Whether every base row the lever names exists (in `existing`). */
export function targetsExist(lever: LeverInput, existing: Awaited<ReturnType<typeof existingTargets>>): boolean {
  const targets = targetsOf(lever);
  return (
    targets.transactions.every((id) => existing.transactions.has(id)) &&
    targets.employees.every((id) => existing.employees.has(id)) &&
    targets.categories.every((id) => existing.categories.has(id))
  );
}

/** A lever's content as the caller may see it: salary amounts hidden without salaries (docs/scenarios.md "Roles and privacy"). */
export function leverView(lever: LeverInput, seesSalaries: boolean): LeverView {
  if (seesSalaries) return lever;
  if (lever.type === 'hire') return { ...lever, salary: null };
  if (lever.type === 'raise' && lever.amount !== undefined) return { ...lever, amount: null };
  return lever;
}

function toScenario(row: ScenarioRow): Scenario {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    createdBy: row.createdById === null ? null : { id: row.createdById, name: row.createdByName ?? '' },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    leverCount: row.leverCount,
  };
}

export type ScenariosService = ReturnType<typeof createScenariosService>;

/**
 * Scenarios and their levers (docs/scenarios.md): stored as given, limited to SCENARIOS_MAX per
 * organisation and LEVERS_MAX per scenario, another organisation's a 404. Every write raises the
 * scenario's version, the key its forecast is kept under.
 */
export function createScenariosService({ db, reference }: { db: AppDatabase; reference: ReferenceService }) {
  async function scenarioOf(tenant: Tenant, id: number, database = db, lock?: 'update'): Promise<ScenarioRow> {
    const row = await findScenario(database, tenant.organisationId, id, lock);
    if (!row) throw notFound(scenarioMessages.notFound);
    return row;
  }

  async function leversOf(tenant: Tenant, scenarioIds: readonly number[], database = db): Promise<LeverRow[]> {
    return listLevers(database, tenant.organisationId, scenarioIds);
  }

  /** The levers as answered, each marked when a base row it names is gone. */
  async function toLevers(tenant: Tenant, rows: readonly LeverRow[], database = db): Promise<Lever[]> {
    const ids = targetsOfLevers(rows.map((row) => row.payload as LeverInput));
    const existing = await existingTargets(database, tenant.organisationId, ids);
    return rows.map((row) => ({
      id: row.id,
      position: row.position,
      type: row.type as Lever['type'],
      lever: leverView(row.payload as LeverInput, tenant.seesSalaries),
      targetDeleted: !targetsExist(row.payload as LeverInput, existing),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function detail(tenant: Tenant, id: number, database = db): Promise<ScenarioDetail> {
    const row = await scenarioOf(tenant, id, database);
    return { ...toScenario(row), levers: await toLevers(tenant, await leversOf(tenant, [id], database), database) };
  }

  /**
   * The stored form of a new lever: its content and the base row it targets as it is now, for
   * promote's three-way check (a leave: the employee's exit; a VAT/settings lever with a calendar:
   * the base's calendar).
   */
  async function storedLever(tx: AppDatabase, tenant: Tenant, lever: LeverInput) {
    const targets = targetsOf(lever);
    const transactionId = targets.transactions[0];
    const original =
      lever.type === 'leave'
        ? { exitDate: (await employeeExit(tx, tenant.organisationId, lever.employeeId)).exitDate }
        : lever.type === 'vat' && lever.paymentCalendar !== undefined
          ? calendarFields(await paymentCalendarSnapshot(tx, tenant.organisationId))
          : transactionId === undefined
            ? null
            : await transactionSnapshot(tx, tenant.organisationId, transactionId);
    return { type: lever.type, payload: lever as Record<string, unknown>, original };
  }

  return {
    /** Every scenario of the organisation by name, with its number of levers. */
    async list(tenant: Tenant): Promise<Scenario[]> {
      return (await listScenarios(db, tenant.organisationId)).map(toScenario);
    },

    get: (tenant: Tenant, id: number) => detail(tenant, id),

    /**
     * The scenarios a comparison names, by id, with their versions (what its key names), in one
     * query; 404 when one is not the organisation's.
     */
    async compared(tenant: Tenant, ids: readonly number[]): Promise<Map<number, ScenarioRow>> {
      const rows = ids.length === 0 ? [] : await listScenarios(db, tenant.organisationId);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids) if (!byId.has(id)) throw notFound(scenarioMessages.notFound);
      return byId;
    },

    /** Creates a scenario (and its first levers); 400 beyond SCENARIOS_MAX. */
    async create(tenant: Tenant, input: ScenarioCreate): Promise<ScenarioDetail> {
      return db.transaction(async (tx) => {
        await lockOrganisationNames(tx, tenant.organisationId);
        const existing = await countScenarios(tx, tenant.organisationId);
        if (existing >= SCENARIOS_MAX) throw new AppError('VALIDATION_FAILED', scenarioMessages.tooManyScenarios);
        const id = await insertScenario(tx, tenant.organisationId, {
          name: input.name,
          description: input.description ?? '',
          color: input.color ?? (PALETTE[existing % PALETTE.length] as string),
          createdBy: tenant.userId,
        });
        const levers = input.levers ?? [];
        const stored = [];
        for (const [position, lever] of levers.entries())
          stored.push({ position, ...(await storedLever(tx, tenant, lever)) });
        await insertLevers(tx, tenant.organisationId, id, stored);
        return detail(tenant, id, tx);
      });
    },

    async update(tenant: Tenant, id: number, input: ScenarioUpdate): Promise<ScenarioDetail> {
      return db.transaction(async (tx) => {
        await scenarioOf(tenant, id, tx, 'update');
        await touchScenario(tx, tenant.organisationId, id, {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.color === undefined ? {} : { color: input.color }),
        });
        return detail(tenant, id, tx);
      });
    },

    /** Deletes a scenario with its levers; the base is untouched. */
    async remove(tenant: Tenant, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await scenarioOf(tenant, id, tx, 'update');
        await deleteScenario(tx, tenant.organisationId, id);
      });
    },

    async levers(tenant: Tenant, id: number): Promise<Lever[]> {
      await scenarioOf(tenant, id);
      return toLevers(tenant, await leversOf(tenant, [id]));
    },

    /** Adds a lever at the end; 400 beyond LEVERS_MAX. */
    async addLever(tenant: Tenant, id: number, lever: LeverInput): Promise<Lever> {
      return db.transaction(async (tx) => {
        const scenario = await scenarioOf(tenant, id, tx, 'update');
        if (scenario.leverCount >= LEVERS_MAX) throw new AppError('VALIDATION_FAILED', scenarioMessages.tooManyLevers);
        const rows = await leversOf(tenant, [id], tx);
        const position = rows.length === 0 ? 0 : Math.max(...rows.map((row) => row.position)) + 1;
        const [leverId] = await insertLevers(tx, tenant.organisationId, id, [
          { position, ...(await storedLever(tx, tenant, lever)) },
        ]);
        await touchScenario(tx, tenant.organisationId, id);
        const row = await findLever(tx, tenant.organisationId, id, leverId as number);
        return (await toLevers(tenant, [row as LeverRow], tx))[0] as Lever;
      });
    },

    /**
     * Replaces a lever's content (the type may change) and/or moves it to `position` (the others
     * close up); a new content takes a new snapshot of its target.
     */
    async updateLever(tenant: Tenant, id: number, leverId: number, input: LeverUpdate): Promise<Lever> {
      return db.transaction(async (tx) => {
        await scenarioOf(tenant, id, tx, 'update');
        const current = await findLever(tx, tenant.organisationId, id, leverId);
        if (!current) throw notFound(scenarioMessages.leverNotFound);
        if (input.lever !== undefined) {
          await updateLever(tx, tenant.organisationId, leverId, await storedLever(tx, tenant, input.lever));
        }
        if (input.position !== undefined) {
          const rows = await leversOf(tenant, [id], tx);
          const order = rows.filter((row) => row.id !== leverId);
          order.splice(Math.min(input.position, order.length), 0, current);
          for (const [position, row] of order.entries()) {
            if (row.position !== position) await updateLever(tx, tenant.organisationId, row.id, { position });
          }
        }
        await touchScenario(tx, tenant.organisationId, id);
        const row = await findLever(tx, tenant.organisationId, id, leverId);
        return (await toLevers(tenant, [row as LeverRow], tx))[0] as Lever;
      });
    },

    async removeLever(tenant: Tenant, id: number, leverId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await scenarioOf(tenant, id, tx, 'update');
        const current = await findLever(tx, tenant.organisationId, id, leverId);
        if (!current) throw notFound(scenarioMessages.leverNotFound);
        await deleteLevers(tx, tenant.organisationId, [leverId]);
        await shiftPositions(tx, tenant.organisationId, id, current.position + 1, -1);
        await touchScenario(tx, tenant.organisationId, id);
      });
    },

    /**
     * What a scenario's forecast is computed from: its version (the cache key) and its levers in
     * order with the ids of the ones whose target is gone. 404 for another organisation's.
     */
    async overlay(tenant: Tenant, id: number): Promise<ScenarioOverlay> {
      const scenario = await scenarioOf(tenant, id);
      const rows = await leversOf(tenant, [id]);
      const [levers, names, lookups] = await Promise.all([
        toLevers({ ...tenant, seesSalaries: true }, rows),
        categoryNames(db, tenant.organisationId),
        leverLookups(db, tenant.organisationId),
      ]);
      const applied = levers.map((lever, index) => ({
        id: lever.id,
        lever: (rows[index] as LeverRow).payload as LeverInput,
        targetDeleted: lever.targetDeleted,
      }));
      const currencyCodes = new Map(
        reference.listCurrencyDefinitions().map((currency) => [currency.id, currency.code]),
      );
      const context = { categoryNames: names, currencyCodes, ...lookups };
      const timelines = () => loadEmployeeTimelines(db, tenant.organisationId, applied);
      // The key names the scenario's version and which targets are gone (a deleted target changes it).
      const gone = applied.filter((lever) => lever.targetDeleted).map((lever) => lever.id);
      return {
        id,
        name: scenario.name,
        color: scenario.color,
        version: scenario.version,
        key: `${id}.${scenario.version}.${gone.join(',')}`,
        levers: applied,
        // Only a raise or leave reads the salary timelines, and only when the forecast is computed.
        apply: async (input: ForecastInput) =>
          applyLevers(input, applied, { ...context, employees: await timelines() }),
      };
    },
  };
}

/**
 * The salary timelines the raise and leave levers of `levers` compute anew (docs/scenarios.md
 * "Raise"): the employees they name, every employee for a raise of all; none without such levers.
 */
async function loadEmployeeTimelines(
  db: AppDatabase,
  organisationId: number,
  levers: readonly { lever: LeverInput; targetDeleted: boolean }[],
): Promise<Map<number, EmployeeTimeline>> {
  const payroll = levers.filter(
    ({ lever, targetDeleted }) => !targetDeleted && (lever.type === 'raise' || lever.type === 'leave'),
  );
  const timelines = new Map<number, EmployeeTimeline>();
  if (payroll.length === 0) return timelines;
  type Inputs = Awaited<ReturnType<typeof loadScheduleInputs>>;
  const rows = new Map<number, { salaries: Inputs['salaryRows']; costs: Inputs['costRows'] }>();
  const all = payroll.some(({ lever }) => lever.type === 'raise' && lever.employeeId == null);
  const employeeIds = payroll.flatMap(({ lever }) =>
    'employeeId' in lever && typeof lever.employeeId === 'number' ? [lever.employeeId] : [],
  );
  const inputs = await loadScheduleInputs(db, organisationId, all ? { all: true } : { ids: [], employeeIds });
  const salaryOf = new Map<number, number>();
  for (const salary of inputs.salaryRows) {
    salaryOf.set(salary.id, salary.employeeId);
    const timeline = rows.get(salary.employeeId) ?? { salaries: [], costs: [] };
    timeline.salaries.push(salary);
    rows.set(salary.employeeId, timeline);
  }
  for (const cost of inputs.costRows) rows.get(salaryOf.get(cost.salaryId) ?? -1)?.costs.push(cost);
  for (const [employeeId, timeline] of rows) timelines.set(employeeId, timeline);
  return timelines;
}

/** A scenario as its forecast needs it (docs/scenarios.md "Forecast of a scenario"). */
export interface ScenarioOverlay {
  id: number;
  name: string;
  color: string;
  version: number;
  /** The cache key of its forecast: id, version and the levers whose target is gone. */
  key: string;
  levers: { id: number; lever: LeverInput; targetDeleted: boolean }[];
  /** The pure apply step with what it looks up (docs/scenarios.md "Implementation"). */
  apply: (input: ForecastInput) => Promise<ForecastInput>;
}
