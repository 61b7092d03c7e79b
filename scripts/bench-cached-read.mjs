// The cached read (docs/forecast.md "Speed"): GET /api/forecasts?months=60 of the big organisation
// answered from memory (nothing changed since the last read, no If-None-Match: the whole answer is
// sent), as a browser asks it (Accept-Encoding), against its ceiling measured in the same run, in
// turns: a bare Fastify route in a process of its own sending the same JSON as it is
// (scripts/bench-bare-server.mjs). Called from scripts/bench.mjs; alone:
//   BENCH_ONLY=cached-read npm run bench        (BENCH_SECONDS per measurement, BENCH_ROUNDS rounds)
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { inTurns, loadUrl, ratioNote } from './bench-loop.mjs';
import { startSeeded } from './bench-forecast-api.mjs';

const API_PORT = 3941;
const BARE_PORT = 3942;
const ADDRESS = '/api/forecasts?months=60';

async function untilAnswering(child, origin) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare server exited with ${child.exitCode}`);
    const answered = await fetch(`${origin}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function benchCachedRead(helpers) {
  const { stop, line, seconds, inTempDir } = helpers;
  await inTempDir('cr', async (dataDir) => {
    const target = { kind: 'pglite', dataDir: `${dataDir}/pglite` };
    const { server, origin, cookie } = await startSeeded(helpers, { dataDir, port: API_PORT, target });
    const bareOrigin = `http://127.0.0.1:${BARE_PORT}`;
    let bare;
    try {
      const first = await fetch(`${origin}${ADDRESS}`, { headers: { cookie } });
      if (first.status !== 200) throw new Error(`${ADDRESS}: ${first.status} ${await first.text()}`);
      const body = await first.text();
      const payloadFile = path.join(dataDir, 'forecast.json');
      writeFileSync(payloadFile, body);
      bare = spawn(process.execPath, [path.resolve('scripts/bench-bare-server.mjs'), String(BARE_PORT), payloadFile], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await untilAnswering(bare, bareOrigin);
      await helpers.untilIdle(server.child);
      const headers = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };
      const result = await inTurns(
        async () => ({ read: await loadUrl(`${origin}${ADDRESS}`, headers, seconds) }),
        async () => ({ read: await loadUrl(`${bareOrigin}/bare`, {}, seconds) }),
      );
      const { api, ceiling } = result.read;
      const [value, unit, note] = ratioNote(result.read, 30);
      line(
        `PGlite: GET ${ADDRESS} from memory vs a bare route, same ${Math.round(body.length / 1024)} KB (target >= 30 %)`,
        value,
        unit,
        `${note}; median rounds ${api.rps} vs ${ceiling.rps} req/s, p99 ${api.p99} vs ${ceiling.p99} ms`,
      );
    } finally {
      if (bare) await stop(bare);
      await stop(server.child);
    }
  });
}
