import type { TextProps } from '@mantine/core';
import { Amount } from './amount';

/**
 * An amount with its currency, green above 0 and red below (docs/web.md "Shell"), in colours that
 * keep the AA contrast in both schemes. Bold by default, as on the cards and in the tables.
 * `warning` shows it red whatever its sign: an amount above 0 can still be too little (a balance
 * below the organisation's minimum), and green would call it good.
 */
export function SignedAmount({
  cents,
  currency,
  warning = false,
  fw = 700,
  ...textProps
}: { cents: number; currency: string; warning?: boolean } & Omit<TextProps, 'children'>) {
  const sign = warning || cents < 0 ? 'negative' : cents > 0 ? 'positive' : undefined;
  return <Amount cents={cents} currency={currency} fw={fw} data-sign={sign} {...textProps} />;
}
