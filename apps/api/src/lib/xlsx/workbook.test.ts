import readXlsxFile from 'read-excel-file/node';
import { SaxesParser } from 'saxes';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { defineStyles, writeWorkbook, type Row, type Sheet } from './index.js';

const styles = defineStyles({
  bold: { bold: true },
  header: { bold: true, align: 'right' },
  title: { bold: true, fontSize: 14 },
  leaf: { indent: 2 },
  amount: { numberFormat: '#,##0.00;[Red]-#,##0.00' },
  excluded: { numberFormat: '#,##0.00;[Red]-#,##0.00', italic: true, strikethrough: true, color: '#868E96' },
  date: { numberFormat: 'dd.mm.yyyy' },
});
const style = styles.ids;

/** Every part of the file as text, by path. */
function parts(file: Buffer): Record<string, string> {
  const entries = unzipSync(new Uint8Array(file));
  return Object.fromEntries(Object.entries(entries).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

/** Throws unless `xml` is well-formed XML 1.0 with its namespaces declared. */
function parseXml(xml: string): void {
  new SaxesParser({ xmlns: true }).write(xml).close();
}

/** The names of the worksheet's child elements, in their order. */
function worksheetChildren(xml: string): string[] {
  const names: string[] = [];
  let depth = 0;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (depth === 1) names.push(tag.name);
    if (!tag.isSelfClosing) depth += 1;
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) depth -= 1;
  });
  parser.write(xml).close();
  return names;
}

const forecast = (): Sheet => ({
  name: 'Prognose',
  rows: [
    {
      cells: [
        { value: 'Betrag in CHF', style: style.bold },
        { value: 'Januar 2027', style: style.header },
      ],
    },
    {
      cells: [
        { value: 'Einnahmen', style: style.bold },
        { value: 1234.5, style: style.amount },
      ],
    },
    { cells: [{ value: 'Honorare' }, { value: -0.05, style: style.amount }], outlineLevel: 1 },
    {
      cells: [
        { value: 'Beratung', style: style.leaf },
        { value: 10377.6, style: style.excluded },
      ],
      outlineLevel: 2,
    },
  ],
  columns: [{ width: 42 }, { width: 16 }, { width: 16 }, { width: 16 }, { width: 20 }],
  freeze: { rows: 1, columns: 1 },
  orientation: 'landscape',
  outline: { depth: 2, summary: 'above' },
});

