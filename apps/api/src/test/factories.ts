import type { BankAccount, BankAccountCreate, Currency } from '@saldopilot/shared';
import type { Browser } from './test-client.js';

/**
 * Test data made the way a person makes it: through the API, as the signed-in `client`, answering
 * what the API answered. One small function per kind of row; each throws when the API refuses.
 */

/** The id of a currency by code, as the currency dropdown offers it. */
export async function currencyId(client: Browser, code: string): Promise<number> {
  const currencies = (await client.get('/api/currencies')).json<Currency[]>();
  const currency = currencies.find((candidate) => candidate.code === code);
  if (!currency) throw new Error(`no currency ${code}`);
  return currency.id;
}

/** A bank account of the client's current organisation: 1'234.50 in the organisation's currency unless overridden. */
export async function aBankAccount(client: Browser, overrides: Partial<BankAccountCreate> = {}): Promise<BankAccount> {
  // The organisation's currency comes first in the list (API.md).
  const currencyID = overrides.currencyID ?? (await client.get('/api/currencies')).json<Currency[]>()[0]?.id;
  const response = await client.post('/api/bank-accounts', {
    name: 'Geschäftskonto',
    amount: 123_450,
    currencyID,
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`creating a bank account failed: ${response.body}`);
  return response.json<BankAccount>();
}
