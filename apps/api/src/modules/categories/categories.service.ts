import {
  describePage,
  type Affected,
  type Category,
  type CategoryCreate,
  type CategoryList,
  type CategoryReassign,
  type PageQuery,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound, validationFailed } from '../../lib/app-error.js';
import type { Tenant } from '../../lib/tenant.js';
import { lockOrganisationNames } from '../../lib/name-lock.js';
import {
  deleteCategory,
  findCategoryNamed,
  findVisibleCategory,
  insertCategory,
  isCategoryReferenced,
  listVisibleCategories,
  moveTransactions,
  renameCategory,
  type CategoryRow,
} from './categories.repository.js';

export const categoryMessages = {
  notFound: 'Die Kategorie wurde nicht gefunden.',
  duplicate: 'Kategorie existiert bereits',
  systemEdit: 'System-Kategorien können nicht bearbeitet werden',
  systemDelete: 'System-Kategorien können nicht gelöscht werden',
  inUse: 'Diese Kategorie wird noch von Transaktionen verwendet und kann nicht gelöscht werden',
  invalidTarget: 'Ungültige Kategorie',
  sameTarget: 'Die Ersatzkategorie muss eine andere Kategorie sein',
} as const;

function toCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, canEdit: row.organisationId !== null, inUse: row.inUse };
}

function targetError(message: string): AppError {
  return validationFailed({ targetId: message });
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;

/**
 * Categories: the system ones (read-only for everyone) and each organisation's own. Names are
 * unique per organisation ignoring case, also against the system names, so a select never shows
 * two entries that read alike. Another organisation's category is "not found" (404).
 */
export function createCategoriesService(db: AppDatabase) {
  async function visible(tenant: Tenant, id: number, database = db, lock?: 'update' | 'share') {
    const row = await findVisibleCategory(database, tenant.organisationId, id, lock);
    if (!row) throw notFound(categoryMessages.notFound);
    return row;
  }

  async function requireFreeName(tx: AppDatabase, tenant: Tenant, name: string, exceptId?: number) {
    await lockOrganisationNames(tx, tenant.organisationId);
    if (await findCategoryNamed(tx, tenant.organisationId, name, exceptId)) {
      throw new AppError('CONFLICT', categoryMessages.duplicate, { fields: { name: categoryMessages.duplicate } });
    }
  }

  /** Deletes an own, unused category; the caller's transaction holds it locked for update. */
  async function deleteLocked(tx: AppDatabase, tenant: Tenant, row: CategoryRow) {
    if (row.organisationId === null) throw new AppError('CONFLICT', categoryMessages.systemDelete);
    if (await isCategoryReferenced(tx, row.id)) throw new AppError('CONFLICT', categoryMessages.inUse);
    await deleteCategory(tx, tenant.organisationId, row.id);
  }

  return {
    /**
     * Whether the category is one the organisation may use (a system one or its own), read in the
     * caller's transaction `reader` (`lock`: held until it ends): for the areas that assign one.
     */
    async isVisible(reader: AppDatabase, tenant: Tenant, id: number, lock?: 'update' | 'share'): Promise<boolean> {
      return (await findVisibleCategory(reader, tenant.organisationId, id, lock)) !== undefined;
    },

    /** One page of the system and own categories in German name order, with `canEdit` and `inUse`. */
    async list(tenant: Tenant, query: PageQuery): Promise<CategoryList> {
      const { rows, totalCount } = await listVisibleCategories(db, tenant.organisationId, query);
      return { data: rows.map(toCategory), pagination: describePage(query, totalCount) };
    },

    /** One visible category; 404 otherwise. */
    async get(tenant: Tenant, id: number): Promise<Category> {
      return toCategory(await visible(tenant, id));
    },

    /** Creates an own category; 409 when a visible one has the same name (ignoring case). */
    async create(tenant: Tenant, input: CategoryCreate): Promise<Category> {
      // Answered from inside the transaction: a committed create is never answered 503 (docs/api.md "Writes").
      return db.transaction(async (tx) => {
        await requireFreeName(tx, tenant, input.name);
        return toCategory(await visible(tenant, await insertCategory(tx, tenant.organisationId, input.name), tx));
      });
    },

    /**
     * The id of the visible category named `name` (ignoring case), created as an own one when there
     * is none: for promote, whose loan rows carry the categories the scenario showed.
     */
    async ensureNamed(tenant: Tenant, name: string): Promise<number> {
      return db.transaction(async (tx) => {
        await lockOrganisationNames(tx, tenant.organisationId);
        const found = await findCategoryNamed(tx, tenant.organisationId, name);
        return found ? found.id : insertCategory(tx, tenant.organisationId, name);
      });
    },

    /** Renames an own category; 409 for a system one or a name taken by another category. */
    async update(tenant: Tenant, id: number, input: CategoryCreate): Promise<Category> {
      await db.transaction(async (tx) => {
        const row = await visible(tenant, id, tx);
        if (row.organisationId === null) throw new AppError('CONFLICT', categoryMessages.systemEdit);
        await requireFreeName(tx, tenant, input.name, id);
        await renameCategory(tx, tenant.organisationId, id, input.name);
      });
      return toCategory(await visible(tenant, id));
    },

    /** Deletes an own category that no transaction uses (409 otherwise: reassign first). */
    async remove(tenant: Tenant, id: number): Promise<void> {
      await db.transaction(async (tx) => deleteLocked(tx, tenant, await visible(tenant, id, tx, 'update')));
    },

    /**
     * Moves the organisation's transactions of category `id` to `targetId` (visible, not the same:
     * else 400 naming targetId) and answers how many moved. With `deleteAfter` the category is then
     * deleted in the same database transaction: if it cannot be (a system category), nothing moves.
     */
    async reassign(tenant: Tenant, id: number, input: CategoryReassign): Promise<Affected> {
      return db.transaction(async (tx) => {
        const source = await visible(tenant, id, tx, input.deleteAfter ? 'update' : undefined);
        if (input.deleteAfter && source.organisationId === null) {
          throw new AppError('CONFLICT', categoryMessages.systemDelete);
        }
        if (input.targetId === id) throw targetError(categoryMessages.sameTarget);
        const target = await findVisibleCategory(tx, tenant.organisationId, input.targetId, 'share');
        if (!target) throw targetError(categoryMessages.invalidTarget);
        const affected = await moveTransactions(tx, tenant.organisationId, id, target.id);
        if (input.deleteAfter) await deleteLocked(tx, tenant, source);
        return { affected };
      });
    },
  };
}
