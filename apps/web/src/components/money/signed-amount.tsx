import { Text, type TextProps } from '@mantine/core';
import { formatAmount } from '../../lib/format';
import classes from './signed-amount.module.css';

/**
 * An amount with its currency, green above 0 and red below (research §5.2, §8), in colours that
 * keep the AA contrast in both schemes. Bold by default, as on the cards and in the tables.
 */
export function SignedAmount({
  cents,
  currency,
  fw = 700,
  ...textProps
}: { cents: number; currency: string } & Omit<TextProps, 'children'>) {
  const sign = cents > 0 ? 'positive' : cents < 0 ? 'negative' : undefined;
  return (
    <Text component="span" fw={fw} inherit className={classes.amount} data-sign={sign} {...textProps}>
      {formatAmount(cents, currency)}
    </Text>
  );
}
