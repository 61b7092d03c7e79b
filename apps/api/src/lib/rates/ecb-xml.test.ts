import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { EcbXmlError, parseEcbDailyXml } from './ecb-xml.js';

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** A minimal well-formed ECB document around the given day cube contents. */
function ecbDocument(dayCube: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>${dayCube}</Cube>
</gesmes:Envelope>`;
}

const rateLines = (rates: Record<string, string>) =>
  Object.entries(rates)
    .map(([code, rate]) => `<Cube currency='${code}' rate='${rate}'/>`)
    .join('\n');

const fiveRates = { USD: '1.1642', JPY: '181.27', GBP: '0.87415', CHF: '0.9268', SEK: '10.9635' };
const day = (rates: Record<string, string>, time = '2026-11-20') =>
  ecbDocument(`<Cube time='${time}'>${rateLines(rates)}</Cube>`);

let dailyXml: string;
beforeAll(async () => {
  dailyXml = await fixture('eurofxref-daily.xml');
});

describe('parseEcbDailyXml', () => {
  it('reads the day and every published rate of the daily file, and adds EUR itself', () => {
    const { date, eurRates } = parseEcbDailyXml(dailyXml);
    expect(date).toBe('2026-11-20');
    expect(Object.keys(eurRates)).toHaveLength(31);
    expect(eurRates).toMatchObject({ EUR: 1, USD: 1.1642, CHF: 0.9268, JPY: 181.27, IDR: 19421.5, ZAR: 20.0712 });
  });

  it('accepts a single published currency cube as well as many (no array/object confusion)', () => {
    expect(parseEcbDailyXml(day(fiveRates)).eurRates).toEqual({
      EUR: 1,
      USD: 1.1642,
      JPY: 181.27,
      GBP: 0.87415,
      CHF: 0.9268,
      SEK: 10.9635,
    });
  });

  it.each([
    ['an empty answer', '', /empty/],
    ['a blank answer', ' \n\t', /empty/],
    ['an HTML error page', '<!DOCTYPE html><html><head><title>503</title></head><body>down</body></html>', /HTML/],
    ['a minimal HTML page', '<html>Service down</html>', /HTML/],
    ['plain text', 'Service Unavailable', /not well-formed/],
    ['JSON', '{"rates":{"USD":1.1}}', /not well-formed/],
    ['well-formed XML of another kind', '<?xml version="1.0"?><rates><USD>1.1</USD></rates>', /Envelope/],
  ])('rejects %s', (_case, body, message) => {
    expect(() => parseEcbDailyXml(body)).toThrow(message);
  });

  it('rejects a download that broke off in the middle of an element', async () => {
    const broken = await fixture('broken.xml');
    expect(() => parseEcbDailyXml(broken)).toThrow(EcbXmlError);
    expect(() => parseEcbDailyXml(broken)).toThrow(/not well-formed/);
  });

  it('rejects a download that broke off between two complete elements', () => {
    const cut = dailyXml.slice(0, dailyXml.indexOf("<Cube currency='NOK'"));
    expect(() => parseEcbDailyXml(cut)).toThrow(/not well-formed/);
  });

  it.each([
    ['no time attribute', ecbDocument(`<Cube>${rateLines(fiveRates)}</Cube>`)],
    ['an empty time', day(fiveRates, '')],
    ['a time that is not a date', day(fiveRates, 'yesterday')],
    ['an impossible date', day(fiveRates, '2026-02-30')],
  ])('rejects a day cube with %s', (_case, xml) => {
    expect(() => parseEcbDailyXml(xml)).toThrow(/time attribute/);
  });

  it.each([
    ['zero', '0'],
    ['negative', '-1.2'],
    ['NaN', 'NaN'],
    ['infinite', 'Infinity'],
    ['overflowing', '1e999'],
    ['empty', ''],
    ['text', 'n/a'],
    ['a comma decimal', '1,08'],
  ])('rejects a %s rate', (_case, rate) => {
    expect(() => parseEcbDailyXml(day({ ...fiveRates, USD: rate }))).toThrow(/rate of USD is not a positive number/);
  });

  it('rejects a currency without a rate', () => {
    const xml = day(fiveRates).replace("<Cube currency='USD' rate='1.1642'/>", "<Cube currency='USD'/>");
    expect(() => parseEcbDailyXml(xml)).toThrow(/rate of USD/);
  });

  it('rejects a currency listed twice, even with the same rate', () => {
    const xml = day(fiveRates).replace('</Cube></Cube>', "<Cube currency='USD' rate='1.1642'/></Cube></Cube>");
    expect(() => parseEcbDailyXml(xml)).toThrow(/USD is listed twice/);
  });

  it('rejects a malformed currency code and a listed EUR rate', () => {
    expect(() => parseEcbDailyXml(day({ ...fiveRates, usd: '1.1' }))).toThrow(/invalid currency/);
    expect(() => parseEcbDailyXml(day({ ...fiveRates, EURO: '1' }))).toThrow(/invalid currency/);
    expect(() => parseEcbDailyXml(day({ ...fiveRates, EUR: '1' }))).toThrow(/EUR is listed/);
  });

  it('rejects fewer than five currencies', () => {
    const { SEK: _dropped, ...four } = fiveRates;
    expect(() => parseEcbDailyXml(day(four))).toThrow(/only 4 currencies/);
    expect(() => parseEcbDailyXml(ecbDocument("<Cube time='2026-11-20'></Cube>"))).toThrow(/no currency rates/);
  });

  it('rejects unknown shapes: no cubes, several days, an extra outer cube', () => {
    expect(() => parseEcbDailyXml(ecbDocument(''))).toThrow(/exactly one dated Cube .*found 0/);
    const twoDays = ecbDocument(
      `<Cube time='2026-11-20'>${rateLines(fiveRates)}</Cube><Cube time='2026-11-19'>${rateLines(fiveRates)}</Cube>`,
    );
    expect(() => parseEcbDailyXml(twoDays)).toThrow(/exactly one dated Cube .*found 2/);
    const twoOuter = day(fiveRates).replace('</gesmes:Envelope>', '<Cube/></gesmes:Envelope>');
    expect(() => parseEcbDailyXml(twoOuter)).toThrow(/outer Cube, found 2/);
    const noEnvelope = '<Cube><Cube time="2026-11-20"><Cube currency="USD" rate="1.1"/></Cube></Cube>';
    expect(() => parseEcbDailyXml(noEnvelope)).toThrow(/Envelope/);
  });
});
