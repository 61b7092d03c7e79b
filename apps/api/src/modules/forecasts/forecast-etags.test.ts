import { describe, expect, it, vi } from 'vitest';
import { ForecastModel } from '@saldopilot/forecast';
import { useTestApp } from '../../test/build-test-app.js';
import { aTransaction } from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { stampOfEtag } from '../../plugins/etag.js';
import { openStream } from '../../test/event-stream.js';
import { addMember } from '../../test/tenants.js';

// docs/realtime.md "Stamps and ETags": every computed answer carries an ETag of the organisation's
// stamp and the request; If-None-Match of the current one answers 304 without computing, and
// concurrent requests for the same answer compute it once.

const app = useTestApp();

const READS = [
  '/api/forecasts?months=13&performance=100',
  '/api/forecasts/details?months=13&performance=100&expand=',
  '/api/plan-actual',
  `/api/plan-actual/month?month=${'2026-01'}`,
] as const;

const conditional = (user: SignedInUser, url: string, etag: string) =>
  user.send({ method: 'GET', url, headers: { 'if-none-match': etag } });

/** Counts the engine's computations (the real engine runs; the spy only counts its calls). */
async function computations<T>(run: () => Promise<T>): Promise<{ count: number; value: T }> {
  const spy = vi.spyOn(ForecastModel.prototype, 'result');
  try {
    const value = await run();
    return { count: spy.mock.calls.length, value };
  } finally {
    spy.mockRestore();
  }
}

describe('ETags of the forecast, its details and Plan/Ist', () => {
  it('answers 304 to the current tag without computing, and a full answer once the data changed', async () => {
    const user = await signUp(app);
    await aTransaction(user);
    for (const url of READS) {
      const first = await user.get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/"\d{4}-\d\d-\d\d\.\d+~[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await computations(() => conditional(user, url, etag));
      expect(again.value.statusCode, url).toBe(304);
      expect(again.value.body).toBe('');
      expect(again.count, url).toBe(0);
    }
    // Another request (any other query parameter) has another tag; the stamp is the same.
    const thirteen = await user.get(READS[0]);
    const twentyFour = await user.get('/api/forecasts?months=24&performance=100');
    expect(twentyFour.headers.etag).not.toBe(thirteen.headers.etag);
    expect(stampOfEtag(String(twentyFour.headers.etag))).toBe(stampOfEtag(String(thirteen.headers.etag)));
    expect(
      (await conditional(user, '/api/forecasts?months=24&performance=100', String(thirteen.headers.etag))).statusCode,
    ).toBe(200);

    // A write raises the stamp: the old tag gets the new answer, with a new tag.
    const before = String(thirteen.headers.etag);
    await aTransaction(user, { amount: 12_345 });
    const after = await conditional(user, READS[0], before);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(Number(stampOfEtag(String(after.headers.etag))!.split('.')[1])).toBeGreaterThan(
      Number(stampOfEtag(before)!.split('.')[1]),
    );
  });

  it("never answers another organisation's tag with 304", async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    const answer = await first.get(READS[0]);
    // Even where both stamps are equal (two fresh organisations), the tag names the organisation.
    expect((await conditional(second, READS[0], String(answer.headers.etag))).statusCode).toBe(200);
  });
});

describe('the stamp of a change event', () => {
  it("is the stamp the members' next forecast answer carries", async () => {
    const owner = await signUp(app);
    const editor = await addMember(app, owner, owner.user.currentOrganisationId, 'editor');
    const stream = await openStream(app, editor);
    await aTransaction(owner);
    const event = await stream.next(
      (candidate) => candidate.event === 'change' && (candidate.data as { kind: string }).kind === 'transactions',
    );
    const answer = await editor.get(READS[0]);
    expect((event.data as { stamp?: string }).stamp).toBe(stampOfEtag(String(answer.headers.etag)));
    stream.close();
  });
});

describe('single flight', () => {
  it('computes concurrent requests for the same forecast once', async () => {
    const user = await signUp(app);
    await aTransaction(user);
    const { count, value } = await computations(() =>
      Promise.all(Array.from({ length: 20 }, () => user.get('/api/forecasts?months=36&performance=90'))),
    );
    expect(value.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(value.map((response) => response.body.replace(/"calculatedAt":"[^"]*"/, ''))).size).toBe(1);
    expect(count).toBe(1);
  });
});

describe('the versions in memory (docs/realtime.md "Stamps and ETags")', () => {
  /** The driver calls of `run`, by their SQL (the driver under the app's Drizzle database). */
  async function queriesOf(run: () => Promise<unknown>): Promise<string[]> {
    type Client = { query: (query: unknown, values?: unknown) => unknown };
    const client = (app.deps.database.db as unknown as { session: { client: Client } }).session.client;
    await app.deps.alerts.settled();
    const spy = vi.spyOn(client, 'query');
    try {
      await run();
      return spy.mock.calls.map(([query]) => String(query));
    } finally {
      spy.mockRestore();
    }
  }

  it('a repeated read, 304 or from memory, asks the database nothing; a write is seen at the next read', async () => {
    const user = await signUp(app);
    await aTransaction(user);
    const first = await user.get(READS[0]);
    const etag = String(first.headers.etag);
    expect(await queriesOf(() => conditional(user, READS[0], etag))).toEqual([]);
    expect(await queriesOf(() => user.get(READS[0]))).toEqual([]);
    await aTransaction(user, { amount: 777 });
    expect((await conditional(user, READS[0], etag)).statusCode).toBe(200);
  });
});
