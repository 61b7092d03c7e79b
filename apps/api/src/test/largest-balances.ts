import type { FastifyInstance } from 'fastify';
import { AMOUNT_MAX_CENTS } from '@saldopilot/shared';
import { bankAccounts } from '../db/schema/index.js';
import { TEST_TODAY } from './build-test-app.js';
import { currencyId } from './factories.js';
import type { SignedInUser } from './test-client.js';

/** How many of the largest balances still add up exactly (below 2^53 Rappen); one more would not. */
export const EXACT_LARGEST_BALANCES = 90;

/**
 * Fills the user's organisation with 90 CHF accounts of the largest balance, the edge of exact
 * sums. Written to the database at once: through the API, 90 sign-in-checked writes would only
 * make the overflow tests slow, and each of them is allowed anyway.
 */
export async function fillWithLargestBalances(app: FastifyInstance, user: SignedInUser): Promise<void> {
  const chf = await currencyId(user, 'CHF');
  await app.deps.database.db.insert(bankAccounts).values(
    Array.from({ length: EXACT_LARGEST_BALANCES }, (_, index) => ({
      organisationId: user.user.currentOrganisationId,
      name: `Konto ${index + 1}`,
      amount: AMOUNT_MAX_CENTS,
      currencyId: chf,
      balanceDate: TEST_TODAY,
    })),
  );
}
