import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-test-app.js';
import { signUp, uniqueEmail } from '../test/test-client.js';
import { addMember } from '../test/tenants.js';
import { fillPath, routesOf, WRITE_METHODS } from '../test/routes.js';

const app = useTestApp();

/**
 * Writes any signed-in user may make, whatever their role in the current organisation: their own
 * account, their own new organisation, invitations addressed to them, their own API tokens and
 * assistant connections. Everything else that writes
 * must refuse a read-only member: this list is the only way out, and it is reviewed here.
 */
const OPEN_TO_EVERY_USER = new Set([
  'PATCH /api/profile',
  'POST /api/profile/password',
  'PATCH /api/profile/organisation',
  'POST /api/organisations',
  'DELETE /api/me/invitations/:id',
  'POST /api/me/invitations/:id/accept',
  // One's own tokens and connections: what they may do is bounded by the role at each call.
  'POST /api/api-tokens',
  'DELETE /api/api-tokens/:id',
  'DELETE /api/connections/:id',
  // The OAuth protocol's public endpoints (an assistant registering, exchanging, revoking).
  'POST /api/oauth/register',
  'POST /api/oauth/token',
  'POST /api/oauth/revoke',
  // Connecting an assistant: a read-only member's assistant reads only (the role is checked at each call).
  'POST /api/oauth/authorization',
  // The MCP server (bearer secrets only, so a session gets 401 here): every member may connect and
  // read; each tool's write is an API call of its own, which the role gate refuses a read-only
  // member (modules/mcp/mcp.test.ts). DELETE is the stateless transport's 405 to everyone.
  'POST /api/mcp',
  'DELETE /api/mcp',
  // One's own alert settings and "Hinweise" read or unread: they change nothing of the organisation
  // (docs/cockpit.md "Alerts"); a read-only member is told of its shortfalls too.
  'PATCH /api/alerts/settings',
  'PATCH /api/alerts/:id',
  'PATCH /api/alerts/digest',
]);

/**
 * Valid bodies for the writes whose role the service checks (after validation); the others are
 * refused by the guard before their body is read.
 */
const VALID_BODIES: Record<string, unknown> = {
  'PATCH /api/organisations/:id': { name: 'Übernommen' },
  'PATCH /api/organisations/:id/members/:userId': { role: 'read-only' },
  'POST /api/organisations/:id/invitations': { email: 'neu@example.ch', role: 'read-only' },
};

describe('the role guard covers every write', () => {
  it('finds the routes it checks', () => {
    const routes = routesOf(app);
    expect(routes).toContain('PATCH /api/organisations/:id/members/:userId');
    expect(routes).toContain('POST /api/organisations/:id/invitations/:invitationId/resend');
  });

  it('every write outside the auth pages and the short list refuses a read-only member with 403', async () => {
    const owner = await signUp(app);
    const organisationId = owner.user.currentOrganisationId;
    const reader = await addMember(app, owner, organisationId, 'read-only');
    const invited = await owner.post(`/api/organisations/${organisationId}/invitations`, {
      email: uniqueEmail('guarded'),
      role: 'editor',
    });
    const ids: Record<string, number> = {
      id: organisationId,
      userId: owner.user.id,
      invitationId: invited.json<{ id: number }>().id,
    };
    const guarded = routesOf(app).filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      return WRITE_METHODS.has(method) && !path.startsWith('/api/auth/') && !OPEN_TO_EVERY_USER.has(route);
    });
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const [method, path = ''] = route.split(' ') as ['POST', string];
      const url = fillPath(path, ids);
      const response = await reader.send({ method, url, payload: VALID_BODIES[route] ?? {} });
      expect(response.statusCode, route).toBe(403);
      expect(response.json(), route).toMatchObject({ code: 'FORBIDDEN', error: expect.any(String) });
    }
  });
});
