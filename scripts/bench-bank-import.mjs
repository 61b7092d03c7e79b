// The bank statement line of `npm run bench` (docs/bank-statements.md "Speed"): a camt.053.001.08 with ENTRIES entries
// (~15 MB, built here) previewed and imported through the real server on PGlite, each into an
// account of its own so every import stores every entry; median of ROUNDS with the spread.
// Alone: `BENCH_ONLY=bank-import node scripts/bench.mjs` (needs the build).

const ENTRIES = Number(process.env.BENCH_BANK_ENTRIES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_BANK_ROUNDS ?? 3);
const PREVIEW_TARGET_MS = 3_000;
const IMPORT_TARGET_MS = 5_000;
const PORT = 3941;

/** A Swiss IBAN for the account number `n` (check digits by mod 97). */
async function ibanFor(n) {
  const { mod97 } = await import('../packages/shared/dist/index.js');
  const bban = `09000${String(n).padStart(12, '0')}`;
  return `CH${String(98 - mod97(`${bban}CH00`)).padStart(2, '0')}${bban}`;
}

/** One booked entry with the details a bank sends (parties with addresses, references, texts). */
function entryXml(run, i) {
  const credit = i % 3 !== 0;
  const cents = 1_000 + ((i * 7919) % 900_000);
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const day = String((i % 28) + 1).padStart(2, '0');
  const role = credit ? 'Dbtr' : 'Cdtr';
  const name = `${credit ? 'Kunde' : 'Lieferant'} ${String(i).padStart(5, '0')} AG`;
  return `      <Ntry>
        <NtryRef>${i}</NtryRef>
        <Amt Ccy="CHF">${amount}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-10-${day}</Dt></BookgDt>
        <ValDt><Dt>2026-10-${day}</Dt></ValDt>
        <AcctSvcrRef>BENCH-${run}-${String(i).padStart(6, '0')}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>AUTT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><MsgId>MSG-${run}-${i}</MsgId><AcctSvcrRef>BENCH-${run}-${String(i).padStart(6, '0')}-1</AcctSvcrRef><EndToEndId>E2E-${run}-${i}</EndToEndId><TxId>TX-${run}-${i}</TxId></Refs>
            <Amt Ccy="CHF">${amount}</Amt>
            <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
            <AmtDtls><InstdAmt><Amt Ccy="CHF">${amount}</Amt></InstdAmt><TxAmt><Amt Ccy="CHF">${amount}</Amt></TxAmt></AmtDtls>
            <RltdPties>
              <${role}><Pty><Nm>${name}</Nm><PstlAdr><StrtNm>Musterstrasse</StrtNm><BldgNb>${i % 200}</BldgNb><PstCd>8000</PstCd><TwnNm>Zürich</TwnNm><Ctry>CH</Ctry></PstlAdr></Pty></${role}>
              <${role}Acct><Id><IBAN>CH9300762011623852957</IBAN></Id></${role}Acct>
            </RltdPties>
            <RltdAgts><${role}Agt><FinInstnId><BICFI>POFICHBEXXX</BICFI><Nm>Bank</Nm></FinInstnId></${role}Agt></RltdAgts>
            <RmtInf><Ustrd>Rechnung ${run}-${i} vom 01.10.2026, Leistungen September, Kundennummer ${i * 13}</Ustrd></RmtInf>
            <AddtlTxInf>${credit ? 'Gutschrift' : 'Zahlung'} ${name}, Musterstrasse ${i % 200}, 8000 Zürich</AddtlTxInf>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>${credit ? 'Gutschrift' : 'Zahlung'} ${name}</AddtlNtryInf>
      </Ntry>
`;
}

/** The statement: opening balance, ENTRIES entries, closing = opening + their sum. */
function statementXml(run, iban) {
  let total = 0;
  const entries = [];
  for (let i = 0; i < ENTRIES; i += 1) {
    const cents = 1_000 + ((i * 7919) % 900_000);
    total += i % 3 !== 0 ? cents : -cents;
    entries.push(entryXml(run, i));
  }
  const opening = 100_000_000;
  const closing = opening + total;
  const amount = (cents) => `${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  const bal = (code, cents, date) =>
    `      <Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">${amount(cents)}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH-${run}</MsgId><CreDtTm>2026-11-01T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>BENCH-${run}</Id>
      <FrToDt><FrDtTm>2026-10-01T00:00:00</FrDtTm><ToDtTm>2026-10-31T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>CHF</Ccy></Acct>
${bal('OPBD', opening, '2026-09-30')}${bal('CLBD', closing, '2026-10-31')}${entries.join('')}    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => `${Math.min(...values)}–${Math.max(...values)} ms`;

export async function benchBankImport(tools) {
  await tools.inTempDir('bank-import', (dataDir) =>
    tools.withServer(dataDir, PORT, {}, async () => {
      const origin = `http://127.0.0.1:${PORT}`;
      const cookie = await tools.signUp(origin);
      const json = { cookie, origin, 'content-type': 'application/json' };
      const [currency] = await (await fetch(`${origin}/api/currencies`, { headers: json })).json();
      const previews = [];
      const imports = [];
      let megabytes = 0;
      for (let run = 1; run <= ROUNDS; run += 1) {
        const iban = await ibanFor(run);
        const created = await fetch(`${origin}/api/bank-accounts`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            name: `Bench ${run}`,
            amount: 0,
            currencyId: currency.id,
            balanceDate: '2026-09-01',
            iban,
          }),
        });
        if (created.status !== 201) throw new Error(`creating an account: ${created.status} ${await created.text()}`);
        const body = Buffer.from(statementXml(run, iban));
        megabytes = body.length / 1024 / 1024;
        const send = async (url) => {
          const started = performance.now();
          const response = await fetch(`${origin}${url}`, {
            method: 'POST',
            headers: { cookie, origin, 'content-type': 'application/xml' },
            body,
          });
          const answer = await response.json();
          if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer)}`);
          return { ms: Math.round(performance.now() - started), answer };
        };
        const preview = await send('/api/bank-statements/preview');
        if (preview.answer.statements[0].newCount !== ENTRIES)
          throw new Error('the preview did not find every entry new');
        previews.push(preview.ms);
        const stored = await send('/api/bank-statements');
        if (stored.answer.imported !== ENTRIES) throw new Error(`imported ${stored.answer.imported} of ${ENTRIES}`);
        imports.push(stored.ms);
      }
      const size = `${megabytes.toFixed(1)} MB, ${ENTRIES} entries`;
      tools.line(
        `bank statement preview, camt.053 (target < ${PREVIEW_TARGET_MS / 1000} s)`,
        median(previews),
        'ms',
        `median of ${ROUNDS}, ${spread(previews)}, ${size}, PGlite`,
      );
      tools.line(
        `bank statement import, camt.053 (target < ${IMPORT_TARGET_MS / 1000} s)`,
        median(imports),
        'ms',
        `median of ${ROUNDS}, ${spread(imports)}, ${size}, PGlite`,
      );
    }),
  );
}
