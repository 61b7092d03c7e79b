import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { INVITATION_LIMIT_MESSAGE } from '../auth/auth-limits.js';
import { adjustableClock, useTestApp } from '../../test/build-test-app.js';
import { storedFor } from '../../test/stored-rows.js';
import { browser, signUp, TEST_PASSWORD, uniqueEmail, type SignedInUser } from '../../test/test-client.js';
import { addMember, invitationTokenFromOutbox, twoTenants } from '../../test/tenants.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const clock = adjustableClock();

const app = useTestApp({}, { clock });

async function ownerWithInvitation(role: 'admin' | 'editor' | 'read-only' = 'editor', email = uniqueEmail('invitee')) {
  const owner = await signUp(app);
  await owner.patch('/api/profile', { name: 'Petra Muster' });
  const organisationId = owner.user.currentOrganisationId;
  const created = await owner.post(`/api/organisations/${organisationId}/invitations`, { email, role });
  expect(created.statusCode).toBe(201);
  const token = await invitationTokenFromOutbox(app, email);
  return { owner, organisationId, email, token, invitation: created.json<{ id: number }>() };
}

describe('inviting', () => {
  it('mails a German invitation with a link and lists it for admins', async () => {
    const { owner, organisationId, email, invitation } = await ownerWithInvitation('read-only');
    const mail = (await app.deps.mailer.recentMails()).find((candidate) => candidate.to === email);
    expect(mail?.subject).toBe('Einladung zu Meine Organisation auf SaldoPilot');
    expect(mail?.text).toContain('Petra Muster lädt Sie ein');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/auth\/invitation\?token=[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain('Einladung annehmen');
    const list = await owner.get(`/api/organisations/${organisationId}/invitations`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: invitation.id,
        email,
        role: 'read-only',
        invitedByName: 'Petra Muster',
        isExpired: false,
      }),
    ]);
    const expiresAt = Date.parse(list.json<Array<{ expiresAt: string }>>()[0]!.expiresAt);
    expect(expiresAt - clock.now().getTime()).toBeGreaterThan(7 * DAY_MS - 60_000);
  });

  it('refuses existing members and a second pending invitation with 409', async () => {
    const { owner, organisationId, email } = await ownerWithInvitation();
    const again = await owner.post(`/api/organisations/${organisationId}/invitations`, { email, role: 'editor' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'Diese E-Mail-Adresse wurde bereits eingeladen.' });
    const member = await addMember(app, owner, organisationId, 'editor');
    const existing = await owner.post(`/api/organisations/${organisationId}/invitations`, {
      email: member.email,
      role: 'admin',
    });
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toMatchObject({ error: 'Diese Person ist bereits Mitglied der Organisation.' });
  });

  it('lets admins invite below admin only, and editors not at all', async () => {
    const owner = await signUp(app);
    const id = owner.user.currentOrganisationId;
    const admin = await addMember(app, owner, id, 'admin');
    const editor = await addMember(app, owner, id, 'editor');
    expect(
      (await admin.post(`/api/organisations/${id}/invitations`, { email: uniqueEmail(), role: 'editor' })).statusCode,
    ).toBe(201);
    expect(
      (await admin.post(`/api/organisations/${id}/invitations`, { email: uniqueEmail(), role: 'admin' })).statusCode,
    ).toBe(403);
    expect(
      (await editor.post(`/api/organisations/${id}/invitations`, { email: uniqueEmail(), role: 'editor' })).statusCode,
    ).toBe(403);
    expect((await editor.get(`/api/organisations/${id}/invitations`)).statusCode).toBe(403);
  });

  it('read-only members can neither invite, resend nor revoke: 403, nothing changes, no mail', async () => {
    const { owner, organisationId, email, invitation } = await ownerWithInvitation('editor');
    const reader = await addMember(app, owner, organisationId, 'read-only');
    clock.advance(11 * 60_000);
    const base = `/api/organisations/${organisationId}/invitations`;
    const newcomer = uniqueEmail('never');
    for (const refused of [
      await reader.post(base, { email: newcomer, role: 'read-only' }),
      await reader.post(`${base}/${invitation.id}/resend`),
      await reader.delete(`${base}/${invitation.id}`),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.any(String) });
    }
    expect((await owner.get(base)).json()).toEqual([expect.objectContaining({ id: invitation.id, email })]);
    await app.deps.mailer.deliverDue();
    const mails = await app.deps.mailer.recentMails();
    expect(mails.filter((mail) => mail.to === newcomer)).toEqual([]);
    expect(mails.filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it.each([
    [{ email: 'kein-mail', role: 'editor' }, 'email'],
    [{ email: uniqueEmail(), role: 'owner' }, 'role'],
    [{ email: uniqueEmail(), role: 'chef' }, 'role'],
    [{ email: uniqueEmail() }, 'role'],
    [{ email: uniqueEmail(), role: 'editor', note: 'x' }, 'note'],
  ])('refuses %j with 400 naming %s, storing nothing', async (body, field) => {
    const owner = await signUp(app);
    const id = owner.user.currentOrganisationId;
    const response = await owner.post(`/api/organisations/${id}/invitations`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
    expect((await owner.get(`/api/organisations/${id}/invitations`)).json()).toEqual([]);
  });

  it('revokes: the link stops working', async () => {
    const { owner, organisationId, token, invitation } = await ownerWithInvitation();
    expect((await owner.delete(`/api/organisations/${organisationId}/invitations/${invitation.id}`)).statusCode).toBe(
      204,
    );
    expect((await owner.get(`/api/organisations/${organisationId}/invitations`)).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/auth/invitation/check?token=${token}` })).statusCode).toBe(
      404,
    );
    expect((await owner.delete(`/api/organisations/${organisationId}/invitations/${invitation.id}`)).statusCode).toBe(
      404,
    );
  });

  it('sends one invitation when the same one is sent twice at the same moment', async () => {
    const owner = await signUp(app);
    const organisationId = owner.user.currentOrganisationId;
    const email = uniqueEmail('twice');
    const invite = () => owner.post(`/api/organisations/${organisationId}/invitations`, { email, role: 'editor' });
    const answers = await Promise.all([invite(), invite()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const list = (await owner.get(`/api/organisations/${organisationId}/invitations`)).json<{ email: string }[]>();
    expect(list.filter((invitation) => invitation.email === email)).toHaveLength(1);
    await app.deps.mailer.deliverDue();
    expect((await app.deps.mailer.recentMails()).filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it('renews an expired invitation when it is resent: the new link works for another 7 days', async () => {
    const { owner, organisationId, email, invitation } = await ownerWithInvitation();
    clock.advance(8 * DAY_MS);
    const listed = await owner.get(`/api/organisations/${organisationId}/invitations`);
    expect(listed.json()).toEqual([expect.objectContaining({ id: invitation.id, isExpired: true })]);
    const resent = await owner.post(`/api/organisations/${organisationId}/invitations/${invitation.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ isExpired: false });
    const validFor = Date.parse(resent.json<{ expiresAt: string }>().expiresAt) - clock.now().getTime();
    expect(validFor).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(validFor).toBeLessThanOrEqual(7 * DAY_MS);
    const token = await invitationTokenFromOutbox(app, email);
    expect((await app.inject({ method: 'GET', url: `/api/auth/invitation/check?token=${token}` })).statusCode).toBe(
      200,
    );
  });

  it("admins can neither resend nor revoke an admin's invitation, which only owners may send", async () => {
    const { owner, organisationId, invitation } = await ownerWithInvitation('admin');
    const admin = await addMember(app, owner, organisationId, 'admin');
    clock.advance(11 * 60_000);
    const base = `/api/organisations/${organisationId}/invitations/${invitation.id}`;
    for (const refused of [await admin.post(`${base}/resend`), await admin.delete(base)]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const list = await owner.get(`/api/organisations/${organisationId}/invitations`);
    expect(list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: invitation.id })]));
  });

  it('resends at most every 10 minutes, with a new link that replaces the old one', async () => {
    const { owner, organisationId, email, token, invitation } = await ownerWithInvitation();
    const tooSoon = await owner.post(`/api/organisations/${organisationId}/invitations/${invitation.id}/resend`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Bitte warten Sie noch 10 Minuten/),
    });
    expect(tooSoon.headers['retry-after']).toBeDefined();
    clock.advance(10 * 60_000);
    expect(
      (await owner.post(`/api/organisations/${organisationId}/invitations/${invitation.id}/resend`)).statusCode,
    ).toBe(200);
    const newToken = await invitationTokenFromOutbox(app, email);
    expect(newToken).not.toBe(token);
    expect((await app.inject({ method: 'GET', url: `/api/auth/invitation/check?token=${token}` })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: `/api/auth/invitation/check?token=${newToken}` })).statusCode).toBe(
      200,
    );
  });
});

