import {
  addDays,
  scenarioMessages,
  type LeverInput,
  type PromoteConflict,
  type PromoteRequest,
  type PromoteResult,
  type TransactionCreate,
} from '@saldopilot/shared';
import { SCENARIO_CATEGORY } from '@saldopilot/forecast';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound, validationFailed } from '../../lib/app-error.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { createCategoriesService } from '../categories/categories.service.js';
import { createEmployeesService } from '../employees/employees.service.js';
import { createSalariesService } from '../employees/salaries.service.js';
import { createSalaryCostsService } from '../employees/salary-costs.service.js';
import { createTransactionsService } from '../transactions/transactions.service.js';
import { createVatSettingsService } from '../forecasts/vat-settings.service.js';
import type { ForecastsService } from '../forecasts/forecasts.service.js';
import { createPaymentCalendarService, type PaymentCalendarService } from '../forecasts/payment-calendar.service.js';
import { calendarFields, promotedCalendar, sameValue } from './scenario-promote-calendar.js';
import { hire, leave, raise, type SalaryWriter } from './scenario-promote-salaries.js';
import {
  addLoan,
  changeFrom,
  delayFrom,
  scaleFrom,
  stopFrom,
  type Reach,
  type TransactionWriter,
} from './scenario-promote-transactions.js';
import {
  deleteLevers,
  employeeExit,
  existingTargets,
  findScenario,
  listLevers,
  paymentCalendarSnapshot,
  touchScenario,
  transactionSnapshot,
  transactionsOfTarget,
  updateLever,
  type LeverRow,
} from './scenarios.repository.js';
import { targetsExist, targetsOfLevers } from './scenarios.service.js';

export const promoteMessages = {
  targetDeleted: 'Ziel gelöscht: dieser Hebel kann nicht übernommen werden',
} as const;

/**
 * The fields of the targeted row a lever sets (the three-way check compares these): a transaction's,
 * an employee's exit, the payment calendar's blocks.
 */
function fieldsSet(lever: LeverInput): Record<string, unknown> {
  if (lever.type === 'transaction' && lever.action === 'change') {
    return {
      ...(lever.amount === undefined ? {} : { amount: lever.amount }),
      ...(lever.cycle === undefined ? {} : { cycle: lever.cycle }),
      ...(lever.endDate === undefined ? {} : { endDate: lever.endDate }),
    };
  }
  if (lever.type === 'leave') return { exitDate: lever.date };
  if (lever.type === 'vat') return lever.paymentCalendar === undefined ? {} : calendarFields(lever.paymentCalendar);
  if (
    (lever.type === 'transaction' && lever.action === 'stop') ||
    (lever.type === 'customer' && lever.action === 'lose')
  ) {
    return lever.from === undefined ? {} : { endDate: addDays(lever.from, -1) };
  }
  return {};
}

export type ScenarioPromoteService = ReturnType<typeof createScenarioPromoteService>;

/**
 * Promote (docs/scenarios.md "Promote"): the chosen levers become base rows in one database
 * transaction, through the areas' own services bound to it, and leave the scenario. Before any write
 * the three-way check: a field a lever sets that the base changed since the lever was made is a
 * conflict unless the request chose a side for it.
 */
