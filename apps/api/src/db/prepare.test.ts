import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { prepareDatabase } from './prepare.js';
import { currencies } from './schema/index.js';
import { createPostgresDatabase } from '../test/test-database.js';

const url = process.env.DATABASE_URL;

/** Three instances on one new, empty database: three pools on PostgreSQL, one embedded PGlite. */
async function threeInstancesOnOneDatabase(): Promise<{ instances: Database[]; close(): Promise<void> }> {
  if (!url) {
    const embedded = await openDatabase({ kind: 'pglite' });
    return { instances: [embedded, embedded, embedded], close: () => embedded.close() };
  }
  const fresh = await createPostgresDatabase(url);
  const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: fresh.url })));
  return {
    instances,
    async close() {
      await Promise.all(instances.map((database) => database.close()));
      await fresh.drop();
    },
  };
}

describe('instances starting together on one database', () => {
  it('migrate and seed one after the other: all start, the data is there once', async () => {
    const { instances, close } = await threeInstancesOnOneDatabase();
    try {
      await Promise.all(instances.map((database) => prepareDatabase(database)));
      expect(await instances[0]!.db.$count(currencies)).toBeGreaterThan(150);
    } finally {
      await close();
    }
  });
});
