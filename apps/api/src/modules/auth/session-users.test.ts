import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BankAccountList, Currency } from '@saldopilot/shared';
import { addMember } from '../../test/tenants.js';
import { aBankAccount, currencyId } from '../../test/factories.js';
import { signUp, type Browser } from '../../test/test-client.js';
import { onInstance, useTwoInstances } from '../../test/two-instances.js';
import { ROLE_TOO_LOW } from '../../lib/app-error.js';

// Who is calling (organisation, role, currency) is cached per instance (docs/api.md "Sessions,
// roles, protection"). A change through instance A must hold on instance B with B's very next
// request: no waiting and no retry here.
const instances = useTwoInstances();

/** An owner on A and an editor of the owner's organisation, whose cookies also go to B. */
async function organisationWithEditor() {
  const { a, b } = instances;
  const owner = await signUp(a);
  const organisationId = owner.user.currentOrganisationId;
  const editor = await addMember(a, owner, organisationId, 'editor');
  const editorOnB = onInstance(b, editor);
  // B has seen the editor write there, so its cache holds the editor's role in the organisation.
  await aBankAccount(editorOnB, { name: 'Vor der Änderung' });
  return { owner, organisationId, editor, editorOnB };
}

const accountNames = async (client: Browser) =>
  (await client.get('/api/bank-accounts')).json<BankAccountList>().data.map((account) => account.name);

const sessionCurrency = async (client: Browser) => (await client.get('/api/currencies')).json<Currency[]>()[0]?.code;

/** The owner demotes the editor to read-only on A; then the editor tries a write (named `name`) on B. */
async function demotedEditorWritesOnB(name: string) {
  const { owner, organisationId, editor, editorOnB } = await organisationWithEditor();
  const demoted = await owner.patch(`/api/organisations/${organisationId}/members/${editor.user.id}`, {
    role: 'read-only',
  });
  expect(demoted.statusCode).toBe(200);
  const chf = await currencyId(owner, 'CHF');
  const write = await editorOnB.post('/api/bank-accounts', { name, amount: 100, currencyId: chf });
  return { owner, write };
}

describe('membership changes on instance A hold on instance B at once', () => {
  it('a removed member writes nothing more into the organisation through B', async () => {
    const { owner, organisationId, editor, editorOnB } = await organisationWithEditor();
    const removed = await owner.delete(`/api/organisations/${organisationId}/members/${editor.user.id}`);
    expect(removed.statusCode).toBe(204);

    // Their next write through B lands in their own organisation (the current one after leaving).
    await aBankAccount(editorOnB, { name: 'Nach dem Entfernen' });
    expect(await accountNames(owner)).toEqual(['Vor der Änderung']);
    expect(await accountNames(editorOnB)).toEqual(['Nach dem Entfernen']);
  });

  it('a member demoted to read-only gets 403 on their next write through B', async () => {
    const { owner, write } = await demotedEditorWritesOnB('Nach dem Herabstufen');
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ error: ROLE_TOO_LOW, code: 'FORBIDDEN' });
    expect(await accountNames(owner)).toEqual(['Vor der Änderung']);
  });

  it('a member who leaves on A has left on B', async () => {
    const { organisationId, editor, editorOnB } = await organisationWithEditor();
    expect((await editor.delete(`/api/organisations/${organisationId}/members/${editor.user.id}`)).statusCode).toBe(
      204,
    );
    expect(await accountNames(editorOnB)).not.toContain('Vor der Änderung');
  });

  it('switching the current organisation on A switches it on B', async () => {
    const { organisationId, editor, editorOnB } = await organisationWithEditor();
    const own = (await editor.get('/api/organisations')).json<{ data: { id: number; name: string }[] }>().data;
    const ownId = own.find((organisation) => organisation.id !== organisationId)!.id;
    expect((await editor.patch('/api/profile/organisation', { organisationId: ownId })).statusCode).toBe(200);
    expect(await accountNames(editorOnB)).not.toContain('Vor der Änderung');
  });

  it('an invitation accepted on A makes the new organisation current on B', async () => {
    const { a } = instances;
    const { owner, editor, editorOnB } = await organisationWithEditor();
    const other = await signUp(a);
    const invited = await other.post(`/api/organisations/${other.user.currentOrganisationId}/invitations`, {
      email: editor.email,
      role: 'editor',
    });
    expect(invited.statusCode).toBe(201);
    const [invitation] = (await editor.get('/api/me/invitations')).json<{ id: number }[]>();
    expect((await editor.post(`/api/me/invitations/${invitation!.id}/accept`)).statusCode).toBe(200);
    await aBankAccount(other, { name: 'Andere Organisation' });
    expect(await accountNames(editorOnB)).toEqual(['Andere Organisation']);
    expect(await accountNames(owner)).toEqual(['Vor der Änderung']);
  });
});

describe('an organisation currency changed on A', () => {
  it('is the currency of the next request of every member, on A and on B', async () => {
    const { a, b } = instances;
    const { owner, organisationId, editor, editorOnB } = await organisationWithEditor();
    const ownerOnB = onInstance(b, owner);
    const editorOnA = onInstance(a, editor);
    for (const client of [owner, ownerOnB, editorOnA, editorOnB]) expect(await sessionCurrency(client)).toBe('CHF');

    const euro = await currencyId(owner, 'EUR');
    expect((await owner.patch(`/api/organisations/${organisationId}`, { currencyId: euro })).statusCode).toBe(200);

    for (const client of [owner, ownerOnB, editorOnA, editorOnB]) expect(await sessionCurrency(client)).toBe('EUR');
  });
});

// PostgreSQL only: PGlite's in-process LISTEN has no connection to lose.
if (process.env.DATABASE_URL) {
  describe("after instance B's listener lost its connection", () => {
    it('B listens again and a member demoted on A gets 403 on B at once', async () => {
      const { b, database } = instances;
      const killed = b.deps.changes.listenerPid()!;
      await database.db.execute(sql`select pg_terminate_backend(${killed})`);
      // Waiting for the reconnect is the test's setup; the check after the change does not wait.
      const deadline = Date.now() + 10_000;
      while (!(b.deps.changes.listening() && b.deps.changes.listenerPid() !== killed)) {
        if (Date.now() > deadline) throw new Error('the listener did not connect again');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const { write } = await demotedEditorWritesOnB('Nach dem Neustart');
      expect(write.statusCode).toBe(403);
    });
  });
}
