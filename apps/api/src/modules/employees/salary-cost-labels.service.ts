import {
  describePage,
  salaryCostLabelMessages,
  type SalaryCostLabel,
  type SalaryCostLabelCreate,
  type SalaryCostLabelList,
  type SalaryCostLabelListQuery,
  type SalaryCostLabelUpdate,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { lockOrganisationNames } from '../../lib/name-lock.js';
import type { Tenant } from '../../lib/tenant.js';
import {
  deleteLabel,
  findLabel,
  insertLabel,
  labelNameTaken,
  listLabels,
  renameLabel,
} from './salary-cost-labels.repository.js';

function duplicate(): AppError {
  return new AppError('CONFLICT', salaryCostLabelMessages.duplicate, {
    fields: { name: salaryCostLabelMessages.duplicate },
  });
}

export type SalaryCostLabelsService = ReturnType<typeof createSalaryCostLabelsService>;

/** Labels of salary costs ("AHV/IV/EO", "BVG", …), unique per organisation (409 otherwise). */
export function createSalaryCostLabelsService(deps: { db: AppDatabase }) {
  const { db } = deps;

  async function getOne(tenant: Tenant, id: number): Promise<SalaryCostLabel> {
    const row = await findLabel(db, tenant.organisationId, id);
    if (!row) throw notFound(salaryCostLabelMessages.notFound);
    return row;
  }

  return {
    async list(tenant: Tenant, query: SalaryCostLabelListQuery): Promise<SalaryCostLabelList> {
      const { rows, totalCount } = await listLabels(db, tenant.organisationId, query);
      return { data: rows.map(({ id, name }) => ({ id, name })), pagination: describePage(query, totalCount) };
    },

    get: getOne,

    async create(tenant: Tenant, input: SalaryCostLabelCreate): Promise<SalaryCostLabel> {
      return db.transaction(async (tx) => {
        await lockOrganisationNames(tx, tenant.organisationId);
        if (await labelNameTaken(tx, tenant.organisationId, input.name)) throw duplicate();
        return { id: await insertLabel(tx, tenant.organisationId, input.name), name: input.name };
      });
    },

    async update(tenant: Tenant, id: number, input: SalaryCostLabelUpdate): Promise<SalaryCostLabel> {
      return db.transaction(async (tx) => {
        await lockOrganisationNames(tx, tenant.organisationId);
        if (!(await findLabel(tx, tenant.organisationId, id))) throw notFound(salaryCostLabelMessages.notFound);
        if (await labelNameTaken(tx, tenant.organisationId, input.name, id)) throw duplicate();
        await renameLabel(tx, tenant.organisationId, id, input.name);
        return { id, name: input.name };
      });
    },

    /** Deletes a label; the costs that had it show "<Kein Label>". */
    async remove(tenant: Tenant, id: number): Promise<void> {
      if (!(await deleteLabel(db, tenant.organisationId, id))) throw notFound(salaryCostLabelMessages.notFound);
    },
  };
}
