import type { FastifyInstance } from 'fastify';
import type { Role } from '@saldopilot/shared';
import { browser, signUp, TEST_PASSWORD, uniqueEmail, type SignedInUser } from './test-client.js';

/**
 * Two users, each in their own organisation ("Meine Organisation"): every endpoint's tenancy test
 * checks that B can neither read, change, delete nor reference A's rows.
 */
export async function twoTenants(app: FastifyInstance) {
  const [a, b] = await Promise.all([signUp(app, uniqueEmail('a')), signUp(app, uniqueEmail('b'))]);
  return { a, b, organisationA: a.user.currentOrganisationId, organisationB: b.user.currentOrganisationId };
}

/** The token of the newest invitation mail to `email`, read from the link as the invitee would. */
export async function invitationTokenFromOutbox(app: FastifyInstance, email: string): Promise<string> {
  await app.deps.mailer.deliverDue();
  const mail = (await app.deps.mailer.recentMails()).find((candidate) => candidate.to === email);
  const token = mail ? /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

/** Invites a new person with `role` through the API and lets them accept: a signed-in member. */
export async function addMember(
  app: FastifyInstance,
  inviter: SignedInUser,
  organisationId: number,
  role: Exclude<Role, 'owner'>,
): Promise<SignedInUser> {
  const email = uniqueEmail(role);
  const invited = await inviter.post(`/api/organisations/${organisationId}/invitations`, { email, role });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
  const token = await invitationTokenFromOutbox(app, email);
  const client = browser(app);
  const accepted = await client.post('/api/auth/invitation/accept', { token, password: TEST_PASSWORD });
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.body}`);
  return { ...client, email, password: TEST_PASSWORD, user: accepted.json() };
}
