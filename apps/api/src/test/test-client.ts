import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'Sicheres-Passwort-2026';

export type Cookies = Record<string, string>;

/** A unique e-mail address per call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.ch`;
}

/** A fresh client IP, so the per-IP rate limits of one test do not reach into another. */
export function uniqueIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/** Keeps the cookies a browser would keep between requests (set, replaced, cleared). */
export function rememberCookies(jar: Cookies, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies) {
    const expired = cookie.maxAge !== undefined && cookie.maxAge <= 0;
    const past = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
    if (expired || past || cookie.value === '') delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
}

/** Apps served at another address than TEST_ORIGIN (listening ones): their browsers' Origin. */
const origins = new WeakMap<FastifyInstance, string>();
export function useOrigin(app: FastifyInstance, origin: string): void {
  origins.set(app, origin);
}

/**
 * A browser-like client of the app: a cookie jar, its own IP, and the app's Origin on every request
 * (as a browser sends it on same-origin writes).
 */
export function browser(app: FastifyInstance, jar: Cookies = {}, ip = uniqueIp()) {
  const origin = origins.get(app) ?? TEST_ORIGIN;
  async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await app.inject({
      ...options,
      remoteAddress: ip,
      cookies: { ...jar, ...(options.cookies ?? {}) },
      headers: { origin, ...(options.headers ?? {}) },
    });
    rememberCookies(jar, response);
    return response;
  }
  return {
    jar,
    ip,
    send,
    get: (url: string) => send({ method: 'GET', url }),
    post: (url: string, payload?: object) => send({ method: 'POST', url, ...(payload ? { payload } : {}) }),
    patch: (url: string, payload?: object) => send({ method: 'PATCH', url, ...(payload ? { payload } : {}) }),
    delete: (url: string) => send({ method: 'DELETE', url }),
  };
}

export type Browser = ReturnType<typeof browser>;

/** The code of the newest mail to `email`, read out of the mail text as a person would follow the link. */
export async function codeFromOutbox(app: FastifyInstance, email: string): Promise<string> {
  await app.deps.mailer.deliverDue();
  const mail = (await app.deps.mailer.recentMails()).find((candidate) => candidate.to === email);
  const code = mail ? /[?&]code=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no mail with a code to ${email}`);
  return code;
}

/**
 * Registers a user through the real three steps and answers a signed-in browser. The code comes
 * from the outbox, or from where `readCode` finds it (an app with SMTP keeps no copy of sent mails).
 */
export async function signUp(
  app: FastifyInstance,
  email = uniqueEmail(),
  readCode: (email: string) => Promise<string> = (to) => codeFromOutbox(app, to),
) {
  const client = browser(app);
  const created = await client.post('/api/auth/registration/create', { email });
  if (created.statusCode !== 200) throw new Error(`registration failed: ${created.body}`);
  const code = await readCode(email);
  const finished = await client.post('/api/auth/registration/finish', { email, code, password: TEST_PASSWORD });
  if (finished.statusCode !== 200) throw new Error(`finishing registration failed: ${finished.body}`);
  const user = finished.json<{ id: number; currentOrganisationId: number }>();
  return { ...client, email, password: TEST_PASSWORD, user };
}

export type SignedInUser = Awaited<ReturnType<typeof signUp>>;
