import { asc, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { categories, currencies } from '../../db/schema/index.js';

/** All currencies, ordered by code. */
export function listCurrencies(db: AppDatabase) {
  return db
    .select({
      id: currencies.id,
      code: currencies.code,
      description: currencies.description,
      localeCode: currencies.localeCode,
    })
    .from(currencies)
    .orderBy(asc(currencies.code));
}

/** The categories everyone sees (the system ones); a few dozen rows at most. */
export function listSystemCategories(db: AppDatabase) {
  return db
    .select({ id: categories.id, name: categories.name, organisationId: categories.organisationId })
    .from(categories)
    .where(isNull(categories.organisationId));
}
