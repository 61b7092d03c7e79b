/**
 * Text inside the workbook's XML (docs/reports.md "XLSX"). XML 1.0 cannot carry most control
 * characters at all, not even as `&#…;`; a cell's text is an Office "escaped string" (`_xHHHH_`
 * stands for the character HHHH), which is how Excel itself keeps them, so a tab, a line break or a
 * stray control character in a bank's remittance text reads back as it was entered.
 */

// Markup characters; control characters but tab and line feed (a carriage return would be read as a
// line feed); the two non-characters XML forbids; a lone surrogate half (in `u` mode a pair is one
// code point, so the range matches a half alone); and text that reads like an escape already.
const CELL_SPECIAL = /[&<>"'\uFFFE\uFFFF\uD800-\uDFFF]|(?![\t\n])\p{Cc}|_x[0-9A-Fa-f]{4}_/gu;
const CELL_SPECIAL_TEST = new RegExp(CELL_SPECIAL.source, 'u');
const ATTRIBUTE_SPECIAL = /[&<>"']/g;

/** The first line of every XML part of the workbook. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The most characters a cell holds; Excel calls a file with a longer text damaged. */
export const MAX_CELL_TEXT = 32_767;

/** A cell's text as the content of `<t>`: markup characters as entities, the rest as `_xHHHH_`. */
export function cellText(text: string): string {
  const fitting = text.length > MAX_CELL_TEXT ? truncate(text) : text;
  return CELL_SPECIAL_TEST.test(fitting) ? fitting.replace(CELL_SPECIAL, escapeCellCharacter) : fitting;
}

function escapeCellCharacter(match: string): string {
  const entity = ENTITIES[match];
  if (entity) return entity;
  // Text that already looks like an escape keeps its meaning: its underscore is escaped itself.
  if (match.length > 1) return `_x005F${match}`;
  const code = match.charCodeAt(0);
  // A lone surrogate half is no character: UTF-8 cannot encode it, so it becomes U+FFFD.
  if (code >= 0xd800 && code <= 0xdfff) return '\uFFFD';
  return `_x${code.toString(16).toUpperCase().padStart(4, '0')}_`;
}

/** Cut at the limit without splitting a surrogate pair. */
function truncate(text: string): string {
  const last = text.charCodeAt(MAX_CELL_TEXT - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_CELL_TEXT - 1 : MAX_CELL_TEXT);
}

/** A value of an attribute the writer composes (sheet names, format codes): markup characters as entities. */
export function attributeText(text: string): string {
  return text.replace(ATTRIBUTE_SPECIAL, (match) => ENTITIES[match] ?? match);
}

/** Whether `<t>` needs `xml:space="preserve"` to keep its leading or trailing white space. */
export function hasOuterSpace(text: string): boolean {
  return /^\s|\s$/.test(text);
}
