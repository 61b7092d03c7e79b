import { describe, expect, it } from 'vitest';
import { percentOfThousandths, thousandthsOfPercent } from './percent-text';

describe('percent fields', () => {
  it.each([
    [6_200, 6.2],
    [1_025, 1.025],
    [1, 0.001],
    [10_000, 10],
    [null, ''],
  ])('shows %s thousandths of a percent as %s', (thousandths, percent) => {
    expect(percentOfThousandths(thousandths)).toBe(percent);
  });

  it.each([
    ['6.2', 6_200],
    [6.2, 6_200],
    [5.3, 5_300],
    [1.025, 1_025],
    [0.001, 1],
    [2.345, 2_345],
    ['', null],
    ['-', null],
    ['abc', Number.NaN],
  ])('reads %s percent as %s thousandths', (percent, thousandths) => {
    expect(thousandthsOfPercent(percent)).toBe(thousandths);
  });
});
