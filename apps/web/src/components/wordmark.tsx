import { Text, type MantineFontSize } from '@mantine/core';
import classes from './wordmark.module.css';

/** The logo: "Saldo" in the text colour, "Pilot" in red. Read aloud as one word. */
export function Wordmark({ size = 'xl' }: { size?: MantineFontSize }) {
  return (
    <Text component="span" fz={size} className={classes.wordmark}>
      Saldo<span className={classes.highlight}>Pilot</span>
    </Text>
  );
}
