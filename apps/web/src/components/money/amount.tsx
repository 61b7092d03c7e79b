import { Text, type TextProps } from '@mantine/core';
import { formatAmount } from '../../lib/format';
import classes from './amount.module.css';

/**
 * An amount with its currency in running text, uncoloured: it never breaks between the figure and
 * "CHF" (on a 375 px screen the currency otherwise wrapped onto a line of its own). Coloured by
 * its sign, it is `SignedAmount`.
 */
export function Amount({
  cents,
  currency,
  ...textProps
}: { cents: number; currency: string } & Omit<TextProps, 'children'>) {
  return (
    <Text component="span" inherit className={classes.amount} {...textProps}>
      {formatAmount(cents, currency)}
    </Text>
  );
}
