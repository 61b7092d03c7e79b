import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { prepareDatabase } from './prepare.js';
import { currencies } from './schema/index.js';
import { createPostgresDatabase } from '../test/test-database.js';

const url = process.env.DATABASE_URL;

describe.runIf(url)('instances starting together on one PostgreSQL', () => {
  it('migrate and seed one after the other: all start, the data is there once', async () => {
    const fresh = await createPostgresDatabase(url!);
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: fresh.url })));
    try {
      await Promise.all(instances.map((database) => prepareDatabase(database, { demoAccount: true })));
      const chf = await instances[0]!.db.$count(currencies);
      expect(chf).toBeGreaterThan(150);
    } finally {
      await Promise.all(instances.map((database) => database.close()));
      await fresh.drop();
    }
  });
});
