import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The server as operators run it: the built entry point (`npm test` builds before testing).
const serverEntry = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'saldopilot-server-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  if (!existsSync(serverEntry)) throw new Error('apps/api/dist is missing: run `npx tsc -b` first');
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// A fresh embedded database is created and migrated at start: seconds on an idle machine, over a
// minute on a CI machine running the other suites beside it (seen under Node 24). The wait stops
// early when the process ends, and a failure shows what the server printed.
async function waitForOutput(server: ReturnType<typeof startServer>, text: string, timeoutMs = 180_000) {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const until = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (exitCode !== undefined || Date.now() > until) {
      const why = exitCode !== undefined ? `exited with ${exitCode}` : `timed out after ${timeoutMs} ms`;
      throw new Error(`waiting for "${text}": the server ${why}; it printed:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A port no one listens on now, chosen by the system: a random one collided with the ports of other
 * test files running beside this one (EADDRINUSE).
 */
function freePort(): Promise<string> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(String(typeof address === 'object' && address ? address.port : 0)));
    });
  });
}

describe('the server process', () => {
  it('refuses an invalid configuration with a message naming it and exit code 1', async () => {
    const server = startServer({ PORT: 'abc', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/DATABASE_URL/);
  });

  it('refuses FIXED_TODAY in production', async () => {
    const server = startServer({ NODE_ENV: 'production', FIXED_TODAY: '2026-11-21', JWT_SECRET: 'x'.repeat(40) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('FIXED_TODAY: is refused when NODE_ENV=production');
  });

  it('starts, warns about FIXED_TODAY, answers, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({
      PORT: port,
      HOST: '127.0.0.1',
      FIXED_TODAY: '2026-11-21',
      NODE_ENV: 'test',
      RATES_URL: 'http://127.0.0.1:9/none',
    });
    await waitForOutput(server, 'Server listening');
    expect(server.output()).toContain('FIXED_TODAY pins the date of this server');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 240_000);

  it('starts without Redis: listens, with one warning naming REDIS_URL', async () => {
    const port = await freePort();
    const server = startServer({
      PORT: port,
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      RATES_URL: 'http://127.0.0.1:9/none',
      // Port 9 (discard) has no listener on a test machine: the connection is refused.
      REDIS_URL: 'redis://127.0.0.1:9',
    });
    await waitForOutput(server, 'Server listening');
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => line.includes('REDIS_URL'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/ WARN /);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);
});
