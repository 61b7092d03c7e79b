/** Below this many hundredths (15 digits) no two decimals of that many digits share a double. */
const EXACT_HUNDREDTHS = 1e15;

/**
 * A number as the text of `<v>`: JavaScript's shortest text that reads back as the same double
 * (valid xsd:double: `1234.5`, `-0.05`, `1e+21`). Amounts (cents / 100) take a shortcut: a double
 * that is the nearest one to a number of hundredths with at most 15 digits has that decimal as its
 * shortest text, so it is written from the whole number of hundredths: the same text at a third of
 * the cost (660'000 amounts in the largest forecast file).
 */
export function numberText(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const hundredths = Math.round(value * 100);
  if (hundredths / 100 !== value || !(Math.abs(hundredths) < EXACT_HUNDREDTHS)) {
    if (!Number.isFinite(value)) throw new RangeError(`${value} is no number a cell can hold`);
    return String(value);
  }
  const size = Math.abs(hundredths);
  const fraction = size % 100;
  const whole = (size - fraction) / 100;
  const sign = hundredths < 0 ? '-' : '';
  // Not a whole number, so the fraction is 1–99; a trailing zero is dropped, as String() would.
  return fraction % 10 === 0
    ? `${sign}${whole}.${fraction / 10}`
    : `${sign}${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}
