import { asc } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { currencies } from '../../db/schema/index.js';

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
