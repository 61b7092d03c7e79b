import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { organisationChannel } from '../../lib/organisation-channels.js';
import { aBankAccount } from '../../test/factories.js';
import { openStream } from '../../test/event-stream.js';
import { privateRedisAvailable, redisAvailable, startTestRedis, type TestRedis } from '../../test/redis-test-server.js';
import { addMember } from '../../test/tenants.js';
import { signUp, TEST_ORIGIN, TEST_PASSWORD } from '../../test/test-client.js';
import { onInstance, openTwoInstances } from '../../test/two-instances.js';

// docs/realtime.md "Across instances": with Redis, an organisation's domain changes travel on its
// own channel, which an instance listens to only while one of its streams belongs to it; what the
// access gate needs still reaches every instance at once. Two API instances on one database (two
// pools on PostgreSQL with DATABASE_URL, one PGlite otherwise) and a real Redis of the test's own.

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(redisAvailable)('the event stream with Redis, one channel per organisation', () => {
  let redis: TestRedis;
  let instances: Awaited<ReturnType<typeof openTwoInstances>>;
  let inspector: ReturnType<typeof createClient>;
  const keyPrefix = `saldopilot-test:${randomUUID()}:`;

  beforeAll(async () => {
    redis = await startTestRedis();
    const url = `redis://${redis.host}:${redis.port}`;
    instances = await openTwoInstances({}, { REDIS_URL: url, REDIS_KEY_PREFIX: keyPrefix });
    inspector = createClient({ url });
    await inspector.connect();
  });
  afterAll(async () => {
    await inspector?.close();
    await instances?.close();
    await redis?.stop();
  });

  /** How many Redis connections listen to the organisation's channel. */
  async function listeners(organisationId: number): Promise<number> {
    const channel = organisationChannel(keyPrefix, organisationId);
    const answer = await inspector.pubSubNumSub(channel);
    return Number(answer[channel] ?? 0);
  }

  async function ownerAndEditorOnB(app: FastifyInstance = instances.a) {
    const owner = await signUp(app);
    const organisationId = owner.user.currentOrganisationId;
    const editor = await addMember(app, owner, organisationId, 'editor');
    return { owner, organisationId, editor, editorOnB: onInstance(instances.b, editor) };
  }

  /**
   * A stream over a real connection to B (the browser closing its tab closes the connection, which
   * an injected request cannot show): resolves once the stream's first bytes arrived.
   */
  async function streamOverHttp(client: { jar: Record<string, string> }) {
    const address = await instances.b.listen({ host: '127.0.0.1', port: 0 }).catch(() => undefined);
    const origin = address ?? `http://127.0.0.1:${(instances.b.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/events`, {
      headers: {
        cookie: Object.entries(client.jar)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
        origin: TEST_ORIGIN,
      },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    return { close: () => controller.abort() };
  }

  it('subscribes to an organisation with its first stream on an instance and unsubscribes with the last', async () => {
    const { b } = instances;
    const { organisationId, editorOnB } = await ownerAndEditorOnB();
    expect(await listeners(organisationId)).toBe(0);
    expect(b.deps.changes.perOrganisation).toBe(true);
    const first = await streamOverHttp(editorOnB);
    await waitFor(async () => (await listeners(organisationId)) === 1, 'the subscription');
    const second = await streamOverHttp(editorOnB);
    first.close();
    // One stream is still open: B keeps listening, on one connection for both.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listeners(organisationId)).toBe(1);
    second.close();
    await waitFor(async () => (await listeners(organisationId)) === 0, 'the unsubscription');
    // A new first stream subscribes again.
    const third = await streamOverHttp(editorOnB);
    await waitFor(async () => (await listeners(organisationId)) === 1, 'the second subscription');
    third.close();
    await waitFor(async () => (await listeners(organisationId)) === 0, 'the second unsubscription');
  });

  it('carries a write on A to a stream on B, and an organisation without a stream on B never reaches it (counted)', async () => {
    const { a, b } = instances;
    const watched = await ownerAndEditorOnB();
    const unwatched = await ownerAndEditorOnB();
    const stream = await openStream(b, watched.editorOnB);
    // A write of the organisation nobody on B watches, then one of the watched organisation.
    await aBankAccount(unwatched.owner, { name: 'Niemand schaut zu' });
    await aBankAccount(watched.owner, { name: 'Über Redis' });
    const event = await stream.next((candidate) => candidate.event === 'change');
    expect(event.data).toMatchObject({ kind: 'bank-accounts', action: 'created' });
    expect(b.deps.changes.receivedOf(watched.organisationId)).toBe(1);
    expect(b.deps.changes.receivedOf(unwatched.organisationId)).toBe(0);
    // A has no stream at all: neither organisation's write came back to it from another instance.
    expect(a.deps.changes.receivedOf(watched.organisationId)).toBe(0);
    // More writes of the unwatched organisation: still none on B.
    await aBankAccount(unwatched.owner, { name: 'Immer noch niemand' });
    await aBankAccount(watched.owner, { name: 'Zweites Konto' });
    await stream.next((candidate) => candidate.event === 'change', stream.events.indexOf(event) + 1);
    expect(b.deps.changes.receivedOf(unwatched.organisationId)).toBe(0);
    expect(b.deps.changes.receivedOf(watched.organisationId)).toBe(2);
    stream.close();
  });

  it('ends the stream on B at once when A removes the member, and B refuses them the organisation at once', async () => {
    const { owner, organisationId, editor, editorOnB } = await ownerAndEditorOnB();
    const stream = await openStream(instances.b, editorOnB);
    expect((await editorOnB.get('/api/bank-accounts')).statusCode).toBe(200);
    expect((await owner.delete(`/api/organisations/${organisationId}/members/${editor.user.id}`)).statusCode).toBe(204);
    await stream.ended();
    // The removal is known on B before the DELETE answered: its cached session user is gone.
    const afterwards = await editorOnB.get(`/api/organisations/${organisationId}`);
    expect(afterwards.statusCode).toBe(404);
  });

  it('ends every stream of a user on B at once when their sign-ins end on A', async () => {
    const { a, b } = instances;
    const user = await signUp(a);
    const onB = onInstance(b, user);
    const streams = await Promise.all([openStream(b, onB), openStream(b, onB)]);
    const changed = await user.post('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      password: 'Neues-Passwort-fuer-Redis-2026',
    });
    expect(changed.statusCode).toBe(204);
    await Promise.all(streams.map((stream) => stream.ended()));
  });
});