describe('writeWorkbook', () => {
  it('writes sheets that read back with their texts, numbers, dates and empty cells', async () => {
    const file = await writeWorkbook(styles, [
      forecast(),
      {
        name: 'Angaben',
        rows: [
          { cells: [{ value: 'Liquiditätsplan', style: style.title }] },
          { cells: [] },
          {
            cells: [
              { value: 'Stand per', style: style.bold },
              { value: new Date('2026-11-21T00:00:00Z'), style: style.date },
            ],
          },
          { cells: [{ value: 'Anzahl' }, null, { value: 42 }] },
        ],
      },
    ]);
    const sheets = await readXlsxFile(file);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Prognose', 'Angaben']);
    expect(sheets[0]!.data).toEqual([
      ['Betrag in CHF', 'Januar 2027'],
      ['Einnahmen', 1234.5],
      ['Honorare', -0.05],
      ['Beratung', 10377.6],
    ]);
    expect(sheets[1]!.data).toEqual([
      ['Liquiditätsplan', null, null],
      [null, null, null],
      ['Stand per', new Date('2026-11-21T00:00:00Z'), null],
      ['Anzahl', null, 42],
    ]);
    for (const xml of Object.values(parts(file))) parseXml(xml);
  });

  it('holds the package parts Excel needs, and the worksheet children in ECMA-376 order', async () => {
    const files = parts(await writeWorkbook(styles, [forecast(), { name: 'Zwei', rows: [] }]));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/app.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    for (const part of [
      '/xl/workbook.xml',
      '/xl/styles.xml',
      '/xl/worksheets/sheet1.xml',
      '/xl/worksheets/sheet2.xml',
    ]) {
      expect(files['[Content_Types].xml']).toContain(`PartName="${part}"`);
    }
    expect(files['xl/workbook.xml']).toContain(
      '<sheet name="Prognose" sheetId="1" r:id="rId1"/><sheet name="Zwei" sheetId="2" r:id="rId2"/>',
    );
    expect(files['xl/_rels/workbook.xml.rels']).toContain(
      'Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"',
    );
    expect(worksheetChildren(files['xl/worksheets/sheet1.xml']!)).toEqual([
      'sheetPr',
      'sheetViews',
      'sheetFormatPr',
      'cols',
      'sheetData',
      'pageMargins',
      'pageSetup',
    ]);
    expect(worksheetChildren(files['xl/worksheets/sheet2.xml']!)).toEqual([
      'sheetViews',
      'sheetFormatPr',
      'sheetData',
      'pageMargins',
      'pageSetup',
    ]);
  });

  it('freezes the pane, groups rows in an outline with the totals above, sets widths and the page', async () => {
    const xml = parts(await writeWorkbook(styles, [forecast()]))['xl/worksheets/sheet1.xml']!;
    expect(xml).toContain('<sheetPr><outlinePr summaryBelow="0"/></sheetPr>');
    expect(xml).toContain(
      '<sheetView tabSelected="1" workbookViewId="0"><pane xSplit="1" ySplit="1" topLeftCell="B2" activePane="bottomRight" state="frozen"/><selection pane="bottomRight"/></sheetView>',
    );
    expect(xml).toContain('<sheetFormatPr defaultRowHeight="15" outlineLevelRow="2"/>');
    // Neighbours of one width share a <col>.
    expect(xml).toContain(
      '<cols><col min="1" max="1" width="42" customWidth="1"/><col min="2" max="4" width="16" customWidth="1"/><col min="5" max="5" width="20" customWidth="1"/></cols>',
    );
    expect([...xml.matchAll(/<row ([^>]*)>/g)].map((match) => match[1])).toEqual([
      'r="1"',
      'r="2"',
      'r="3" outlineLevel="1"',
      'r="4" outlineLevel="2"',
    ]);
    expect(xml).toContain('<pageSetup paperSize="9" orientation="landscape"/>');
  });

  it('freezes only the header row of a list, and opens on the first sheet only', async () => {
    const files = parts(
      await writeWorkbook(styles, [
        { name: 'Eins', rows: [], freeze: { rows: 1 } },
        { name: 'Zwei', rows: [], freeze: { columns: 2 } },
      ]),
    );
    expect(files['xl/worksheets/sheet1.xml']).toContain(
      '<sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    expect(files['xl/worksheets/sheet2.xml']).toContain(
      '<sheetView workbookViewId="0"><pane xSplit="2" topLeftCell="C1" activePane="topRight" state="frozen"/>',
    );
    expect(files['xl/worksheets/sheet1.xml']).toContain('<pageSetup paperSize="9" orientation="portrait"/>');
  });

  it('gives each cell its style: fonts, number formats and alignment written once and shared', async () => {
    const files = parts(await writeWorkbook(styles, [forecast()]));
    const stylesXml = files['xl/styles.xml']!;
    expect(stylesXml).toBe(styles.xml);
    expect(stylesXml).toContain(
      '<numFmts count="2"><numFmt numFmtId="164" formatCode="#,##0.00;[Red]-#,##0.00"/><numFmt numFmtId="165" formatCode="dd.mm.yyyy"/></numFmts>',
    );
    const fonts = [...stylesXml.matchAll(/<font>(.*?)<\/font>/g)].map((match) => match[1]);
    expect(fonts).toEqual([
      '<sz val="11"/><name val="Calibri"/><family val="2"/>',
      '<b/><sz val="11"/><name val="Calibri"/><family val="2"/>',
      '<b/><sz val="14"/><name val="Calibri"/><family val="2"/>',
      '<i/><strike/><sz val="11"/><color rgb="FF868E96"/><name val="Calibri"/><family val="2"/>',
    ]);
    const xfs = [
      .../<cellXfs count="8">(.*)<\/cellXfs>/.exec(stylesXml)![1]!.matchAll(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/g),
    ].map((match) => match[0]);
    expect(xfs).toHaveLength(8);
    expect(xfs[style.header]).toBe(
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment horizontal="right"/></xf>',
    );
    expect(xfs[style.leaf]).toBe(
      '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment horizontal="left" indent="2"/></xf>',
    );
    expect(xfs[style.excluded]).toBe(
      '<xf numFmtId="164" fontId="3" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>',
    );
    const sheet = files['xl/worksheets/sheet1.xml']!;
    expect(sheet).toContain(`<c r="B4" s="${style.excluded}"><v>10377.6</v></c>`);
    expect(sheet).toContain('<c r="A3" t="inlineStr"><is><t>Honorare</t></is></c>');
  });

  it('keeps every text a text, escaped: markup, quotes, control characters, outer spaces, formulas', async () => {
    const texts = [
      `<b>"Müller" & 'Söhne'</b>`,
      'Zeile 1\r\nZeile 2\tTab',
      'Glocke\u0007 und Null\u0000 und \u001f',
      '_x0041_ bleibt so',
      '  eingerückt  ',
      '=HYPERLINK("http://x")',
      '+41 44 000 00 00',
      'Kaffee ☕ 😀',
    ];
    const file = await writeWorkbook(styles, [
      { name: 'Texte', rows: texts.map((text) => ({ cells: [{ value: text }] })) },
    ]);
    const [sheet] = await readXlsxFile(file, { trim: false });
    expect(sheet!.data.map(([text]) => text)).toEqual(texts);
    const xml = parts(file)['xl/worksheets/sheet1.xml']!;
    parseXml(xml);
    expect(xml).not.toContain('<f>');
    expect(xml).toContain('&lt;b&gt;&quot;Müller&quot; &amp; &apos;Söhne&apos;&lt;/b&gt;');
    expect(xml).toContain('<t xml:space="preserve">  eingerückt  </t>');
    expect(xml).toContain('<c r="A6" t="inlineStr"><is><t>=HYPERLINK(&quot;http://x&quot;)</t></is></c>');
  });

  it('writes a sheet of one row and an empty sheet', async () => {
    const file = await writeWorkbook(styles, [
      { name: 'Eine Zeile', rows: [{ cells: [{ value: 'Nur ich', style: style.bold }] }], freeze: { rows: 1 } },
      { name: 'Leer', rows: [] },
    ]);
    const sheets = await readXlsxFile(file);
    expect(sheets.map(({ sheet, data }) => [sheet, data])).toEqual([
      ['Eine Zeile', [['Nur ich']]],
      ['Leer', []],
    ]);
    const files = parts(file);
    expect(files['xl/worksheets/sheet2.xml']).toContain('<sheetData></sheetData>');
    for (const xml of Object.values(files)) parseXml(xml);
  });

  it('reads the rows once, as they are written, and lets other work run between chunks', async () => {
    let read = 0;
    function* rows(): Generator<Row> {
      for (let number = 0; number < 20_000; number += 1) {
        read += 1;
        yield { cells: [{ value: `Zeile ${number}` }, { value: number / 100, style: style.amount }] };
      }
    }
    let otherWork = 0;
    const timer = setInterval(() => (otherWork += 1), 0);
    const file = await writeWorkbook(styles, [{ name: 'Viele', rows: rows() }]).finally(() => clearInterval(timer));
    expect(read).toBe(20_000);
    expect(otherWork).toBeGreaterThan(0);
    const [sheet] = await readXlsxFile(file);
    expect(sheet!.data).toHaveLength(20_000);
    expect(sheet!.data.at(-1)).toEqual(['Zeile 19999', 199.99]);
  });

  it('refuses what Excel could not open: bad sheet names, levels beyond the outline, unknown styles, bad values', async () => {
    const one = (sheet: Partial<Sheet>) => writeWorkbook(styles, [{ name: 'Blatt', rows: [], ...sheet }]);
    for (const name of ['', 'x'.repeat(32), 'a/b', 'a[1]', "'quoted'", 'History', 'tab\there']) {
      await expect(one({ name }), name).rejects.toThrow(RangeError);
    }
    await expect(
      writeWorkbook(styles, [
        { name: 'Gleich', rows: [] },
        { name: 'gleich', rows: [] },
      ]),
    ).rejects.toThrow(/used twice/);
    await expect(writeWorkbook(styles, [])).rejects.toThrow(RangeError);
    await expect(one({ rows: [{ cells: [], outlineLevel: 1 }] })).rejects.toThrow(/outline level 1/);
    await expect(
      one({ rows: [{ cells: [], outlineLevel: 3 }], outline: { depth: 2, summary: 'above' } }),
    ).rejects.toThrow(/outline level 3/);
    await expect(one({ outline: { depth: 8, summary: 'below' } })).rejects.toThrow(/depth/);
    await expect(one({ rows: [{ cells: [{ value: 1, style: styles.count as typeof style.bold }] }] })).rejects.toThrow(
      /style/,
    );
    await expect(one({ rows: [{ cells: [{ value: Number.NaN }] }] })).rejects.toThrow(RangeError);
    await expect(one({ rows: [{ cells: [{ value: new Date('1800-01-01T00:00:00Z') }] }] })).rejects.toThrow(RangeError);
    await expect(one({ columns: [{ width: 0 }] })).rejects.toThrow(/widths/);
    await expect(one({ freeze: { rows: -1 } })).rejects.toThrow(/frozen/);
  });
});

describe('defineStyles', () => {
  it('refuses a style Excel could not read', () => {
    expect(() => defineStyles({ small: { fontSize: 0 } })).toThrow(/fontSize/);
    expect(() => defineStyles({ grey: { color: 'grey' } })).toThrow(/color/);
    expect(() => defineStyles({ deep: { indent: 1.5 } })).toThrow(/indent/);
    expect(() => defineStyles({ none: { numberFormat: '' } })).toThrow(/numberFormat/);
  });
});