export function createScenarioPromoteService(deps: {
  db: AppDatabase;
  clock: Clock;
  reference: ReferenceService;
  /** Only the calendar's warnings read it; promote writes the calendar. */
  forecasts: Pick<ForecastsService, 'planInput'>;
}) {
  const { db, clock, reference, forecasts } = deps;

  return {
    async promote(
      tenant: Tenant,
      scenarioId: number,
      request: PromoteRequest,
    ): Promise<{ conflicts: PromoteConflict[] } | PromoteResult> {
      return db.transaction(async (tx) => {
        if (!(await findScenario(tx, tenant.organisationId, scenarioId, 'update'))) {
          throw notFound(scenarioMessages.notFound);
        }
        const all = await listLevers(tx, tenant.organisationId, [scenarioId]);
        const chosen = request.leverIds ? all.filter((row) => request.leverIds?.includes(row.id)) : all;
        if (request.leverIds && chosen.length !== new Set(request.leverIds).size) {
          throw notFound(scenarioMessages.leverNotFound);
        }

        // The three-way check, before anything is written.
        const choice = new Map(
          (request.resolutions ?? []).map((entry) => [`${entry.leverId}/${entry.field}`, entry.choice]),
        );
        const conflicts: PromoteConflict[] = [];
        const plans: {
          row: LeverRow;
          lever: LeverInput;
          apply: Record<string, unknown>;
          current: Record<string, unknown> | null;
        }[] = [];
        const targets = targetsOfLevers(chosen.map((row) => row.payload as LeverInput));
        const existing = await existingTargets(tx, tenant.organisationId, targets);
        for (const row of chosen) {
          const lever = row.payload as LeverInput;
          const sets = fieldsSet(lever);
          if (!targetsExist(lever, existing)) {
            throw validationFailed({ [`levers.${row.id}`]: promoteMessages.targetDeleted });
          }
          const current = await snapshotNow(tx, tenant, lever);
          const apply: Record<string, unknown> = {};
          for (const [field, value] of Object.entries(sets)) {
            const original = row.original?.[field];
            const now = current?.[field];
            const decided = choice.get(`${row.id}/${field}`);
            if (decided === 'base') continue;
            const changed = row.original !== null && !sameValue(now, original) && !sameValue(now, value);
            if (decided !== 'scenario' && changed) {
              conflicts.push({
                leverId: row.id,
                field,
                original: original ?? null,
                base: now ?? null,
                scenario: value,
              });
              continue;
            }
            apply[field] = value;
          }
          plans.push({ row, lever, apply, current });
        }
        if (conflicts.length > 0) return { conflicts };

        const writers: Writers = {
          transactions: {
            tenant,
            today: clock.today(),
            transactions: createTransactionsService({ db: tx, clock, reference }),
            categories: createCategoriesService(tx),
            parts: new Map(),
          },
          salaries: {
            tx,
            tenant,
            employees: createEmployeesService({ db: tx, clock, reference }),
            salaries: createSalariesService({ db: tx, clock, reference }),
            salaryCosts: createSalaryCostsService({ db: tx, clock }),
          },
          vatSettings: createVatSettingsService({ db: tx, clock }),
          paymentCalendar: createPaymentCalendarService({ db: tx, clock, forecasts }),
        };
        for (const { lever, apply } of plans) await promoteOne(tx, writers, lever, apply);

        const ids = plans.map((plan) => plan.row.id);
        await deleteLevers(tx, tenant.organisationId, ids);
        // The remaining levers close up: 0, 1, … in their order.
        const rest = all.filter((row) => !ids.includes(row.id));
        for (const [position, row] of rest.entries()) {
          if (row.position !== position) await updateLever(tx, tenant.organisationId, row.id, { position });
        }
        await touchScenario(tx, tenant.organisationId, scenarioId);
        return { promoted: ids };
      });
    },
  };
}

interface Writers {
  transactions: TransactionWriter;
  salaries: SalaryWriter;
  vatSettings: ReturnType<typeof createVatSettingsService>;
  paymentCalendar: PaymentCalendarService;
}

/** The base row a lever targets as it is now, in the fields the three-way check compares. */
async function snapshotNow(
  tx: AppDatabase,
  tenant: Tenant,
  lever: LeverInput,
): Promise<Record<string, unknown> | null> {
  if (lever.type === 'leave') {
    return { exitDate: (await employeeExit(tx, tenant.organisationId, lever.employeeId)).exitDate };
  }
  if (lever.type === 'vat') {
    return lever.paymentCalendar === undefined
      ? null
      : calendarFields(await paymentCalendarSnapshot(tx, tenant.organisationId));
  }
  const transactionId = (lever as { transactionId?: number }).transactionId;
  return transactionId === undefined ? null : transactionSnapshot(tx, tenant.organisationId, transactionId);
}

/** The transactions a delay, percentage or lost customer reaches: one by id, or a category's or a side's. */
async function reachOf(
  tx: AppDatabase,
  tenant: Tenant,
  target: {
    transactionId?: number | undefined;
    categoryId?: number | undefined;
    side?: 'revenue' | 'expense' | undefined;
  },
): Promise<Reach> {
  if (target.transactionId !== undefined) return { ids: [target.transactionId], byQuery: false };
  return { ids: await transactionsOfTarget(tx, tenant.organisationId, target), byQuery: true };
}

