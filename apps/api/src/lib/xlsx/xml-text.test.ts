import { describe, expect, it } from 'vitest';
import { attributeText, cellText, hasOuterSpace, MAX_CELL_TEXT } from './xml-text.js';

describe('cellText', () => {
  it('writes the markup characters as entities', () => {
    expect(cellText(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });

  it('keeps plain text, tabs, line feeds and characters beyond the basic plane as they are', () => {
    for (const text of ['Miete Zürich', 'a\tb\nc', 'Kaffee ☕ 😀', '']) expect(cellText(text)).toBe(text);
  });

  it('writes control characters XML cannot hold, and a carriage return, as Excel escapes _xHHHH_', () => {
    expect(cellText('a\u0000b\u0007c\u001fd')).toBe('a_x0000_b_x0007_c_x001F_d');
    expect(cellText('line\r\nnext')).toBe('line_x000D_\nnext');
    expect(cellText('\u007f\u0085')).toBe('_x007F__x0085_');
    expect(cellText('\uFFFE\uFFFF')).toBe('_xFFFE__xFFFF_');
  });

  it('escapes the underscore of text that reads like an escape, so it reads back unchanged', () => {
    expect(cellText('_x0041_ and _x00e9_ but not _x41_')).toBe('_x005F_x0041_ and _x005F_x00e9_ but not _x41_');
  });

  it('turns a lone surrogate half, which UTF-8 cannot encode, into U+FFFD', () => {
    expect(cellText('a\uD83Db')).toBe('a\uFFFDb');
    expect(cellText('a\uDE00b')).toBe('a\uFFFDb');
  });

  it('cuts text at Excel’s limit of a cell without splitting a surrogate pair', () => {
    expect(cellText('x'.repeat(MAX_CELL_TEXT + 10))).toHaveLength(MAX_CELL_TEXT);
    const pairAcrossTheLimit = `${'x'.repeat(MAX_CELL_TEXT - 1)}😀`;
    expect(cellText(pairAcrossTheLimit)).toBe('x'.repeat(MAX_CELL_TEXT - 1));
  });
});

describe('attributeText', () => {
  it('writes the markup characters as entities', () => {
    expect(attributeText(`#,##0.00 "CHF";[Red]<0>&'`)).toBe('#,##0.00 &quot;CHF&quot;;[Red]&lt;0&gt;&amp;&apos;');
  });
});

describe('hasOuterSpace', () => {
  it('is true for leading or trailing white space only', () => {
    expect([' a', 'a ', '\ta', 'a\n', 'a b', 'ab', ''].map(hasOuterSpace)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
