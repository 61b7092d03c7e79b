import { timingSafeEqual } from 'node:crypto';
import type { LoginInput, PasswordResetInput, RegistrationFinishInput } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { insertMail } from '../../lib/mailer/mail-repository.js';
import { passwordResetMail, registrationMail } from '../../lib/mailer/mail-templates.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import { requireStrongPassword } from '../../lib/password-rules.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashSecret, randomSecret } from '../../lib/secrets.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { authLimits, MAX_CODE_ATTEMPTS, REGISTRATION_CODE_MS, RESET_CODE_MS } from './auth-limits.js';
import {
  consumeCode,
  countFailedAttempt,
  findLiveCode,
  findUserByEmail,
  insertCode,
  insertUserWithOrganisation,
  retireCodes,
  updatePasswordHash,
  type CodePurpose,
} from './auth.repository.js';
import type { SessionService } from './session.service.js';

export const authMessages = {
  loginFailed: 'Login fehlgeschlagen, bitte prüfen Sie Ihre Zugangsdaten',
  registrationRefused: 'Die Registrierung ist fehlgeschlagen. Für diese E-Mail besteht evtl. bereits ein Konto',
  registrationLinkInvalid: 'Dieser Registrierungslink ist nicht mehr gültig. Bitte registrieren Sie sich erneut.',
  resetLinkInvalid:
    'Der Link zum Zurücksetzen des Passworts ist nicht mehr gültig. Bitte setzen Sie das Passwort erneut zurück.',
} as const;

const FIRST_ORGANISATION_NAME = 'Meine Organisation';

const invalidCodeMessage: Record<CodePurpose, string> = {
  registration: authMessages.registrationLinkInvalid,
  'password-reset': authMessages.resetLinkInvalid,
};

export interface AuthServiceDeps {
  db: AppDatabase;
  clock: Clock;
  publicUrl: string;
  sessions: SessionService;
  mailer: Mailer;
  limiter: RateLimiter;
  reference: ReferenceService;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** A new account and the name and currency of its first organisation. */
export type NewAccount = Parameters<typeof insertUserWithOrganisation>[1];

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks an account's password under the login limits (login, and accepting an invitation with an
 * existing account): in constant time (an unknown e-mail costs a hash like a wrong password), with
 * no hint which part was wrong, and only a wrong password counts per e-mail. Answers the user id.
 */
export function checkCredentials(
  db: AppDatabase,
  limiter: RateLimiter,
  { email, password }: LoginInput,
  ip: string,
): Promise<number> {
  return limiter.attempt(authLimits.login(ip, email), async () => {
    const user = await findUserByEmail(db, email);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      throw new AppError('UNAUTHENTICATED', authMessages.loginFailed);
    }
    return user.id;
  });
}

