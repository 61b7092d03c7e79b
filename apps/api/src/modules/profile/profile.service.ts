import type { PasswordChange, ProfileUpdate, User } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { requireStrongPassword } from '../../lib/password-rules.js';
import type { ReferenceService } from '../reference/reference.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SessionService } from '../auth/session.service.js';
import { authLimits } from '../auth/auth-limits.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { ChangeBus } from '../../lib/change-bus.js';
import { findProfileRow, setCurrentOrganisation, updateUserName, type ProfileRow } from './profile.repository.js';

export const WRONG_CURRENT_PASSWORD = 'Das aktuelle Passwort ist nicht korrekt';

export type ProfileService = ReturnType<typeof createProfileService>;

/** The signed-in user's own data: profile, password, current organisation. */
export function createProfileService(
  db: AppDatabase,
  reference: ReferenceService,
  sessions: SessionService,
  changes: ChangeBus,
  limiter: RateLimiter,
  auth: AuthService,
) {
  /** Maps a row to the API's User; without a current organisation the base currency (CHF) applies. */
  function toUser(row: ProfileRow): User {
    const base = reference.baseCurrency();
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      currentOrganisationId: row.currentOrganisationId,
      currency:
        row.currencyId !== null && row.currencyCode !== null && row.currencyLocaleCode !== null
          ? { id: row.currencyId, code: row.currencyCode, localeCode: row.currencyLocaleCode }
          : { id: base.id, code: base.code, localeCode: base.localeCode },
    };
  }

  async function getRow(userId: number): Promise<ProfileRow> {
    const row = await findProfileRow(db, userId);
    if (!row) throw notFound('Benutzer konnte nicht geladen werden');
    return row;
  }

  return {
    /** The user as the API shows it. */
    getUser: async (userId: number): Promise<User> => toUser(await getRow(userId)),

    /** Changes what the update names (today: the display name); absent fields stay. */
    async update(userId: number, changes: ProfileUpdate): Promise<User> {
      if (changes.name !== undefined) await updateUserName(db, userId, changes.name);
      return toUser(await getRow(userId));
    },

    /**
     * Sets a new password after checking the current one, and ends every other sign-in of the user:
     * whoever knew the old password is out, this browser stays signed in.
     */
    async changePassword(userId: number, change: PasswordChange, currentRefreshToken?: string): Promise<void> {
      await limiter.consume(authLimits.passwordChange(userId));
      const row = await getRow(userId);
      if (!(await verifyPassword(row.passwordHash, change.currentPassword))) {
        throw new AppError('VALIDATION_FAILED', WRONG_CURRENT_PASSWORD, {
          fields: { currentPassword: WRONG_CURRENT_PASSWORD },
        });
      }
      await requireStrongPassword(change.password, row.email);
      const passwordHash = await hashPassword(change.password);
      const keepFamily = currentRefreshToken ? await sessions.familyOf(currentRefreshToken) : undefined;
      await db.transaction(async (tx) => {
        await auth.setPasswordHash(userId, passwordHash, tx);
        await sessions.endAll(userId, tx, keepFamily);
      });
      await sessions.announceEndAll(userId);
    },

    /** The user's e-mail, undefined for an unknown user. */
    emailOf: async (userId: number): Promise<string | undefined> => (await findProfileRow(db, userId))?.email,

    /** Switches the current organisation; another user's organisation is simply not found (404). */
    async switchOrganisation(userId: number, organisationId: number): Promise<User> {
      if (!(await setCurrentOrganisation(db, userId, organisationId))) {
        throw notFound('Die Organisation wurde nicht gefunden.');
      }
      await changes.publish({ kind: 'user', action: 'updated', id: userId });
      return toUser(await getRow(userId));
    },
  };
}