// Stopping Redis needs a server of the test's own (never the machine's at REDIS_URL).
describe.runIf(privateRedisAvailable)('the event stream while Redis is gone', () => {
  let redis: TestRedis;
  let instances: Awaited<ReturnType<typeof openTwoInstances>>;

  beforeAll(async () => {
    redis = await startTestRedis();
    instances = await openTwoInstances(
      {},
      { REDIS_URL: `redis://${redis.host}:${redis.port}`, REDIS_KEY_PREFIX: `saldopilot-test:${randomUUID()}:` },
    );
  });
  afterAll(async () => {
    await instances?.close();
    await redis?.stop();
  });

  it('carries a write on A to a stream on B over PostgreSQL, and the write answers at once', async () => {
    const { a, b } = instances;
    const owner = await signUp(a);
    const editor = await addMember(a, owner, owner.user.currentOrganisationId, 'editor');
    const stream = await openStream(b, onInstance(b, editor));
    await redis.stop();
    const started = performance.now();
    await aBankAccount(owner, { name: 'Ohne Redis' });
    expect(performance.now() - started).toBeLessThan(2_000);
    const event = await stream.next((candidate) => candidate.event === 'change');
    expect(event.data).toMatchObject({ kind: 'bank-accounts', action: 'created' });
    stream.close();
  });
});
