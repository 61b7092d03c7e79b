import { describe, expect, it } from 'vitest';
import { csvCell } from './report-csv.js';

describe('csvCell (docs/reports.md "Formula injection")', () => {
  it('neutralises a cell that starts like a formula, fullwidth and small forms included; numbers stay numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('-1234.50')).toBe('-1234.50');
    expect(csvCell('1234.50')).toBe('1234.50');
    expect(csvCell('Zahlung')).toBe('Zahlung');
  });

  it('neutralises what a reader splitting at "," or at a line break would see as a cell of its own', () => {
    expect(csvCell('Zahlung,=1+1')).toBe(`"Zahlung,'=1+1"`);
    expect(csvCell('Zahlung,＝1+1')).toBe(`"Zahlung,'＝1+1"`);
    expect(csvCell('Zeile 1\n@SUM(A1)')).toBe(`"Zeile 1\n'@SUM(A1)"`);
    expect(csvCell('Rabatt,-5')).toBe('"Rabatt,-5"');
    expect(csvCell('a, =1')).toBe('"a, =1"');
  });

  it('quotes a cell holding a delimiter, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('')).toBe('');
  });
});
