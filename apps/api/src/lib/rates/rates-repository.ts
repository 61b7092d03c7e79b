import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { eurRates as eurRatesTable } from '../../db/schema/index.js';

/** Marks rows that came from the bundled file, not from the live source. */
export const FALLBACK_SOURCE = 'fallback';

export interface StoredRates {
  eurRates: Record<string, number>;
  updatedAt: Record<string, Date>;
  /** When rates from the live source were last stored; undefined while only the fallback exists. */
  lastSourceUpdate?: Date;
}

/** Reads every stored EUR reference rate. */
export async function readStoredRates(db: AppDatabase): Promise<StoredRates> {
  const rows = await db.select().from(eurRatesTable);
  const stored: StoredRates = { eurRates: {}, updatedAt: {} };
  for (const row of rows) {
    stored.eurRates[row.currencyCode] = row.rate;
    stored.updatedAt[row.currencyCode] = row.updatedAt;
    if (row.source !== FALLBACK_SOURCE && row.updatedAt > (stored.lastSourceUpdate ?? new Date(0))) {
      stored.lastSourceUpdate = row.updatedAt;
    }
  }
  return stored;
}

/** Upserts rates in one transaction, so readers never see half an update. */
export async function storeRates(
  db: AppDatabase,
  input: {
    eurRates: Record<string, number>;
    rateDate: string;
    source: string;
    updatedAt: Date;
    onlyIfMissing?: boolean;
  },
): Promise<void> {
  const values = Object.entries(input.eurRates).map(([currencyCode, rate]) => ({
    currencyCode,
    rate,
    rateDate: input.rateDate,
    source: input.source,
    updatedAt: input.updatedAt,
  }));
  await db.transaction(async (tx) => {
    const insert = tx.insert(eurRatesTable).values(values);
    await (input.onlyIfMissing
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({
          target: eurRatesTable.currencyCode,
          set: {
            rate: sql`excluded.rate`,
            rateDate: sql`excluded.rate_date`,
            source: sql`excluded.source`,
            updatedAt: sql`excluded.updated_at`,
          },
        }));
  });
}
