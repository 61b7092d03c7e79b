import { describe, expect, it } from 'vitest';
import { anApiToken, bearerClient } from '../../test/bearer-client.js';
import { aConnection } from '../../test/oauth-client.js';
import { addMember } from '../../test/tenants.js';
import { signUp } from '../../test/test-client.js';
import { useTwoInstances } from '../../test/two-instances.js';

// docs/access.md "Bearer calls": nothing about a token is cached, so a revocation, a removal or a
// lower role on instance A counts at the very next call on instance B (two pools on PostgreSQL
// with DATABASE_URL, one PGlite otherwise).

const instances = useTwoInstances();

describe('tokens across instances', () => {
  it('a token revoked on A is refused at the next call on B; so is a connection ended on A', async () => {
    const { a, b } = instances;
    const owner = await signUp(a);
    const { token, secret } = await anApiToken(owner, ['data:read']);
    const onB = bearerClient(b, secret);
    expect((await onB.get('/api/transactions')).statusCode).toBe(200);
    expect((await owner.delete(`/api/api-tokens/${token.id}`)).statusCode).toBe(204);
    expect((await onB.get('/api/transactions')).statusCode).toBe(401);

    const connection = await aConnection(a, owner);
    const assistantOnB = bearerClient(b, connection.accessToken);
    expect((await assistantOnB.get('/api/transactions')).statusCode).toBe(200);
    expect((await owner.delete(`/api/connections/${connection.id}`)).statusCode).toBe(204);
    expect((await assistantOnB.get('/api/transactions')).statusCode).toBe(401);
  });

  it('a member demoted on A writes no more through a token on B', async () => {
    const { a, b } = instances;
    const owner = await signUp(a);
    const organisationId = owner.user.currentOrganisationId;
    const editor = await addMember(a, owner, organisationId, 'editor');
    const onB = bearerClient(b, (await anApiToken(editor, ['data:write'])).secret);
    expect((await onB.post('/api/categories', { name: 'Vorher' })).statusCode).toBe(201);
    const demoted = await owner.patch(`/api/organisations/${organisationId}/members/${editor.user.id}`, {
      role: 'read-only',
    });
    expect(demoted.statusCode).toBe(200);
    expect((await onB.post('/api/categories', { name: 'Nachher' })).statusCode).toBe(403);
  });
});
