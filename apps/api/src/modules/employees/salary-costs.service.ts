import {
  baseCostErrors,
  calculatedCostFields,
  describePage,
  employeeMessages,
  salaryCostMessages,
  salaryCostShapeErrors,
  salaryMessages,
  type SalaryCost,
  type SalaryCostCopy,
  type SalaryCostCreate,
  type SalaryCostList,
  type SalaryCostListQuery,
  type SalaryCostsCreated,
  type SalaryCostUpdate,
  type SalaryCostPresets,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound, validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import { findLabel } from './salary-cost-labels.repository.js';
import { presetCostRows } from './salary-cost-presets.js';
import {
  costIdsOfSalary,
  countCosts,
  deleteCost,
  deleteCostsOfSalary,
  detailsOf,
  findCosts,
  findSalaryOfCosts,
  insertCosts,
  insertLinks,
  listCosts,
  replaceBases,
  salaryCostShapes,
  updateCost,
  type CostRow,
  type CostValues,
} from './salary-costs.repository.js';
import { ensureFreshSchedules, lockOrganisationSchedules, recomputeSalarySchedules } from './salary-schedules.js';

/** The id a cost not yet saved has while its bases are checked. */
const NEW_COST = -1;

export type SalaryCostsService = ReturnType<typeof createSalaryCostsService>;

/**
 * Costs on a salary (docs/salary-costs.md "Cost amounts", "Calculated fields"): fixed amounts or
 * percentages of the gross or of other costs, borne by the employee, the employer or both. Every
 * change recomputes the salary's schedules, deductions and employer costs in the change's database
 * transaction; answers carry the calculated fields (skip-previous, `includePast` include-previous).
 */
export function createSalaryCostsService(deps: { db: AppDatabase; clock: Clock }) {
  const { db, clock } = deps;

  /** Maps cost rows (their bases included) with their stored schedules to answers (one query for any number). */
  async function toCosts(reader: AppDatabase, rows: CostRow[], includePast: boolean): Promise<SalaryCost[]> {
    const details = await detailsOf(
      reader,
      rows.map((row) => row.id),
    );
    const today = clock.today();
    const mode = includePast ? 'include-previous' : 'skip-previous';
    return rows.map((row) => {
      const schedule = details
        .filter((detail) => detail.costId === row.id)
        .map(({ month, amount, divider, isExtraMonth }) => ({ month, amount, divider, isExtraMonth }));
      return {
        id: row.id,
        salaryId: row.salaryId,
        label: row.labelId === null || row.labelName === null ? null : { id: row.labelId, name: row.labelName },
        cycle: row.cycle,
        amountType: row.amountType,
        amount: row.amount,
        distributionType: row.distributionType,
        fund: row.fund,
        relativeOffset: row.relativeOffset,
        targetDate: row.targetDate,
        baseSalaryCostIDs: row.baseCostIds,
        ...calculatedCostFields(schedule, today, mode),
        calculatedCostDetails: schedule,
      };
    });
  }

  async function costsById(tenant: Tenant, ids: number[], database: AppDatabase = db): Promise<SalaryCost[]> {
    return toCosts(database, await findCosts(database, tenant.organisationId, ids), false);
  }

  /** The salary costs are added to: 404 when not the organisation's, 400 for a termination. */
  async function requireCostSalary(tx: AppDatabase, tenant: Tenant, salaryId: number) {
    const salary = await findSalaryOfCosts(tx, tenant.organisationId, salaryId);
    if (!salary) throw notFound(salaryMessages.notFound);
    if (salary.isTermination) {
      throw new AppError('VALIDATION_FAILED', salaryCostMessages.terminationHasNoCosts, {
        fields: { salaryId: salaryCostMessages.terminationHasNoCosts },
      });
    }
    return salary;
  }

  /** 400 naming `birthDate` when a BVG-minimum cost would land on a salary whose employee has none. */
  async function requireBirthDateForBvg(
    tx: AppDatabase,
    tenant: Tenant,
    salaryId: number,
    rows: readonly { amountType: CostValues['amountType'] }[],
  ): Promise<void> {
    if (!rows.some((row) => row.amountType === 'bvgMinimum')) return;
    const salary = await findSalaryOfCosts(tx, tenant.organisationId, salaryId);
    if (salary && salary.birthDate === null) {
      throw validationFailed({ birthDate: employeeMessages.birthDateRequiredForBvg });
    }
  }

  async function requireLabel(tx: AppDatabase, tenant: Tenant, labelId: number | null | undefined): Promise<void> {
    if (typeof labelId === 'number' && !(await findLabel(tx, tenant.organisationId, labelId))) {
      throw validationFailed({ labelId: salaryCostMessages.invalidLabel });
    }
  }

  /**
   * 400 when the cost `costId`, saved as `cost`, would have bases the rules refuse
   * (docs/salary-costs.md "Cost amounts").
   */
  async function requireValidBases(
    tx: AppDatabase,
    tenant: Tenant,
    salaryId: number,
    cost: {
      id: number;
      amountType: CostValues['amountType'];
      amount: number;
      distributionType: CostValues['distributionType'];
      baseSalaryCostIDs: number[];
    },
  ): Promise<void> {
    const others = (await salaryCostShapes(tx, tenant.organisationId, salaryId)).filter((row) => row.id !== cost.id);
    const error =
      baseCostErrors([...others, cost]).find((problem) => problem.costId === cost.id) ??
      baseCostErrors([...others, cost])[0];
    if (error) throw validationFailed({ baseSalaryCostIDs: error.message });
  }

  /** Copies `sourceIds` (costs of the organisation) onto the salary, remapping links among them. */
  async function copyCosts(tx: AppDatabase, tenant: Tenant, salaryId: number, sourceIds: number[]): Promise<number[]> {
    const sources = await findCosts(tx, tenant.organisationId, sourceIds);
    const newIds = await insertCosts(
      tx,
      tenant.organisationId,
      salaryId,
      sources.map((row) => ({
        labelId: row.labelId,
        cycle: row.cycle,
        amountType: row.amountType,
        amount: row.amount,
        distributionType: row.distributionType,
        fund: row.fund,
        relativeOffset: row.relativeOffset,
        targetDate: row.targetDate,
      })),
    );
    const copyOf = new Map(sources.map((row, index) => [row.id, newIds[index]!] as const));
    await insertLinks(
      tx,
      sources.flatMap((row) =>
        row.baseCostIds
          .filter((baseId) => copyOf.has(baseId))
          .map((baseId) => ({ costId: copyOf.get(row.id)!, baseCostId: copyOf.get(baseId)! })),
      ),
    );
    return newIds;
  }

  return {
    async list(tenant: Tenant, salaryId: number, query: SalaryCostListQuery): Promise<SalaryCostList> {
      await ensureFreshSchedules(db, tenant.organisationId, clock.today());
      const rows = await listCosts(db, tenant.organisationId, salaryId, query);
      // Only an empty page asks whether the salary exists at all (404) or has no costs (there).
      if (!rows[0] && !(await findSalaryOfCosts(db, tenant.organisationId, salaryId))) {
        throw notFound(salaryMessages.notFound);
      }
      const totalCount =
        rows[0]?.totalCount ?? (query.page > 1 ? await countCosts(db, tenant.organisationId, salaryId) : 0);
      return {
        data: await toCosts(db, rows, query.includePast ?? false),
        pagination: describePage(query, totalCount),
      };
    },

    async get(tenant: Tenant, id: number, includePast = false): Promise<SalaryCost> {
      await ensureFreshSchedules(db, tenant.organisationId, clock.today());
      const [row] = await findCosts(db, tenant.organisationId, [id]);
      if (!row) throw notFound(salaryCostMessages.notFound);
      const [cost] = await toCosts(db, [row], includePast);
      return cost!;
    },

    async create(tenant: Tenant, salaryId: number, input: SalaryCostCreate): Promise<SalaryCost> {
      // Answered from inside the transaction: a committed create is never answered 503 (docs/api.md "Writes").
      return db.transaction(async (tx) => {
        await lockOrganisationSchedules(tx, tenant.organisationId);
        await requireCostSalary(tx, tenant, salaryId);
        await requireLabel(tx, tenant, input.labelId);
        const bases = input.baseSalaryCostIDs ?? [];
        await requireValidBases(tx, tenant, salaryId, { ...input, id: NEW_COST, baseSalaryCostIDs: bases });
        await requireBirthDateForBvg(tx, tenant, salaryId, [input]);
        const [created] = await insertCosts(tx, tenant.organisationId, salaryId, [
          {
            labelId: input.labelId ?? null,
            cycle: input.cycle,
            amountType: input.amountType,
            amount: input.amount,
            distributionType: input.distributionType,
            fund: input.fund ?? 'direct',
            relativeOffset: input.relativeOffset,
            targetDate: input.targetDate ?? null,
          },
        ]);
        await replaceBases(tx, created!, bases);
        await recomputeSalarySchedules(tx, tenant.organisationId, [salaryId], clock.today());
        const [cost] = await costsById(tenant, [created!], tx);
        return cost!;
      });
    },

    /** A true partial update; the rules across fields are checked on the merged cost. */
    async update(tenant: Tenant, id: number, update: SalaryCostUpdate): Promise<SalaryCost> {
      await db.transaction(async (tx) => {
        await lockOrganisationSchedules(tx, tenant.organisationId);
        const [stored] = await findCosts(tx, tenant.organisationId, [id]);
        if (!stored) throw notFound(salaryCostMessages.notFound);
        const changes = Object.fromEntries(
          Object.entries({
            labelId: update.labelId,
            cycle: update.cycle,
            amountType: update.amountType,
            amount: update.amount,
            distributionType: update.distributionType,
            fund: update.fund,
            relativeOffset: update.relativeOffset,
            targetDate: update.targetDate,
          }).filter(([, value]) => value !== undefined),
        ) as Partial<CostValues>;
        const merged = { ...stored, ...changes, baseSalaryCostIDs: update.baseSalaryCostIDs ?? stored.baseCostIds };
        const shape = salaryCostShapeErrors(merged);
        if (Object.keys(shape).length > 0) throw validationFailed(shape);
        await requireLabel(tx, tenant, update.labelId);
        // The base rules read only the amount types and the links: the stored ones passed them.
        if (update.amountType !== undefined || update.baseSalaryCostIDs !== undefined) {
          await requireValidBases(tx, tenant, stored.salaryId, { ...merged, id });
        }
        if (update.amountType !== undefined) await requireBirthDateForBvg(tx, tenant, stored.salaryId, [merged]);
        await updateCost(tx, tenant.organisationId, id, changes);
        if (update.baseSalaryCostIDs !== undefined) await replaceBases(tx, id, update.baseSalaryCostIDs);
        await recomputeSalarySchedules(tx, tenant.organisationId, [stored.salaryId], clock.today());
      });
      const [cost] = await costsById(tenant, [id]);
      return cost!;
    },

    /** Deletes a cost; costs based on it lose that base. */
    async remove(tenant: Tenant, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockOrganisationSchedules(tx, tenant.organisationId);
        const [stored] = await findCosts(tx, tenant.organisationId, [id]);
        if (!stored) throw notFound(salaryCostMessages.notFound);
        await deleteCost(tx, tenant.organisationId, id);
        await recomputeSalarySchedules(tx, tenant.organisationId, [stored.salaryId], clock.today());
      });
    },

    /**
     * `{ ids }` appends copies of these costs; `{ sourceSalaryId }` replaces the salary's costs by
     * copies of that salary's. A source of another organisation is a 404 and nothing is copied.
     */
    async copy(tenant: Tenant, salaryId: number, request: SalaryCostCopy): Promise<SalaryCostsCreated> {
      const ids = await db.transaction(async (tx) => {
        await lockOrganisationSchedules(tx, tenant.organisationId);
        await requireCostSalary(tx, tenant, salaryId);
        let sourceIds: number[];
        if (request.sourceSalaryId !== undefined) {
          if (request.sourceSalaryId === salaryId) {
            throw validationFailed({ sourceSalaryId: salaryCostMessages.copyFromItself });
          }
          if (!(await findSalaryOfCosts(tx, tenant.organisationId, request.sourceSalaryId))) {
            throw notFound(salaryMessages.notFound);
          }
          sourceIds = await costIdsOfSalary(tx, tenant.organisationId, request.sourceSalaryId);
          await deleteCostsOfSalary(tx, tenant.organisationId, salaryId);
        } else {
          sourceIds = request.ids ?? [];
          const found = await findCosts(tx, tenant.organisationId, sourceIds);
          if (found.length !== sourceIds.length) throw notFound(salaryCostMessages.notFound);
        }
        await requireBirthDateForBvg(tx, tenant, salaryId, await findCosts(tx, tenant.organisationId, sourceIds));
        const created = await copyCosts(tx, tenant, salaryId, sourceIds);
        await recomputeSalarySchedules(tx, tenant.organisationId, [salaryId], clock.today());
        return created;
      });
      return { costs: await costsById(tenant, ids), notes: [] };
    },

    /** Adds the chosen Swiss contributions as ordinary costs (labels created when missing). */
    async addPresets(tenant: Tenant, salaryId: number, request: SalaryCostPresets): Promise<SalaryCostsCreated> {
      const { ids, notes } = await db.transaction(async (tx) => {
        await lockOrganisationSchedules(tx, tenant.organisationId);
        const salary = await requireCostSalary(tx, tenant, salaryId);
        const { rows, notes: presetNotes } = await presetCostRows(tx, tenant.organisationId, salary, request.items);
        await requireBirthDateForBvg(tx, tenant, salaryId, rows);
        const created = await insertCosts(tx, tenant.organisationId, salaryId, rows);
        await recomputeSalarySchedules(tx, tenant.organisationId, [salaryId], clock.today());
        return { ids: created, notes: presetNotes };
      });
      return { costs: await costsById(tenant, ids), notes };
    },
  };
}
