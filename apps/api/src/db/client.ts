import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
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
  /**
   * Receives the NOTIFY messages of `channel` (the change bus, `lib/change-bus.ts`). PostgreSQL: a
   * dedicated client outside the pool, since a LISTEN lives as long as its connection; `onLost` is
   * called once when that connection breaks (then it is closed; listen again). PGlite: the embedded
   * database itself, shared by every app that opened this object, which never loses it.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<Listener>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, used as the test template. */
  dumpDataDir?(): Promise<Blob>;
}

export interface Listener {
  /** The server process that listens (PostgreSQL's `pg_backend_pid()`). */
  pid: number;
  close(): Promise<void>;
}

/** The `application_name` of every listener connection: the change bus counts them (`lib/change-bus.ts`). */
export const LISTENER_NAME = 'saldopilot-listener';

type LockQuery = (text: string, key: number) => Promise<{ locked?: boolean }>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; connectTimeoutMs?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** How long a request waits for a connection before it fails (503) instead of hanging on a dead server. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Opens the database: PostgreSQL through a `pg` pool, or embedded PGlite (in memory without a dir). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target) : openPglite(target);
}

async function openPostgres({
  url,
  poolSize = 10,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
}: Extract<DatabaseTarget, { kind: 'postgres' }>): Promise<Database> {
  // Loaded when used: an installation on PGlite never needs the driver (docs/deploy.md "Cold start").
  const [{ default: pg }, { drizzle: drizzlePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: connectTimeoutMs });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one (a transaction, a lock holder) whose server goes away between two of
  // its queries: pg emits 'error' on it then, which without a listener ends the process. Its next
  // query fails instead, and the pool drops it on release as no longer queryable.
  pool.on('connect', (client) => client.on('error', () => undefined));

  /**
   * Runs `use` with lock queries on one connection of its own. A connection whose lock query failed
   * is closed rather than reused: if it still holds a session lock, that lock ends with it.
   */
  async function withLockConnection<T>(use: (lockQuery: LockQuery) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      return await use(async (text, key) => {
        try {
          return (await client.query<{ locked?: boolean }>(text, [key])).rows[0] ?? {};
        } catch (error) {
          broken = true;
          throw error;
        }
      });
    } finally {
      client.release(broken);
    }
  }

  return {
    db: drizzlePostgres({ client: pool, schema }) as unknown as AppDatabase,
    kind: 'postgres',
    // Session-level locks on one dedicated connection: the lock lives exactly as long as the work.
    // The work itself runs on the pool. If the lock connection dies meanwhile (PostgreSQL restarts),
    // the server has dropped the lock already: the unlock fails, the connection is closed, and the
    // work's own result (or error) stands; a job that failed runs again at its next turn.
    runExclusively(key, work) {
      return withLockConnection(async (lockQuery) => {
        const { locked } = await lockQuery('select pg_try_advisory_lock($1) as locked', key);
        if (!locked) return { ran: false };
        try {
          return { ran: true, value: await work() };
        } finally {
          await lockQuery('select pg_advisory_unlock($1)', key).catch(() => undefined);
        }
      });
    },
    runAlone(key, work) {
      return withLockConnection(async (lockQuery) => {
        await lockQuery('select pg_advisory_lock($1)', key);
        try {
          return await work();
        } finally {
          await lockQuery('select pg_advisory_unlock($1)', key).catch(() => undefined);
        }
      });
    },
    async listen(channel, onMessage, onLost) {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: connectTimeoutMs,
        // A dead peer without a closing packet (a cut network) is noticed by TCP keepalive.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        application_name: LISTENER_NAME,
      });
      let lost = false;
      const lose = (error: Error) => {
        if (lost) return;
        lost = true;
        client.end().catch(() => undefined);
        onLost(error);
      };
      client.on('error', lose);
      client.on('end', () => lose(new Error('listener connection ended')));
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
      });
      try {
        await client.connect();
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        return {
          pid: rows[0]!.pid,
          close: async () => {
            lost = true;
            await client.end().catch(() => undefined);
          },
        };
      } catch (error) {
        lost = true;
        await client.end().catch(() => undefined);
        throw error;
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
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      return { pid: rows[0]!.pid, close: () => unlisten().catch(() => undefined) };
    },
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
