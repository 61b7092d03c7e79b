import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '@saldopilot/shared';
import { openStream } from '../../test/event-stream.js';
import { aBankAccount } from '../../test/factories.js';
import { addMember } from '../../test/tenants.js';
import { signUp } from '../../test/test-client.js';
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
