import { sql } from 'drizzle-orm';
import { currencies as currencyDefinitions, systemCategoryNames, systemVatRates } from '@saldopilot/shared';
import type { AppDatabase } from './client.js';
import { categories, currencies, vatRates } from './schema/index.js';

/**
 * Writes the reference data every installation needs. Idempotent and safe when several instances
 * start at once: existing rows are updated or left alone, never duplicated.
 */
export async function seedReferenceData(db: AppDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(currencies)
      .values(
        currencyDefinitions.map(({ code, description, localeCode, minorUnits }) => ({
          code,
          description,
          localeCode,
          minorUnits,
        })),
      )
      .onConflictDoUpdate({
        target: currencies.code,
        set: {
          description: sql`excluded.description`,
          localeCode: sql`excluded.locale_code`,
          minorUnits: sql`excluded.minor_units`,
        },
      });
    await tx
      .insert(categories)
      .values(systemCategoryNames.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(vatRates)
      .values(systemVatRates.map((value) => ({ value })))
      .onConflictDoNothing();
  });
}
