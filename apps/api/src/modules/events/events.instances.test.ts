import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '@saldopilot/shared';
import { openStream } from '../../test/event-stream.js';
import { STREAMS_PER_USER } from './event-hub.js';
import { aBankAccount } from '../../test/factories.js';
import { addMember } from '../../test/tenants.js';
import { signUp, TEST_PASSWORD } from '../../test/test-client.js';
import { onInstance, useTwoInstances } from '../../test/two-instances.js';

// docs/realtime.md "Across instances": two API instances on one database (two pools on PostgreSQL
// with DATABASE_URL, one PGlite otherwise); the events travel over the change bus.

const instances = useTwoInstances();

async function membersOnBothInstances() {
  const { a, b } = instances;
  const owner = await signUp(a);
  const editor = await addMember(a, owner, owner.user.currentOrganisationId, 'editor');
  return { owner, editorOnB: onInstance(b, editor) };
}

describe('the event stream across instances', () => {
  it('a write on instance A reaches a stream on instance B within 2 s', async () => {
    const { owner, editorOnB } = await membersOnBothInstances();
    const stream = await openStream(instances.b, editorOnB);
    await aBankAccount(owner, { name: 'Über A' });
    const event = await stream.next();
    expect(event.data).toMatchObject({ kind: 'bank-accounts', action: 'created' } satisfies Partial<ChangeEvent>);
    stream.close();
  });
});

describe('the streams per user across instances', () => {
  it('counts the streams of every instance: ten on A leave none on B, and ended ones give their places back', async () => {
    const { a, b } = instances;
    const user = await signUp(a);
    const onB = onInstance(b, user);
    const half = STREAMS_PER_USER / 2;
    const onA = await Promise.all(Array.from({ length: half }, () => openStream(a, user)));
    const alsoOnB = await Promise.all(Array.from({ length: half }, () => openStream(b, onB)));
    // The eleventh, on either instance, is refused (the message is events.test.ts's).
    for (const [app, client] of [
      [b, onB],
      [a, user],
    ] as const) {
      const eleventh = await openStream(app, client);
      if (eleventh.response.statusCode === 200) eleventh.close();
      expect(eleventh.response.statusCode).toBe(429);
    }
    // The streams end (a password change ends every stream of the user, on both instances): their
    // places are given back, and a new stream on B is let in.
    const changed = await user.post('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      password: 'Neues-Passwort-fuer-Streams-2026',
    });
    expect(changed.statusCode).toBe(204);
    await Promise.all([...onA, ...alsoOnB].map((stream) => stream.ended()));
    let again = await openStream(b, onB);
    // Giving the places back is not awaited by the stream's end: allow it a moment.
    for (const deadline = Date.now() + 2_000; again.response.statusCode === 429 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openStream(b, onB);
    }
    expect(again.response.statusCode).toBe(200);
    again.close();
  });
});

// PostgreSQL only: PGlite's in-process LISTEN has no connection to lose.
if (process.env.DATABASE_URL) {
  describe("after instance B's listener lost its connection", () => {
    it('the stream on B says reset (changes may be missed) and carries the changes after the reconnect', async () => {
      const { owner, editorOnB } = await membersOnBothInstances();
      const { b, database } = instances;
      const stream = await openStream(b, editorOnB);
      const killed = b.deps.changes.listenerPid()!;
      await database.db.execute(sql`select pg_terminate_backend(${killed})`);
      expect((await stream.next((event) => event.event === 'reset')).data).toEqual({});
      const deadline = Date.now() + 10_000;
      while (!(b.deps.changes.listening() && b.deps.changes.listenerPid() !== killed)) {
        if (Date.now() > deadline) throw new Error('the listener did not connect again');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const seen = stream.events.length;
      await aBankAccount(owner, { name: 'Nach dem Neustart' });
      expect((await stream.next((event) => event.event === 'change', seen)).data).toMatchObject({ action: 'created' });
      stream.close();
    });
  });
}