/** Registration, login, logout and password reset (docs/product.md "API calls"; docs/api.md "Sessions"). */
export function createAuthService({ db, clock, publicUrl, sessions, mailer, limiter, reference }: AuthServiceDeps) {
  const expiresIn = (ms: number) => new Date(clock.now().getTime() + ms);

  /** Issues a fresh single-use code and stores its mail in the same transaction. */
  async function sendCode(purpose: CodePurpose, email: string) {
    const code = randomSecret();
    const mail =
      purpose === 'registration' ? registrationMail(publicUrl, email, code) : passwordResetMail(publicUrl, email, code);
    await db.transaction(async (tx) => {
      await retireCodes(tx, purpose, email, clock.now());
      await insertCode(tx, {
        purpose,
        email,
        codeHash: hashSecret(code),
        expiresAt: expiresIn(purpose === 'registration' ? REGISTRATION_CODE_MS : RESET_CODE_MS),
      });
      await insertMail(tx, mail, clock.now());
    });
    mailer.deliverSoon();
  }

  /**
   * Finds the live code matching `code`. A wrong code counts against the newest live one, which
   * dies after MAX_CODE_ATTEMPTS tries; every failure answers the same German message.
   */
  async function verifyCode(purpose: CodePurpose, email: string, code: string, ip: string) {
    await limiter.consume(authLimits.codeCheck(ip, email));
    const now = clock.now();
    const live = await findLiveCode(db, purpose, email, now);
    if (!live) throw new AppError('VALIDATION_FAILED', invalidCodeMessage[purpose]);
    if (!sameSecret(live.codeHash, hashSecret(code))) {
      await countFailedAttempt(db, live.id, MAX_CODE_ATTEMPTS, now);
      throw new AppError('VALIDATION_FAILED', invalidCodeMessage[purpose]);
    }
    return live;
  }

  return {
    /** The account of an e-mail, if any (read in `tx` when given). */
    findUser: (email: string, tx: AppDatabase = db) => findUserByEmail(tx, email),

    /** Creates an account with its own first organisation in `tx`; undefined when the e-mail is taken. */
    createUserWithOrganisation: (tx: AppDatabase, input: NewAccount) => insertUserWithOrganisation(tx, input),

    /** Stores a password hash, unchecked (the caller checked the old password or a code), in `tx` when given. */
    setPasswordHash: (userId: number, passwordHash: string, tx: AppDatabase = db): Promise<void> =>
      updatePasswordHash(tx, userId, passwordHash),

    /** Starts a registration: e-mails a link with a code (24 h, single use). */
    async startRegistration(email: string, ip: string): Promise<void> {
      await limiter.consume(authLimits.registration(ip, email));
      if (await findUserByEmail(db, email)) throw new AppError('CONFLICT', authMessages.registrationRefused);
      await sendCode('registration', email);
    },

    /** Checks a registration code without using it up. */
    async checkRegistrationCode(email: string, code: string, ip: string): Promise<void> {
      await verifyCode('registration', email, code, ip);
    },

    /** Creates the account and its first organisation, uses up the code; answers the new user id. */
    async finishRegistration(input: RegistrationFinishInput, ip: string): Promise<number> {
      await requireStrongPassword(input.password, input.email);
      const live = await verifyCode('registration', input.email, input.code, ip);
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        if (!(await consumeCode(tx, live.id, clock.now()))) return undefined;
        const created = await insertUserWithOrganisation(tx, {
          email: input.email,
          name: input.name ?? '',
          passwordHash,
          organisationName: FIRST_ORGANISATION_NAME,
          currencyId: reference.baseCurrency().id,
        });
        if (created === undefined) throw new AppError('CONFLICT', authMessages.registrationRefused);
        return created;
      });
      if (userId === undefined) throw new AppError('VALIDATION_FAILED', authMessages.registrationLinkInvalid);
      return userId;
    },

    /**
     * The account of `email`, registered without a mailed code when there is none yet (with its
     * first organisation, as every registration). Only the development demo data calls it; no route
     * does, so nobody can skip the mail through HTTP.
     */
    async ensureAccount(input: { email: string; name: string; password: string }): Promise<{
      userId: number;
      created: boolean;
    }> {
      const existing = await findUserByEmail(db, input.email);
      if (existing) return { userId: existing.id, created: false };
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction((tx) =>
        insertUserWithOrganisation(tx, {
          email: input.email,
          name: input.name,
          passwordHash,
          organisationName: FIRST_ORGANISATION_NAME,
          currencyId: reference.baseCurrency().id,
        }),
      );
      if (userId === undefined) throw new AppError('CONFLICT', authMessages.registrationRefused);
      return { userId, created: true };
    },

    /** Checks the credentials (see checkCredentials); answers the user id. */
    login(input: LoginInput, ip: string): Promise<number> {
      return checkCredentials(db, limiter, input, ip);
    },

    /** E-mails a reset link when the account exists; the caller always answers the same. */
    async forgotPassword(email: string, ip: string): Promise<void> {
      await limiter.consume(authLimits.forgotPassword(ip, email));
      if (await findUserByEmail(db, email)) await sendCode('password-reset', email);
    },

    /** Checks a reset code without using it up. */
    async checkResetCode(email: string, code: string, ip: string): Promise<void> {
      await verifyCode('password-reset', email, code, ip);
    },

    /** Sets the new password, uses up the code and ends every session of the user. */
    async resetPassword(input: PasswordResetInput, ip: string): Promise<void> {
      await requireStrongPassword(input.password, input.email);
      const live = await verifyCode('password-reset', input.email, input.code, ip);
      const user = await findUserByEmail(db, input.email);
      const passwordHash = await hashPassword(input.password);
      const done = await db.transaction(async (tx) => {
        if (!user || !(await consumeCode(tx, live.id, clock.now()))) return false;
        await updatePasswordHash(tx, user.id, passwordHash);
        await sessions.endAll(user.id, tx);
        return true;
      });
      if (!done || !user) throw new AppError('VALIDATION_FAILED', authMessages.resetLinkInvalid);
      await sessions.announceEndAll(user.id);
    },
  };
}
