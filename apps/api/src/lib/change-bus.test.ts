import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { LISTENER_NAME, openDatabase, type Database } from '../db/client.js';
import { createPostgresDatabase, openTestDatabase } from '../test/test-database.js';
import { CHANGE_CHANNEL, openChangeBus, type Change, type ChangeBus, type ChangeBusOptions } from './change-bus.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

/** A real pino logger writing into an array, so a test can read what the bus logged. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, messages: () => lines.map((line) => line.msg) };
}

/** What a subscriber heard: the changes, and `reset` where it was told to drop everything. */
function recorder(bus: ChangeBus) {
  const heard: (Change | 'reset')[] = [];
  bus.subscribe({ change: (change) => heard.push(change), reset: () => heard.push('reset') });
  return heard;
}

const userUpdated = (id: number): Change => ({ kind: 'user', action: 'updated', id });

const opened: ChangeBus[] = [];
async function bus(database: Database, options: Partial<ChangeBusOptions> = {}) {
  const changes = await openChangeBus(database, { log: recordingLogger().log, ...options });
  opened.push(changes);
  return changes;
}
afterEach(async () => {
  for (const changes of opened.splice(0)) await changes.close();
});

describe('the change bus on one database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('tells the other instance before publish returns, and this one exactly once', async () => {
    const [a, b] = [await bus(database), await bus(database)];
    expect([a.listening(), b.listening()]).toEqual([true, true]);
    const [onA, onB] = [recorder(a), recorder(b)];
    await a.publish(userUpdated(7));
    expect(onB).toEqual([userUpdated(7)]);
    expect(onA).toEqual([userUpdated(7)]);
    await b.publish({ kind: 'organisation', action: 'updated', id: 3, organisationId: 3, by: 7 });
    expect(onA).toEqual([userUpdated(7), { kind: 'organisation', action: 'updated', id: 3, organisationId: 3, by: 7 }]);
    expect(onB).toHaveLength(2);
  });

  it('hears nothing more after closing, and a closed bus still tells its own subscribers', async () => {
    const [a, b] = [await bus(database), await bus(database)];
    const [onA, onB] = [recorder(a), recorder(b)];
    await b.close();
    expect(b.listening()).toBe(false);
    await a.publish(userUpdated(8));
    await b.publish(userUpdated(9));
    expect(onA).toEqual([userUpdated(8)]);
    expect(onB).toEqual([userUpdated(9)]);
  });

  it('ignores foreign messages on its channel', async () => {
    const [a, b] = [await bus(database), await bus(database)];
    const onB = recorder(b);
    for (const payload of ['kein JSON', 'null', '{}', '{"change":{}}']) {
      await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
    }
    await a.publish(userUpdated(10));
    expect(onB).toEqual([userUpdated(10)]);
  });
});

// PostgreSQL only: a listener connection that goes away, or one that never confirms, needs a server.
const url = process.env.DATABASE_URL;
if (url) {
  describe('the change bus on PostgreSQL', () => {
    let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let database: Database;
    let admin: pg.Client;
    beforeAll(async () => {
      fresh = await createPostgresDatabase(url);
      database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 });
      admin = new pg.Client({ connectionString: fresh.url });
      await admin.connect();
    });
    afterAll(async () => {
      try {
        await admin?.end();
        await database?.close();
      } finally {
        await fresh?.drop();
      }
    });

    it('connects again after its connection was killed, drops the caches, and delivers again', async () => {
      const logger = recordingLogger();
      const a = await bus(database);
      const b = await bus(database, { log: logger.log, retryMs: { first: 20, max: 200 } });
      const onB = recorder(b);
      const killed = b.listenerPid()!;
      await admin.query('select pg_terminate_backend($1)', [killed]);
      await until(() => onB.length > 0);
      // Lost: whatever was published meanwhile is unknown, so the subscribers start over.
      expect(onB).toEqual(['reset']);
      await until(() => b.listening());
      expect(b.listenerPid()).not.toBe(killed);
      // Connected again: once more, since changes may have been published before the LISTEN.
      expect(onB).toEqual(['reset', 'reset']);
      await a.publish(userUpdated(11));
      expect(onB).toEqual(['reset', 'reset', userUpdated(11)]);
      expect(logger.messages()).toEqual([
        'change listener lost its database connection; reconnecting',
        'change listener connected again',
      ]);
    });

    it('answers after the bound when a listening instance never confirms, and says so in the log', async () => {
      const logger = recordingLogger();
      const a = await bus(database, { log: logger.log, confirmWaitMs: 300 });
      // A connection that counts as a listener (its name) but never confirms: a hung instance.
      const hung = new pg.Client({ connectionString: fresh.url, application_name: LISTENER_NAME });
      await hung.connect();
      try {
        const started = performance.now();
        await a.publish(userUpdated(12));
        const waited = performance.now() - started;
        expect(waited).toBeGreaterThanOrEqual(290);
        expect(waited).toBeLessThan(1_000);
        expect(logger.messages()).toEqual(['a change was not confirmed by every instance in time']);
      } finally {
        await hung.end();
      }
    });

    it('starts without a reachable database, logs once, and publishing neither waits nor throws', async () => {
      const logger = recordingLogger();
      const unreachable = await openDatabase({
        kind: 'postgres',
        url: 'postgres://postgres@127.0.0.1:9/none',
        connectTimeoutMs: 200,
      });
      try {
        const lonely = await bus(unreachable, { log: logger.log, retryMs: { first: 50, max: 100 } });
        const heard = recorder(lonely);
        expect(lonely.listening()).toBe(false);
        await lonely.publish(userUpdated(13));
        expect(heard).toEqual([userUpdated(13)]);
        await sleep(300); // several reconnect attempts
        expect(logger.messages()).toEqual([
          'change listener cannot connect; caches fall back to their time limit',
          'a change could not be sent to the other instances',
        ]);
      } finally {
        await unreachable.close();
      }
    });
  });
}
