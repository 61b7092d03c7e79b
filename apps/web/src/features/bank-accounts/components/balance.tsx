import { Text } from '@mantine/core';
import type { BankAccount } from '@saldopilot/shared';
import { Amount } from '../../../components/money/amount';
import { SignedAmount } from '../../../components/money/signed-amount';

/**
 * The balance in its own currency (green/red) and, for a foreign currency, the server's conversion
 * into the organisation currency in small text: "~ 1'043.21 CHF" (docs/web.md "Bankkonten": formatted
 * like every other amount, not in the foreign currency's locale).
 */
export function Balance({ account, organisationCurrency }: { account: BankAccount; organisationCurrency: string }) {
  const foreign = account.currency.code !== organisationCurrency;
  return (
    <>
      <SignedAmount cents={account.amount} currency={account.currency.code} />
      {foreign ? (
        <Text size="xs" c="dimmed" component="span" display="block">
          ~ <Amount cents={account.convertedAmount} currency={organisationCurrency} />
        </Text>
      ) : null}
    </>
  );
}
