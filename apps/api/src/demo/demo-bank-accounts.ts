import { bankAccountListQuerySchema } from '@saldopilot/shared';
import type { DemoContext } from './demo-context.js';

/**
 * The accounts of a Swiss fiduciary company: business accounts in francs, a savings account and
 * one euro account for clients across the border (the total shows the conversion).
 */
const ACCOUNTS = [
  { name: 'UBS Geschäftskonto', amount: 184_250_35, currency: 'CHF' },
  { name: 'PostFinance', amount: 23_480_10, currency: 'CHF' },
  { name: 'Sparkonto', amount: 60_000_00, currency: 'CHF' },
  { name: 'Commerzbank EUR', amount: 12_750_00, currency: 'EUR' },
] as const;

/** The demo organisation's bank accounts, while it has none. */
export async function seedDemoBankAccounts({ services, tenant, currencyId }: DemoContext): Promise<void> {
  // The first page as the list shows it: its count says whether the organisation has any account.
  const existing = await services.bankAccounts.list(tenant, bankAccountListQuerySchema.parse({}));
  if (existing.pagination.totalCount > 0) return;
  for (const account of ACCOUNTS) {
    await services.bankAccounts.create(tenant, {
      name: account.name,
      amount: account.amount,
      currencyId: currencyId(account.currency),
    });
  }
}
