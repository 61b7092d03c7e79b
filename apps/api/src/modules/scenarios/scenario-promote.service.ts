import {
  addDays,
  scenarioMessages,
  type LeverInput,
  type PromoteConflict,
  type PromoteRequest,
  type PromoteResult,
  type Transaction,
  type TransactionCreate,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound, validationFailed } from '../../lib/app-error.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { createTransactionsService } from '../transactions/transactions.service.js';
import { createVatSettingsService } from '../forecasts/vat-settings.service.js';
import {
  deleteLevers,
  findScenario,
  listLevers,
  touchScenario,
  transactionSnapshot,
  updateLever,
  type LeverRow,
} from './scenarios.repository.js';

/** The kinds of levers promote turns into base rows so far (docs/scenarios.md "Promote"). */
const PROMOTABLE = new Set(['oneOff', 'transaction', 'customer', 'vat']);
export const promoteMessages = {
  notPromotable:
    'Dieser Hebel kann noch nicht in die Basis übernommen werden (Neue Stelle, Austritt, Lohnänderung, Verzug, Prozent und Darlehen folgen)',
  categoryRequired: 'Für die Übernahme braucht die einmalige Zahlung eine Kategorie',
  targetDeleted: 'Ziel gelöscht: dieser Hebel kann nicht übernommen werden',
} as const;

/** The fields of the targeted transaction a lever sets (the three-way check compares these). */
function fieldsSet(lever: LeverInput): Record<string, unknown> {
  if (lever.type === 'transaction' && lever.action === 'change') {
    return {
      ...(lever.amount === undefined ? {} : { amount: lever.amount }),
      ...(lever.cycle === undefined ? {} : { cycle: lever.cycle }),
      ...(lever.endDate === undefined ? {} : { endDate: lever.endDate }),
    };
  }
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
export function createScenarioPromoteService(deps: { db: AppDatabase; clock: Clock; reference: ReferenceService }) {
  const { db, clock, reference } = deps;

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
        const unpromotable = chosen.find((row) => !PROMOTABLE.has(row.type));
        if (unpromotable) throw validationFailed({ [`levers.${unpromotable.id}`]: promoteMessages.notPromotable });

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
        for (const row of chosen) {
          const lever = row.payload as LeverInput;
          const sets = fieldsSet(lever);
          const transactionId = (lever as { transactionId?: number }).transactionId;
          const current =
            transactionId === undefined ? null : await transactionSnapshot(tx, tenant.organisationId, transactionId);
          if (transactionId !== undefined && current === null) {
            throw validationFailed({ [`levers.${row.id}`]: promoteMessages.targetDeleted });
          }
          const apply: Record<string, unknown> = {};
          for (const [field, value] of Object.entries(sets)) {
            const original = row.original?.[field];
            const now = current?.[field];
            const decided = choice.get(`${row.id}/${field}`);
            if (decided === 'base') continue;
            if (decided !== 'scenario' && row.original !== null && now !== original) {
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

        const transactions = createTransactionsService({ db: tx, clock, reference });
        const vatSettings = createVatSettingsService({ db: tx, clock });
        for (const { lever, apply } of plans) await promoteOne(tenant, lever, apply, transactions, vatSettings);

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

async function promoteOne(
  tenant: Tenant,
  lever: LeverInput,
  apply: Record<string, unknown>,
  transactions: ReturnType<typeof createTransactionsService>,
  vatSettings: ReturnType<typeof createVatSettingsService>,
): Promise<void> {
  switch (lever.type) {
    case 'oneOff':
      if (!lever.categoryId) throw validationFailed({ categoryId: promoteMessages.categoryRequired });
      await transactions.create(tenant, {
        name: lever.name,
        amount: lever.amount,
        type: 'single',
        startDate: lever.date,
        categoryId: lever.categoryId,
        currencyId: lever.currencyId,
      });
      return;
    case 'vat':
      await vatSettings.put(tenant, lever.setting);
      return;
    case 'customer':
      if (lever.action === 'win') {
        await transactions.create(tenant, newTransaction({ ...lever, startDate: lever.from }));
        return;
      }
      await stopOrChange(tenant, lever.transactionId, lever.from, apply, transactions, false);
      return;
    case 'transaction':
      if (lever.action === 'add') {
        await transactions.create(tenant, newTransaction({ ...lever, startDate: lever.startDate ?? lever.from ?? '' }));
        return;
      }
      await stopOrChange(
        tenant,
        lever.transactionId,
        lever.from as string,
        apply,
        transactions,
        lever.action === 'change',
      );
      return;
    default:
      throw new AppError('VALIDATION_FAILED', promoteMessages.notPromotable);
  }
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
  };
}

/**
 * A stop ends the base transaction the day before the lever's date; a change does that too and adds
 * the changed transaction from the date, with the fields the check let through.
 */
async function stopOrChange(
  tenant: Tenant,
  transactionId: number | undefined,
  from: string,
  apply: Record<string, unknown>,
  transactions: ReturnType<typeof createTransactionsService>,
  change: boolean,
): Promise<void> {
  if (transactionId === undefined) return;
  const base: Transaction = await transactions.get(tenant, transactionId);
  if (!change) {
    if (apply.endDate === undefined) return;
    if (base.startDate >= from) await transactions.update(tenant, transactionId, { isDisabled: true });
    else if (base.type === 'repeating')
      await transactions.update(tenant, transactionId, { endDate: addDays(from, -1) });
    return;
  }
  const cycle = (apply.cycle as TransactionCreate['cycle']) ?? base.cycle;
  const next: TransactionCreate = {
    name: base.name,
    amount: (apply.amount as number | undefined) ?? base.amount,
    type: cycle ? 'repeating' : 'single',
    cycle: cycle ?? null,
    startDate: base.startDate >= from ? base.startDate : from,
    ...(cycle ? { endDate: apply.endDate === undefined ? base.endDate : (apply.endDate as string | null) } : {}),
    categoryId: base.category.id,
    currencyId: base.currency.id,
    vatId: base.vat?.id ?? null,
    vatIncluded: base.vatIncluded,
    employeeId: base.employee?.id ?? null,
    bankAccountId: base.bankAccountId,
  };
  if (base.startDate >= from) {
    await transactions.update(tenant, transactionId, next);
    return;
  }
  if (base.type === 'repeating') await transactions.update(tenant, transactionId, { endDate: addDays(from, -1) });
  await transactions.create(tenant, next);
}
