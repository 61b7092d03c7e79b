import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';

/**
 * A fresh database for one test file: a copy of the PGlite template in memory, or, when
 * DATABASE_URL is set, a new PostgreSQL database that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = await readFile(inject('pgliteTemplate'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]) });
  }
  const fresh = await createPostgresDatabase(url);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/** A new, empty PostgreSQL database next to the one `url` names: its address, and how to drop it. */
export async function createPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `saldopilot_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create database ${name}`));
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    url: databaseUrl.toString(),
    async drop() {
      await withAdminClient(url, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
