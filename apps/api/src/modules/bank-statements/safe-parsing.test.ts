import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { useTestApp } from '../../test/build-test-app.js';
import { sendStatement, type StatementUpload } from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { PARSE_LIMITS } from './lib/statement.js';

const app = useTestApp();

/**
 * Issue 42, outside probe item 1: hostile files must neither freeze other requests nor end the
 * process (docs/bank-statements.md "Safe parsing"). Every file here is synthetic, built below.
 */

const CAMT_08 = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';
const encoder = new TextEncoder();

/** A camt.053 document whose statement holds `count` copies of `element`: valid root, hostile body. */
function camtWith(element: string, count: number): Uint8Array {
  return encoder.encode(
    `<Document xmlns="${CAMT_08}"><BkToCstmrStmt><Stmt>${element.repeat(count)}</Stmt></BkToCstmrStmt></Document>`,
  );
}

/** The probe's file: ~50 KB of zip holding ~49 MB of `<a/>` (12.8 million elements) under a camt root. */
function hostileZip(): StatementUpload {
  const zipped = zipSync({ 'statement.xml': camtWith('<a/>', 12_800_000) }, { level: 9 });
  return { bytes: zipped, contentType: 'application/zip' };
}

/** Asks `/api/global/time` every 10 ms until `until` settles; answers the slowest wait and how many answered. */
async function timeWhile(until: Promise<unknown>) {
  let settled = false;
  void until.finally(() => (settled = true));
  let slowest = 0;
  let answered = 0;
  while (!settled) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/global/time' });
    expect(response.statusCode).toBe(200);
    if (!settled) answered += 1;
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { slowest, answered };
}

const fixture = (name: string): StatementUpload => ({
  bytes: new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url))),
  contentType: 'application/xml',
});

async function previewsFine(user: SignedInUser) {
  const response = await sendStatement(user, fixture('camt053-001-08.xml'), { preview: true });
  expect(response.statusCode, response.body).toBe(200);
}

describe('hostile files do not hold the server', () => {
  it('refuses the 50 KB zip of 49 MB of elements quickly, in German, while other requests are answered', async () => {
    const user = await signUp(app);
    const file = hostileZip();
    expect(file.bytes.length).toBeLessThan(100 * 1024);
    const started = performance.now();
    const upload = sendStatement(user, file, { preview: true });
    const { slowest, answered } = await timeWhile(upload);
    const response = await upload;
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain("mehr als 2'000'000 XML-Elemente");
    expect(performance.now() - started).toBeLessThan(20_000);
    // Requests of everyone else went on while the file was read (the probe saw 32–116 s).
    expect(answered).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(500);
    await previewsFine(user);
  }, 60_000);

  it('refuses a file of more XML elements than the limit, naming it', async () => {
    const user = await signUp(app);
    const file = { bytes: camtWith('<a/>', PARSE_LIMITS.xmlElements), contentType: 'application/xml' };
    const response = await sendStatement(user, file, { preview: true });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^Die Datei enthält mehr als 2'000'000 XML-Elemente/);
  }, 60_000);

  it('refuses a file of more entries than the limit, naming it', async () => {
    const user = await signUp(app);
    const file = { bytes: camtWith('<Ntry/>', PARSE_LIMITS.entries + 1), contentType: 'application/xml' };
    const response = await sendStatement(user, file, { preview: true });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^Die Datei enthält mehr als 200'000 Buchungen/);
  }, 60_000);

  it('refuses a file whose reading outgrows the reader’s memory in German, and keeps serving', async () => {
    const user = await signUp(app);
    // Kept elements with text: under the element limit, but far beyond the reader's memory.
    const file = { bytes: camtWith('<b>1</b>', 1_999_000), contentType: 'application/xml' };
    const upload = sendStatement(user, file, { preview: true });
    const { slowest } = await timeWhile(upload);
    const response = await upload;
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: string }>().error).toContain('Arbeitsspeicher');
    expect(slowest).toBeLessThan(500);
    const time = await app.inject({ method: 'GET', url: '/api/global/time' });
    expect(time.statusCode).toBe(200);
    await previewsFine(user);
  }, 60_000);

  it(`reads at most ${PARSE_LIMITS.perOrganisation} files of one organisation at once (429 with Retry-After beyond), others still get theirs`, async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    // Each takes a while to read (a million elements), so all are under way at once.
    const slow = { bytes: camtWith('<a/>', 1_000_000), contentType: 'application/xml' };
    const uploads = Array.from({ length: PARSE_LIMITS.perOrganisation + 1 }, () =>
      sendStatement(user, slow, { preview: true }),
    );
    const others = sendStatement(other, slow, { preview: true });
    const answers = await Promise.all(uploads);
    const refused = answers.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    expect(refused[0]!.json<{ error: string }>().error).toMatch(/gleichzeitig/);
    // The others were read (a statement without an account: the file's own 400, not a 429).
    const read = answers.filter((response) => response.statusCode !== 429);
    expect(read).toHaveLength(PARSE_LIMITS.perOrganisation);
    for (const response of [...read, await others])
      expect(response.json<{ error: string }>().error).toMatch(/BkToCstmrStmt/);
    // Once they are read, the next is read again.
    await previewsFine(user);
  }, 60_000);
});
