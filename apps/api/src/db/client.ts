import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

/** The typed query builder; the same for PGlite and PostgreSQL, so repositories don't care. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: AppDatabase;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` only if this process gets the advisory lock `key`, so that one instance of many
   * does a cluster-wide job. PGlite belongs to one process, so there an in-process flag suffices.
   */
  runExclusively<T>(key: number, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Runs `work` once no other instance runs work under `key` (waits for it, unlike runExclusively). */
  runAlone<T>(key: number, work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, used as the test template. */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Opens the database: PostgreSQL through a `pg` pool, or embedded PGlite (in memory without a dir). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize) : openPglite(target);
}

function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return {
    db: drizzlePostgres({ client: pool, schema }) as unknown as AppDatabase,
    kind: 'postgres',
    async runExclusively(key, work) {
      // Session-level lock on one dedicated connection: the lock lives exactly as long as the work.
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!rows[0]?.locked) return { ran: false };
        try {
          return { ran: true, value: await work() };
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async runAlone(key, work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const queues = new Map<number, Promise<void>>();
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const held = new Set<number>();
  return {
    db: drizzlePglite({ client, schema }) as unknown as AppDatabase,
    kind: 'pglite',
    async runExclusively(key, work) {
      if (held.has(key)) return { ran: false };
      held.add(key);
      try {
        return { ran: true, value: await work() };
      } finally {
        held.delete(key);
      }
    },
    // One process owns an embedded database: waiting for earlier work under the key is enough.
    runAlone(key, work) {
      const turn = (queues.get(key) ?? Promise.resolve()).then(work);
      queues.set(
        key,
        turn.then(
          () => undefined,
          () => undefined,
        ),
      );
      return turn;
    },
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
