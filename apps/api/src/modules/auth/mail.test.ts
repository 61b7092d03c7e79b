import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { adjustableClock, buildTestApp, productionEnv } from '../../test/build-test-app.js';
import { codeFromMail, startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server.js';
import { storedFor } from '../../test/stored-rows.js';
import { browser, signUp, TEST_ORIGIN, TEST_PASSWORD, uniqueEmail } from '../../test/test-client.js';

const MAIL_FROM = 'SaldoPilot Test <absender@saldopilot.ch>';

describe('mails over SMTP', () => {
  let smtp: SmtpTestServer;
  let app: FastifyInstance;
  const clock = adjustableClock();
  const logLines: string[] = [];
  const codes: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM }, { clock, logLines });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends the registration link as German plain text and HTML', async () => {
    const email = uniqueEmail('smtp');
    expect((await browser(app).post('/api/auth/registration/create', { email })).statusCode).toBe(200);
    await app.deps.mailer.deliverDue();
    const [mail, ...more] = smtp.mailsTo(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      envelopeFrom: 'absender@saldopilot.ch',
      envelopeTo: [email],
      from: MAIL_FROM,
      to: email,
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für SaldoPilot',
    });
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);
    const code = codeFromMail(mail!);
    codes.push(code);
    const link = `${TEST_ORIGIN}/auth/validate?email=${encodeURIComponent(email)}&code=${code}`;
    expect(mail!.text).toContain(`Registrierung abschliessen: ${link}`);
    expect(mail!.text).toContain('Der Link ist 24 Stunden gültig und kann einmal verwendet werden.');
    expect(mail!.html).toContain('lang="de-CH"');
    expect(mail!.html).toContain(`href="${link.replace('&', '&#38;')}"`);
    expect(mail!.html).toContain('Registrierung abschliessen</a>');
    // Once delivered, the database keeps no copy of the link: it is no way into the account.
    expect((await storedFor(app, email)).mails).toMatchObject([
      { status: 'sent', attempts: 1, lastError: null, text: '', html: '' },
    ]);
    // The code read out of the received mail finishes the registration.
    const finished = await browser(app).post('/api/auth/registration/finish', { email, code, password: TEST_PASSWORD });
    expect(finished.statusCode).toBe(200);
  });

  it('sends the reset link, valid one hour', async () => {
    const user = await signUp(app, uniqueEmail(), async (email) => {
      await app.deps.mailer.deliverDue();
      return codeFromMail(smtp.mailsTo(email).at(-1)!);
    });
    await app.deps.mailer.deliverDue();
    expect((await browser(app).post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    await app.deps.mailer.deliverDue();
    const mail = smtp.mailsTo(user.email).at(-1)!;
    expect(mail.subject).toBe('Anfrage zum Zurücksetzen Ihres SaldoPilot-Passworts');
    expect(mail.text).toContain('Der Link ist 1 Stunde gültig und kann einmal verwendet werden.');
    const code = codeFromMail(mail);
    codes.push(code);
    expect(mail.text).toContain(`Neues Passwort setzen: ${TEST_ORIGIN}/auth/reset-password?email=`);
    const checked = await browser(app).post('/api/auth/reset-password-check-code', { email: user.email, code });
    expect(checked.statusCode).toBe(200);
  });

  it('keeps the registration and its mail when the server refuses, and delivers it on a later try', async () => {
    const email = uniqueEmail('stoerung');
    smtp.reject(true);
    const created = await browser(app).post('/api/auth/registration/create', { email });
    // The person is not bothered with the mail server's trouble.
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ success: true });
    await app.deps.mailer.deliverDue();
    expect(smtp.mailsTo(email)).toEqual([]);
    const failed = await storedFor(app, email);
    expect(failed.codes).toHaveLength(1);
    expect(failed.mails).toHaveLength(1);
    expect(failed.mails[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.mails[0]!.lastError).toContain('451');
    expect(logLines.some((line) => line.includes('"mail not sent"'))).toBe(true);

    // The server is back; the retry waits for its time (one minute after the first failure).
    smtp.reject(false);
    await app.deps.mailer.deliverDue();
    expect(smtp.mailsTo(email)).toEqual([]);
    clock.advance(61_000);
    await app.deps.mailer.deliverDue();
    const [mail, ...more] = smtp.mailsTo(email);
    expect(more).toEqual([]);
    expect((await storedFor(app, email)).mails).toMatchObject([{ status: 'sent', attempts: 2, lastError: null }]);
    const code = codeFromMail(mail!);
    codes.push(code);
    const finished = await browser(app).post('/api/auth/registration/finish', { email, code, password: TEST_PASSWORD });
    expect(finished.statusCode).toBe(200);
    // Delivered once only.
    await app.deps.mailer.deliverDue();
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('keeps trying through a long outage, and gives up (logged) only when the link is dead anyway', async () => {
    const email = uniqueEmail('ausfall');
    smtp.reject(true);
    await browser(app).post('/api/auth/registration/create', { email });
    await app.deps.mailer.deliverDue();
    // Twelve hours of outage: still waiting for the next try, backing off to one try an hour.
    for (let hour = 0; hour < 12; hour += 1) {
      clock.advance(60 * 60_000);
      await app.deps.mailer.deliverDue();
    }
    const waiting = (await storedFor(app, email)).mails[0]!;
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting.attempts).toBeGreaterThan(8);
    // The server is back within the day: the person gets the mail.
    smtp.reject(false);
    clock.advance(60 * 60_000);
    await app.deps.mailer.deliverDue();
    expect(smtp.mailsTo(email)).toHaveLength(1);

    const late = uniqueEmail('zu-spaet');
    smtp.reject(true);
    await browser(app).post('/api/auth/registration/create', { email: late });
    for (let hour = 0; hour <= 25; hour += 1) {
      await app.deps.mailer.deliverDue();
      clock.advance(60 * 60_000);
    }
    smtp.reject(false);
    const [givenUp] = (await storedFor(app, late)).mails;
    expect(givenUp).toMatchObject({ status: 'failed', nextAttemptAt: null, text: '', html: '' });
    expect(
      logLines.some((line) => line.includes('"mail given up after 24 hours"') && line.includes('"level":50')),
    ).toBe(true);
  });

  it('keeps codes and passwords out of the log, also for failed deliveries', () => {
    expect(codes).toHaveLength(3);
    expect(logLines.some((line) => line.includes('"mail sent"'))).toBe(true);
    for (const secret of [...codes, TEST_PASSWORD]) {
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});

describe('the outbox without SMTP_URL', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp({}, { logLines });
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores the mail, logs it without the code and shows it at GET /api/dev/outbox', async () => {
    const email = uniqueEmail('outbox');
    expect((await browser(app).post('/api/auth/registration/create', { email })).statusCode).toBe(200);
    await app.deps.mailer.deliverDue();
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(200);
    const mail = outbox
      .json<Array<{ to: string; subject: string; text: string; html: string; status: string }>>()
      .find((candidate) => candidate.to === email);
    expect(mail).toMatchObject({ subject: 'Bestätigen Sie Ihre E-Mail-Adresse für SaldoPilot', status: 'stored' });
    const code = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('code')!;
    expect(code.length).toBeGreaterThanOrEqual(32);
    expect(mail!.html).toContain(code);
    const logged = logLines.filter((line) => line.includes('"mail stored in the outbox"'));
    expect(logged.some((line) => line.includes(email))).toBe(true);
    expect(logLines.filter((line) => line.includes(code))).toEqual([]);
    const finished = await browser(app).post('/api/auth/registration/finish', { email, code, password: TEST_PASSWORD });
    expect(finished.statusCode).toBe(200);
  });
});

describe('the outbox in production', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp(productionEnv('http://localhost:3000'), { logLines });
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps the mail in the database, logs it without the code and has no outbox page', async () => {
    const email = uniqueEmail('produktion');
    expect((await browser(app).post('/api/auth/registration/create', { email })).statusCode).toBe(200);
    await app.deps.mailer.deliverDue();
    const [stored] = (await storedFor(app, email)).mails;
    expect(stored).toMatchObject({ status: 'stored' });
    const code = new URL(/https?:\/\/\S+/.exec(stored!.text)![0]).searchParams.get('code')!;
    expect(logLines.some((line) => line.includes('"mail stored in the outbox"') && line.includes(email))).toBe(true);
    expect(logLines.filter((line) => line.includes(code))).toEqual([]);
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.body).not.toContain(code);
  });
});
