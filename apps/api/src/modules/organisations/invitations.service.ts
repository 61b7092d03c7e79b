import { hasRole, type Invitation, type Role } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound, roleTooLow } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { insertMail } from '../../lib/mailer/mail-repository.js';
import { invitationMail } from '../../lib/mailer/mail-templates.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import { requireStrongPassword } from '../../lib/password-rules.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashSecret, randomSecret } from '../../lib/secrets.js';
import { authLimits } from '../auth/auth-limits.js';
import { authMessages, checkCredentials, type AuthService } from '../auth/auth.service.js';
import type { ProfileService } from '../profile/profile.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import {
  findInvitationByTokenHash,
  findOpenInvitation,
  findPendingInvitation,
  insertInvitation,
  listOpenInvitations,
  listPendingForEmail,
  markAccepted,
  replaceToken,
  revokeInvitation,
  type InvitationRow,
} from './invitations.repository.js';
import {
  findMemberRole,
  insertMembership,
  lockOrganisation,
  setCurrentOrganisationOf,
} from './organisations.repository.js';
import type { OrganisationsService } from './organisations.service.js';
import type { ChangeBus } from '../../lib/change-bus.js';

const DAY_MS = 86_400_000;
const INVITATION_MS = 7 * DAY_MS;
const RESEND_DELAY_MS = 10 * 60_000;

export const invitationMessages = {
  invalid: 'Diese Einladung ist nicht gültig. Bitte fragen Sie nach einer neuen Einladung.',
  expired: 'Diese Einladung ist abgelaufen. Bitte fragen Sie nach einer neuen Einladung.',
  notFound: 'Die Einladung wurde nicht gefunden.',
  alreadyMember: 'Diese Person ist bereits Mitglied der Organisation.',
  alreadyInvited: 'Diese E-Mail-Adresse wurde bereits eingeladen.',
  resendTooSoon: (minutes: number) =>
    `Bitte warten Sie noch ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}, bevor Sie die Einladung erneut senden.`,
} as const;

function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    organisationId: row.organisationId,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    invitedByName: row.invitedByName,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    isExpired: row.expiresAt <= now,
  };
}

