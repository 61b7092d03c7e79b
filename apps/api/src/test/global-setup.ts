import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedReferenceData } from '../db/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database costs seconds; migrating and seeding one template once and loading
 * its dump per test file costs a fraction of that (docs/design.md "Testing").
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'saldopilot-template-'));
  const file = path.join(dir, 'template.tar');
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const dump = await database.dumpDataDir!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => rm(dir, { recursive: true, force: true });
}
