import { formatVatRate, type Affected, type Vat, type VatCreate } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { lockOrganisationNames } from '../../lib/name-lock.js';
import type { Tenant } from '../../lib/tenant.js';
import {
  countTransactionsWithVatRate,
  deleteVatRate,
  findVatRateWithValue,
  findVisibleVatRate,
  insertVatRate,
  listVisibleVatRates,
  updateVatRate,
  type VatRow,
} from './vats.repository.js';

export const vatMessages = {
  notFound: 'Die Mehrwertsteuer wurde nicht gefunden.',
  duplicate: 'Mehrwertsteuer existiert bereits',
  systemEdit: 'Vorgegebene Mehrwertsteuern können nicht bearbeitet werden',
  systemDelete: 'Vorgegebene Mehrwertsteuern können nicht gelöscht werden',
} as const;

/** A stored rate as the API answers it (also inside transactions). */
export function toVat(row: VatRow): Vat {
  return {
    id: row.id,
    value: row.value,
    formattedValue: formatVatRate(row.value),
    canEdit: row.organisationId !== null,
  };
}

export type VatsService = ReturnType<typeof createVatsService>;

/**
 * VAT rates: the Swiss system rates (read-only) and each organisation's own, unique by value
 * within what the organisation sees. Another organisation's rate is "not found" (404).
 */
export function createVatsService(db: AppDatabase) {
  async function visible(tenant: Tenant, id: number, database = db): Promise<VatRow> {
    const row = await findVisibleVatRate(database, tenant.organisationId, id);
    if (!row) throw notFound(vatMessages.notFound);
    return row;
  }

  async function requireOwn(tx: AppDatabase, tenant: Tenant, id: number, systemMessage: string) {
    const row = await visible(tenant, id, tx);
    if (row.organisationId === null) throw new AppError('CONFLICT', systemMessage);
  }

  async function requireFreeValue(tx: AppDatabase, tenant: Tenant, value: number, exceptId?: number) {
    await lockOrganisationNames(tx, tenant.organisationId);
    if (await findVatRateWithValue(tx, tenant.organisationId, value, exceptId)) {
      throw new AppError('CONFLICT', vatMessages.duplicate, { fields: { value: vatMessages.duplicate } });
    }
  }

  return {
    /** The system and own rates by value. */
    async list(tenant: Tenant): Promise<Vat[]> {
      return (await listVisibleVatRates(db, tenant.organisationId)).map(toVat);
    },

    /** One visible rate; 404 otherwise. */
    async get(tenant: Tenant, id: number): Promise<Vat> {
      return toVat(await visible(tenant, id));
    },

    /** Creates an own rate; 409 when a visible rate (own or system) has that value. */
    async create(tenant: Tenant, input: VatCreate): Promise<Vat> {
      // Answered from inside the transaction: a committed create is never answered 503 (docs/api.md "Writes").
      return db.transaction(async (tx) => {
        await requireFreeValue(tx, tenant, input.value);
        return toVat(await visible(tenant, await insertVatRate(tx, tenant.organisationId, input.value), tx));
      });
    },

    /** Changes an own rate; 409 for a system rate or a value another visible rate has. */
    async update(tenant: Tenant, id: number, input: VatCreate): Promise<Vat> {
      await db.transaction(async (tx) => {
        await requireOwn(tx, tenant, id, vatMessages.systemEdit);
        await requireFreeValue(tx, tenant, input.value, id);
        await updateVatRate(tx, tenant.organisationId, id, input.value);
      });
      return toVat(await visible(tenant, id));
    },

    /** Deletes an own rate; transactions using it keep their amount and lose the rate. */
    async remove(tenant: Tenant, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await requireOwn(tx, tenant, id, vatMessages.systemDelete);
        await deleteVatRate(tx, tenant.organisationId, id);
      });
    },

    /** How many of the organisation's transactions use a visible rate ("… wird von N Transaktionen verwendet"). */
    async usage(tenant: Tenant, id: number): Promise<Affected> {
      await visible(tenant, id);
      return { affected: await countTransactionsWithVatRate(db, tenant.organisationId, id) };
    },
  };
}
