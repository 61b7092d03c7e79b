import type { AppDatabase } from './client.js';
import { findCurrencyIdByCode, findUserByEmail, insertUserWithOrganisation } from '../modules/auth/auth.repository.js';
import { hashPassword } from '../lib/passwords.js';

export const DEMO_EMAIL = 'demo@saldopilot.ch';
export const DEMO_PASSWORD = 'Demo1234!';

/**
 * Development only: a demo account to sign in with at once (DESIGN.md §3). Idempotent; the demo
 * organisation gets its employees, transactions and accounts as those features arrive.
 */
export async function seedDemoAccount(db: AppDatabase): Promise<void> {
  if (await findUserByEmail(db, DEMO_EMAIL)) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const currencyId = await findCurrencyIdByCode(db, 'CHF');
  await db.transaction((tx) =>
    insertUserWithOrganisation(tx, {
      email: DEMO_EMAIL,
      name: 'Demo Benutzer',
      passwordHash,
      organisationName: 'Demo Treuhand AG',
      currencyId,
    }),
  );
}