describe('limits on invitation mails', () => {
  const invite = (inviter: SignedInUser, organisationId: number, email = uniqueEmail('invitee')) =>
    inviter.post(`/api/organisations/${organisationId}/invitations`, { email, role: 'editor' });

  /** A German 429 whose Retry-After (seconds) lies within `windowMs`; answers the seconds. */
  function expectLimited(response: LightMyRequestResponse, windowMs: number): number {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error: INVITATION_LIMIT_MESSAGE, code: 'RATE_LIMITED' });
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
    return seconds;
  }

  const openInvitations = async (owner: SignedInUser, organisationId: number) =>
    (await owner.get(`/api/organisations/${organisationId}/invitations`)).json<Array<{ email: string }>>();

  it('lets one person send 20 an hour over all their organisations; the rest: 429, nothing stored, no mail', async () => {
    const owner = await signUp(app);
    const first = owner.user.currentOrganisationId;
    const currencyId = app.deps.reference.baseCurrency().id;
    const second = (await owner.post('/api/organisations', { name: 'Zweite GmbH', currencyId })).json<{ id: number }>()
      .id;
    const emails = Array.from({ length: 25 }, () => uniqueEmail('massenmail'));
    const answers = await Promise.all(emails.map((email, index) => invite(owner, index % 2 ? first : second, email)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    const refused = emails.filter((_email, index) => answers[index]!.statusCode !== 201);
    expect(refused).toHaveLength(5);
    const seconds = Math.min(...answers.filter((a) => a.statusCode !== 201).map((a) => expectLimited(a, HOUR_MS)));
    const listed = [...(await openInvitations(owner, first)), ...(await openInvitations(owner, second))];
    expect(listed).toHaveLength(20);
    expect(listed.filter((invitation) => refused.includes(invitation.email))).toEqual([]);
    await app.deps.mailer.deliverDue();
    for (const email of refused) expect((await storedFor(app, email)).mails).toEqual([]);
    clock.advance(seconds * 1000);
    expect((await invite(owner, first, refused[0]!)).statusCode).toBe(201);
  });

  it('lets an organisation send 20 an hour from all its admins together', async () => {
    const owner = await signUp(app);
    const organisationId = owner.user.currentOrganisationId;
    const admin = await addMember(app, owner, organisationId, 'admin'); // the first invitation
    for (let count = 1; count < 20; count += 1) expect((await invite(owner, organisationId)).statusCode).toBe(201);
    const email = uniqueEmail('zu-viel');
    expectLimited(await invite(admin, organisationId, email), HOUR_MS);
    expect((await storedFor(app, email)).mails).toEqual([]);
  });

  it('allows 100 a day, resends included, then 429 until the day has passed', async () => {
    const owner = await signUp(app);
    const organisationId = owner.user.currentOrganisationId;
    const sent: number[] = [];
    for (let hour = 0; hour < 4; hour += 1) {
      for (let count = 0; count < 20; count += 1) {
        const created = await invite(owner, organisationId);
        expect(created.statusCode).toBe(201);
        sent.push(created.json<{ id: number }>().id);
      }
      clock.advance(HOUR_MS);
    }
    // A resend mails again, so it counts like a new invitation.
    const resend = (id: number) => owner.post(`/api/organisations/${organisationId}/invitations/${id}/resend`);
    for (const id of sent.slice(0, 20)) expect((await resend(id)).statusCode).toBe(200);
    expectLimited(await resend(sent[20]!), HOUR_MS);
    clock.advance(HOUR_MS);
    const email = uniqueEmail('morgen');
    const seconds = expectLimited(await invite(owner, organisationId, email), DAY_MS);
    expect(seconds).toBeGreaterThan(HOUR_MS / 1000);
    expectLimited(await resend(sent[20]!), DAY_MS);
    expect((await storedFor(app, email)).mails).toEqual([]);
    clock.advance(seconds * 1000);
    expect((await invite(owner, organisationId, email)).statusCode).toBe(201);
  });
});

