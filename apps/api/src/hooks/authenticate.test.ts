import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { buildTestApp } from '../test/build-test-app.js';
import { signUp, type SignedInUser } from '../test/test-client.js';
import { addMember } from '../test/tenants.js';
import { sessionOf } from '../plugins/request-context.js';

// Business endpoints arrive with later issues; these probes stand for them: written like any
// module's routes, with no role configured, so the gate's defaults are what is tested.
const writes: string[] = [];
const probes: FastifyPluginAsync = async (api) => {
  const items = z.object({ organisationId: z.number().nullable(), writes: z.array(z.string()) });
  api.get('/probe/items', { schema: { response: { 200: items } } }, async (request) => ({
    organisationId: sessionOf(request).organisationId,
    writes,
  }));
  for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
    api.route({
      method,
      url: '/probe/items',
      schema: { response: { 200: z.object({ ok: z.literal(true) }) } },
      handler: async (request) => {
        writes.push(`${method} by ${sessionOf(request).userId}`);
        return { ok: true };
      },
    });
  }
};

let app: FastifyInstance;
let owner: SignedInUser;
const members: Record<string, SignedInUser> = {};

beforeAll(async () => {
  app = await buildTestApp({}, { apiPlugins: [probes] });
  owner = await signUp(app);
  for (const role of ['admin', 'editor', 'read-only'] as const) {
    members[role] = await addMember(app, owner, owner.user.currentOrganisationId, role);
  }
});
afterAll(async () => {
  await app.close();
});

describe('the role guard of every endpoint', () => {
  it('lets read-only members read', async () => {
    const response = await members['read-only']!.get('/api/probe/items');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ organisationId: owner.user.currentOrganisationId });
  });

  it.each(['POST', 'PATCH', 'PUT', 'DELETE'] as const)(
    'refuses %s by read-only members with 403, changing nothing',
    async (method) => {
      const before = writes.length;
      const response = await members['read-only']!.send({ method, url: '/api/probe/items', payload: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Ihre Rolle erlaubt diese Aktion nicht.', code: 'FORBIDDEN' });
      expect(writes.length).toBe(before);
    },
  );

  it.each(['editor', 'admin'])('lets %s members write', async (role) => {
    expect((await members[role]!.post('/api/probe/items', {})).statusCode).toBe(200);
  });

  it('lets owners write', async () => {
    expect((await owner.post('/api/probe/items', {})).statusCode).toBe(200);
  });

  it('answers 401 with logout: true without a session; a removed member works in their own organisation again', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/probe/items', payload: {} })).json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      logout: true,
    });
    const editor = await addMember(app, owner, owner.user.currentOrganisationId, 'editor');
    await owner.delete(`/api/organisations/${owner.user.currentOrganisationId}/members/${editor.user.id}`);
    // Their current organisation fell back to their own one, where they are owner.
    const after = await editor.get('/api/probe/items');
    expect(after.json<{ organisationId: number }>().organisationId).not.toBe(owner.user.currentOrganisationId);
  });
});