/**
 * What each lever becomes (docs/scenarios.md "Promote"), written through the areas' services;
 * `apply` holds the fields of a targeted row the three-way check let through.
 */
async function promoteOne(
  tx: AppDatabase,
  writers: Writers,
  lever: LeverInput,
  apply: Record<string, unknown>,
): Promise<void> {
  const writer = writers.transactions;
  const { tenant, transactions } = writer;
  switch (lever.type) {
    case 'oneOff': {
      const categoryId = lever.categoryId ?? (await writer.categories.ensureNamed(tenant, SCENARIO_CATEGORY));
      await transactions.create(tenant, {
        name: lever.name,
        amount: lever.amount,
        type: 'single',
        startDate: lever.date,
        categoryId,
        currencyId: lever.currencyId,
      });
      return;
    }
    case 'vat':
      await writers.vatSettings.put(tenant, lever.setting);
      // The calendar as PUT /payment-calendar writes it, the funds the check let through changed.
      if (lever.paymentCalendar !== undefined) {
        const { paymentCalendar } = writers;
        await paymentCalendar.put(tenant, promotedCalendar(await paymentCalendar.find(tenant), apply));
      }
      return;
    case 'customer':
      if (lever.action === 'win') {
        await transactions.create(tenant, newTransaction({ ...lever, startDate: lever.from }));
        return;
      }
      // A lost customer stops the revenue only (expenses of the category stay, as in the scenario).
      if (lever.transactionId !== undefined && apply.endDate === undefined) return;
      await stopFrom(
        writer,
        await revenueOnly(writer, await reachOf(tx, tenant, { ...lever, side: undefined })),
        lever.from,
      );
      return;
    case 'transaction':
      if (lever.action === 'add') {
        await transactions.create(tenant, newTransaction({ ...lever, startDate: lever.startDate ?? lever.from ?? '' }));
        return;
      }
      if (lever.action === 'stop') {
        if (apply.endDate !== undefined) await stopFrom(writer, await reachOf(tx, tenant, lever), lever.from as string);
        return;
      }
      if (Object.keys(apply).length > 0) {
        await changeFrom(writer, await reachOf(tx, tenant, lever), lever.from as string, apply);
      }
      return;
    case 'delay':
      await delayFrom(writer, await reachOf(tx, tenant, lever), lever);
      return;
    case 'percentage':
      await scaleFrom(writer, await reachOf(tx, tenant, lever), lever);
      return;
    case 'loan':
      await addLoan(writer, lever);
      return;
    case 'hire':
      await hire(writers.salaries, lever);
      return;
    case 'leave':
      if (apply.exitDate !== undefined) await leave(writers.salaries, lever);
      return;
    case 'raise':
      await raise(writers.salaries, lever);
      return;
  }
}

/** Of the transactions reached, the revenues (a lost customer's). */
async function revenueOnly(writer: TransactionWriter, reach: Reach): Promise<Reach> {
  const ids: number[] = [];
  for (const id of reach.ids) {
    if ((await writer.transactions.get(writer.tenant, id)).amount > 0) ids.push(id);
  }
  return { ids, byQuery: reach.byQuery };
}

function newTransaction(lever: {
  name?: string | undefined;
  amount?: number | undefined;
  cycle?: TransactionCreate['cycle'];
  startDate: string;
  endDate?: string | null | undefined;
  categoryId?: number | undefined;
  currencyId?: number | undefined;
  vatId?: number | null | undefined;
  vatIncluded?: boolean | undefined;
}): TransactionCreate {
  return {
    name: lever.name ?? '',
    amount: lever.amount ?? 0,
    type: lever.cycle ? 'repeating' : 'single',
    cycle: lever.cycle ?? null,
    startDate: lever.startDate,
    ...(lever.cycle && lever.endDate ? { endDate: lever.endDate } : {}),
    categoryId: lever.categoryId ?? 0,
    currencyId: lever.currencyId ?? 0,
    ...(lever.vatId ? { vatId: lever.vatId } : {}),
    ...(lever.vatIncluded ? { vatIncluded: true } : {}),
  };
}