export interface InvitationsServiceDeps {
  db: AppDatabase;
  clock: Clock;
  publicUrl: string;
  mailer: Mailer;
  limiter: RateLimiter;
  reference: ReferenceService;
  organisations: OrganisationsService;
  changes: ChangeBus;
  /** Accounts: who has one, and a new one for an invitee without. */
  auth: AuthService;
  profile: ProfileService;
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/** Inviting people into an organisation, and the invitee's side: check, accept, decline. */
export function createInvitationsService(deps: InvitationsServiceDeps) {
  const { db, clock, publicUrl, mailer, limiter, reference, organisations, changes, auth, profile } = deps;

  /** Admins invite editors and read-only members; owners also admins. */
  async function requireInviter(userId: number, organisationId: number, role?: Role): Promise<void> {
    const actorRole = await organisations.roleIn(userId, organisationId, 'admin');
    if (role && actorRole !== 'owner' && hasRole(role, 'admin')) {
      throw roleTooLow();
    }
  }

  async function mailInvitation(
    tx: AppDatabase,
    row: { email: string; organisationName: string; invitedByName: string },
    token: string,
  ) {
    await insertMail(tx, invitationMail(publicUrl, { ...row, token }), clock.now());
  }

  /** The open invitation behind a token: 404 when unknown, used or revoked; 410 when expired. */
  async function openInvitationByToken(token: string): Promise<InvitationRow> {
    const row = await findInvitationByTokenHash(db, hashSecret(token));
    if (!row || row.acceptedAt || row.revokedAt) throw notFound(invitationMessages.invalid);
    if (row.expiresAt <= clock.now()) throw new AppError('GONE', invitationMessages.expired);
    return row;
  }

  /** Joins the user to the organisation and makes it current; 409 when already a member. */
  async function join(tx: AppDatabase, invitation: InvitationRow, userId: number): Promise<void> {
    if (!(await markAccepted(tx, invitation.id, clock.now()))) throw notFound(invitationMessages.invalid);
    if (!(await insertMembership(tx, invitation.organisationId, userId, invitation.role))) {
      throw new AppError('CONFLICT', invitationMessages.alreadyMember);
    }
    await setCurrentOrganisationOf(tx, userId, invitation.organisationId);
  }

  async function emailOf(userId: number): Promise<string> {
    const email = await profile.emailOf(userId);
    if (email === undefined) throw notFound(invitationMessages.notFound);
    return email;
  }

  return {
    /** Invites an e-mail with a role and mails the link (7 days), within the invitation mail limits. */
    async invite(userId: number, organisationId: number, input: { email: string; role: Role }): Promise<Invitation> {
      await requireInviter(userId, organisationId, input.role);
      // Counted after the role check: who may not invite cannot use up the organisation's budget.
      await limiter.consume(authLimits.invitationMails(userId, organisationId));
      const now = clock.now();
      const token = randomSecret();
      // Answered from what the transaction read (docs/api.md "Writes"): never a 503 for a stored invitation.
      const row = await db.transaction(async (tx) => {
        // Invitations of one organisation one after the other: two identical ones sent at the same
        // moment cannot both find none open yet.
        await lockOrganisation(tx, organisationId);
        const existing = await auth.findUser(input.email, tx);
        if (existing && (await findMemberRole(tx, organisationId, existing.id))) {
          throw new AppError('CONFLICT', invitationMessages.alreadyMember);
        }
        if (await findPendingInvitation(tx, organisationId, input.email, now)) {
          throw new AppError('CONFLICT', invitationMessages.alreadyInvited);
        }
        const invitationId = await insertInvitation(tx, {
          organisationId,
          email: input.email,
          role: input.role,
          tokenHash: hashSecret(token),
          invitedBy: userId,
          expiresAt: new Date(now.getTime() + INVITATION_MS),
          now,
        });
        const row = await findOpenInvitation(tx, organisationId, invitationId);
        if (!row) throw new Error('new invitation not found');
        await mailInvitation(tx, row, token);
        return row;
      });
      mailer.deliverSoon();
      return toInvitation(row, now);
    },

    /** Open invitations of the organisation (admins and owners), expired ones marked. */
    async list(userId: number, organisationId: number): Promise<Invitation[]> {
      await requireInviter(userId, organisationId);
      const now = clock.now();
      return (await listOpenInvitations(db, organisationId)).map((row) => toInvitation(row, now));
    },

    /** Only who could have sent an invitation may take it back (admins not an admin's). */
    async revoke(userId: number, organisationId: number, invitationId: number): Promise<void> {
      await requireInviter(userId, organisationId);
      const row = await findOpenInvitation(db, organisationId, invitationId);
      if (!row) throw notFound(invitationMessages.notFound);
      await requireInviter(userId, organisationId, row.role);
      await revokeInvitation(db, invitationId, clock.now());
    },

    /**
     * Mails the invitation again with a new link, valid for another 7 days (an expired invitation
     * can so be renewed); at most once per 10 minutes, and within the same mail limits as inviting.
     */
    async resend(userId: number, organisationId: number, invitationId: number): Promise<Invitation> {
      await requireInviter(userId, organisationId);
      const row = await findOpenInvitation(db, organisationId, invitationId);
      if (!row) throw notFound(invitationMessages.notFound);
      await requireInviter(userId, organisationId, row.role);
      const now = clock.now();
      const waitMs = row.lastSentAt.getTime() + RESEND_DELAY_MS - now.getTime();
      if (waitMs > 0) {
        throw new AppError('RATE_LIMITED', invitationMessages.resendTooSoon(Math.ceil(waitMs / 60_000)), {
          headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
        });
      }
      await limiter.consume(authLimits.invitationMails(userId, organisationId));
      const token = randomSecret();
      const expiresAt = new Date(now.getTime() + INVITATION_MS);
      await db.transaction(async (tx) => {
        await replaceToken(tx, invitationId, { tokenHash: hashSecret(token), sentAt: now, expiresAt });
        await mailInvitation(tx, row, token);
      });
      mailer.deliverSoon();
      return toInvitation({ ...row, lastSentAt: now, expiresAt }, now);
    },

    /** What the invitee sees before accepting. */
    async check(token: string, ip: string) {
      await limiter.consume(authLimits.invitationToken(ip));
      const row = await openInvitationByToken(token);
      return {
        email: row.email,
        organisationName: row.organisationName,
        invitedByName: row.invitedByName,
        role: row.role,
        userExists: (await auth.findUser(row.email)) !== undefined,
      };
    },

    /**
     * Accepts by token: an existing account proves itself with its password, a new one is created
     * with it (and, like a registration, its own "Meine Organisation"). Answers the user id.
     */
    async accept(input: { token: string; password: string; name?: string }, ip: string): Promise<number> {
      await limiter.consume(authLimits.invitationToken(ip));
      const invitation = await openInvitationByToken(input.token);
      const existing = await auth.findUser(invitation.email);
      // Proving an existing account with its password is a login: the same check under the same limits.
      if (existing) await checkCredentials(db, limiter, { email: invitation.email, password: input.password }, ip);
      // A new account's password follows the registration's rules; an existing one was only proven.
      if (!existing) await requireStrongPassword(input.password, invitation.email);
      const passwordHash = existing ? undefined : await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        const id =
          existing?.id ??
          (await auth.createUserWithOrganisation(tx, {
            email: invitation.email,
            name: input.name ?? '',
            passwordHash: passwordHash ?? '',
            organisationName: 'Meine Organisation',
            currencyId: reference.baseCurrency().id,
          }));
        if (id === undefined) throw new AppError('CONFLICT', authMessages.registrationRefused);
        await join(tx, invitation, id);
        return id;
      });
      await changes.publish({
        kind: 'membership',
        action: 'created',
        id: userId,
        organisationId: invitation.organisationId,
      });
      return userId;
    },

    /** Pending invitations addressed to the signed-in user's e-mail. */
    async mine(userId: number) {
      const rows = await listPendingForEmail(db, await emailOf(userId), clock.now());
      return rows.map((row) => ({
        id: row.id,
        organisationId: row.organisationId,
        organisationName: row.organisationName,
        email: row.email,
        role: row.role,
        invitedByName: row.invitedByName,
        expiresAt: row.expiresAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Accepts one of my invitations while signed in (no token or password needed). */
    async acceptMine(userId: number, invitationId: number): Promise<void> {
      const row = (await listPendingForEmail(db, await emailOf(userId), clock.now())).find(
        (r) => r.id === invitationId,
      );
      if (!row) throw notFound(invitationMessages.notFound);
      await db.transaction((tx) => join(tx, row, userId));
      await changes.publish({
        kind: 'membership',
        action: 'created',
        id: userId,
        organisationId: row.organisationId,
        by: userId,
      });
    },

    /** Declines one of my invitations. */
    async decline(userId: number, invitationId: number): Promise<void> {
      const row = (await listPendingForEmail(db, await emailOf(userId), clock.now())).find(
        (r) => r.id === invitationId,
      );
      if (!row) throw notFound(invitationMessages.notFound);
      await revokeInvitation(db, invitationId, clock.now());
    },
  };
}
