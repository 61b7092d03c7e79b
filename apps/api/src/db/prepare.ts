import type { Database } from './client.js';
import { migrateDatabase } from './migrate.js';
import { seedReferenceData } from './seed.js';

// Any constant works; it only has to be the same in every instance and unused elsewhere.
const PREPARE_LOCK = 4_711_002;

/**
 * Brings the database up to date at start: migrations and reference data (the development demo
 * data comes later, through the services: demo/demo-data.ts). Instances starting together on one
 * PostgreSQL do it one after the other, so neither trips over the other's half-applied migration.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.runAlone(PREPARE_LOCK, async () => {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
  });
}