describe('accepting', () => {
  it('tells the invitee organisation, inviter and role', async () => {
    const { email, token } = await ownerWithInvitation('admin');
    const response = await app.inject({ method: 'GET', url: `/api/auth/invitation/check?token=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email,
      organisationName: 'Meine Organisation',
      invitedByName: 'Petra Muster',
      role: 'admin',
      userExists: false,
    });
  });

  it('creates the account of a new user, joins, and makes the organisation current', async () => {
    const { owner, organisationId, token } = await ownerWithInvitation('editor');
    const client = browser(app);
    const short = await client.post('/api/auth/invitation/accept', { token, password: 'kurz' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ fields: { password: 'Bitte geben Sie mind. 8 Zeichen ein' } });
    const accepted = await client.post('/api/auth/invitation/accept', {
      token,
      password: TEST_PASSWORD,
      name: 'Neu Hier',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ name: 'Neu Hier', currentOrganisationId: organisationId });
    expect((await client.get('/api/organisations')).json<{ data: Array<{ id: number; role: string }> }>().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: organisationId, role: 'editor' })]),
    );
    const members = (await owner.get(`/api/organisations/${organisationId}/members`)).json<unknown[]>();
    expect(members).toHaveLength(2);
    const twice = await browser(app).post('/api/auth/invitation/accept', { token, password: TEST_PASSWORD });
    expect(twice.statusCode).toBe(404);
  });

  it('requires the password of an existing account', async () => {
    const existing = await signUp(app);
    const { organisationId, token } = await ownerWithInvitation('read-only', existing.email);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/invitation/check?token=${token}` })).json(),
    ).toMatchObject({
      userExists: true,
    });
    const wrong = await browser(app).post('/api/auth/invitation/accept', { token, password: 'Falsches-Passwort-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'Login fehlgeschlagen, bitte prüfen Sie Ihre Zugangsdaten' });
    const right = await browser(app).post('/api/auth/invitation/accept', { token, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ id: existing.user.id, currentOrganisationId: organisationId });
  });

  it("someone guessing the account's password elsewhere is locked out; its owner still accepts", async () => {
    const existing = await signUp(app);
    const { organisationId, token } = await ownerWithInvitation('editor', existing.email);
    const attacker = browser(app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await attacker.post('/api/auth/login', { email: existing.email, password: `Geraten-${attempt}` });
      expect(wrong.statusCode).toBe(401);
    }
    // Accepting proves the password like a login: the same lockout, even with the right one.
    const locked = await attacker.post('/api/auth/invitation/accept', { token, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    const accepted = await browser(app).post('/api/auth/invitation/accept', { token, password: TEST_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: existing.user.id, currentOrganisationId: organisationId });
  });

  it('refuses an expired invitation with 410', async () => {
    const { token } = await ownerWithInvitation();
    clock.advance(7 * DAY_MS + 1000);
    const check = await app.inject({ method: 'GET', url: `/api/auth/invitation/check?token=${token}` });
    expect(check.statusCode).toBe(410);
    expect(check.json()).toMatchObject({ code: 'GONE', error: expect.stringContaining('abgelaufen') });
    const accept = await browser(app).post('/api/auth/invitation/accept', { token, password: TEST_PASSWORD });
    expect(accept.statusCode).toBe(410);
  });

  it.each(['', 'kurz', 'a'.repeat(101), 'böse<script>'])('refuses the malformed token %j with 400', async (token) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/auth/invitation/check?token=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown token', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/auth/invitation/check?token=${'x'.repeat(43)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('my invitations', () => {
  it('lists, accepts and declines the invitations addressed to me', async () => {
    const me = await signUp(app);
    const first = await ownerWithInvitation('editor', me.email);
    const second = await ownerWithInvitation('read-only', me.email);
    const mine = await me.get('/api/me/invitations');
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json<Array<{ id: number }>>()
        .map((invitation) => invitation.id)
        .sort(),
    ).toEqual([first.invitation.id, second.invitation.id].sort());
    expect(mine.body).not.toContain(first.token);
    const accepted = await me.post(`/api/me/invitations/${first.invitation.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ currentOrganisationId: first.organisationId });
    expect((await me.delete(`/api/me/invitations/${second.invitation.id}`)).statusCode).toBe(204);
    expect((await me.get('/api/me/invitations')).json()).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/invitation/check?token=${second.token}` })).statusCode,
    ).toBe(404);
  });

  it.each(['revoked', 'declined'])('a link whose invitation was %s cannot be accepted', async (how) => {
    const invitee = uniqueEmail('late');
    const { owner, organisationId, token, invitation } = await ownerWithInvitation('editor', invitee);
    if (how === 'revoked') await owner.delete(`/api/organisations/${organisationId}/invitations/${invitation.id}`);
    else {
      const existing = await signUp(app, invitee);
      expect((await existing.delete(`/api/me/invitations/${invitation.id}`)).statusCode).toBe(204);
    }
    const accepted = await browser(app).post('/api/auth/invitation/accept', { token, password: TEST_PASSWORD });
    expect(accepted.statusCode).toBe(404);
    const members = (await owner.get(`/api/organisations/${organisationId}/members`)).json<{ email: string }[]>();
    expect(members.map((member) => member.email)).toEqual([owner.email]);
  });

  it('another user can neither see, accept nor decline them (404)', async () => {
    const { a, b } = await twoTenants(app);
    const { invitation, organisationId, owner } = await ownerWithInvitation('editor', a.email);
    expect((await b.get('/api/me/invitations')).json()).toEqual([]);
    expect((await b.post(`/api/me/invitations/${invitation.id}/accept`)).statusCode).toBe(404);
    expect((await b.delete(`/api/me/invitations/${invitation.id}`)).statusCode).toBe(404);
    expect((await b.delete(`/api/organisations/${organisationId}/invitations/${invitation.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/organisations/${organisationId}/invitations`)).json()).toHaveLength(1);
  });

  it("another organisation's admin can neither resend nor revoke it, not even through their own organisation", async () => {
    const { invitation, organisationId, owner, email } = await ownerWithInvitation('editor');
    const { b, organisationB } = await twoTenants(app);
    clock.advance(11 * 60_000); // past the resend pause, so only tenancy can refuse
    for (const organisation of [organisationId, organisationB]) {
      const base = `/api/organisations/${organisation}/invitations/${invitation.id}`;
      const resent = await b.post(`${base}/resend`);
      expect(resent.statusCode).toBe(404);
      expect(resent.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect((await b.delete(base)).statusCode).toBe(404);
    }
    const [still] = await owner
      .get(`/api/organisations/${organisationId}/invitations`)
      .then((r) => r.json<Array<{ id: number }>>());
    expect(still).toMatchObject({ id: invitation.id, email });
    await app.deps.mailer.deliverDue();
    const mails = (await app.deps.mailer.recentMails()).filter((mail) => mail.to === email);
    expect(mails).toHaveLength(1);
  });
});
