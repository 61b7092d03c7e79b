import { attributeText, XML_DECLARATION } from './xml-text.js';

/**
 * How a cell looks. A workbook has a small fixed set of these, defined once with
 * {@link defineStyles}; a cell names one by its id (one number per cell, not a description).
 */
export interface CellStyle {
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  /** Points; the workbook's text is Calibri 11 otherwise. */
  fontSize?: number;
  /** The text colour, `#RRGGBB`. */
  color?: string;
  /** Indent steps from the left edge (Excel indents by about three characters a step). */
  indent?: number;
  align?: 'left' | 'center' | 'right';
  /** An Excel number format code, written as Excel stores it (`,` groups and `.` marks decimals in every locale). */
  numberFormat?: string;
}

/** The index of a style in the workbook's `cellXfs`; 0 is the plain default. */
export type StyleId = number & { readonly styleId: unique symbol };

export interface StyleSheet<Name extends string = string> {
  readonly ids: Readonly<Record<Name, StyleId>>;
  /** How many cell styles `xml` holds (the default included): every valid id is below it. */
  readonly count: number;
  /** The workbook part `xl/styles.xml`. */
  readonly xml: string;
}

const DEFAULT_FONT_SIZE = 11;
/** Excel's own numbers for custom format codes start here; the ones below are built in. */
const FIRST_CUSTOM_FORMAT = 164;

/**
 * The workbook's styles, by name: each becomes a cell format (`xf`) with its font and number format,
 * fonts and format codes written once however many styles share them. Made once per module and
 * used for every file; the XML is ready before the first cell is written.
 */
export function defineStyles<Name extends string>(styles: Record<Name, CellStyle>): StyleSheet<Name> {
  const fonts = new Map<string, number>([[fontXml({}), 0]]);
  const formats = new Map<string, number>();
  const formatIds = (code: string) => {
    const known = formats.get(code);
    if (known !== undefined) return known;
    const id = FIRST_CUSTOM_FORMAT + formats.size;
    formats.set(code, id);
    return id;
  };
  const xfs = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  const ids = {} as Record<Name, StyleId>;
  for (const name of Object.keys(styles) as Name[]) {
    const style = styles[name];
    checkStyle(name, style);
    const font = fontXml(style);
    const fontId = fonts.get(font) ?? fonts.size;
    fonts.set(font, fontId);
    const numberFormatId = style.numberFormat === undefined ? 0 : formatIds(style.numberFormat);
    ids[name] = xfs.length as StyleId;
    xfs.push(xfXml(style, fontId, numberFormatId));
  }
  const numberFormats = [...formats].map(
    ([code, id]) => `<numFmt numFmtId="${id}" formatCode="${attributeText(code)}"/>`,
  );
  // The elements in the standard's order; the two fills are the ones every reader expects first.
  const xml =
    XML_DECLARATION +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    (numberFormats.length > 0 ? `<numFmts count="${numberFormats.length}">${numberFormats.join('')}</numFmts>` : '') +
    `<fonts count="${fonts.size}">${[...fonts.keys()].join('')}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>';
  return { ids, count: xfs.length, xml };
}

function fontXml(style: CellStyle): string {
  return (
    '<font>' +
    (style.bold ? '<b/>' : '') +
    (style.italic ? '<i/>' : '') +
    (style.strikethrough ? '<strike/>' : '') +
    `<sz val="${style.fontSize ?? DEFAULT_FONT_SIZE}"/>` +
    (style.color ? `<color rgb="FF${style.color.slice(1).toUpperCase()}"/>` : '') +
    '<name val="Calibri"/><family val="2"/></font>'
  );
}

function xfXml(style: CellStyle, fontId: number, numberFormatId: number): string {
  // An indent counts only with a left or right alignment; a plain indented label is left-aligned.
  const horizontal = style.align ?? (style.indent ? 'left' : undefined);
  const alignment = horizontal
    ? `<alignment horizontal="${horizontal}"${style.indent ? ` indent="${style.indent}"` : ''}/>`
    : '';
  return (
    `<xf numFmtId="${numberFormatId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"` +
    (numberFormatId ? ' applyNumberFormat="1"' : '') +
    (fontId ? ' applyFont="1"' : '') +
    (alignment ? ` applyAlignment="1">${alignment}</xf>` : '/>')
  );
}

/** A style Excel could not read is a mistake in our code: said at definition, not in a damaged file. */
function checkStyle(name: string, style: CellStyle): void {
  const fault =
    style.fontSize !== undefined && !(style.fontSize >= 1 && style.fontSize <= 409)
      ? 'fontSize must be 1–409 points'
      : style.color !== undefined && !/^#[0-9A-Fa-f]{6}$/.test(style.color)
        ? 'color must be #RRGGBB'
        : style.indent !== undefined && !(Number.isInteger(style.indent) && style.indent >= 0 && style.indent <= 250)
          ? 'indent must be a whole number 0–250'
          : style.numberFormat === ''
            ? 'numberFormat must not be empty'
            : undefined;
  if (fault) throw new RangeError(`style ${name}: ${fault}`);
}
