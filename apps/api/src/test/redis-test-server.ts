import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

export interface TestRedis {
  host: string;
  port: number;
  /** Stops the private server; leaves the machine's Redis alone. */
  stop(): Promise<void>;
}

/** A port nobody listens on right now (bound by us and closed again). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** Whether a test can start (and stop) a Redis of its own. */
export const privateRedisAvailable = hasRedisServer;

/** Whether a test can have a real Redis: a private redis-server, or else the machine's at REDIS_URL. */
export const redisAvailable = hasRedisServer || Boolean(process.env.REDIS_URL);

/**
 * A real Redis of the test's own: a private `redis-server` on a free port without persistence, so
 * tests may cut it off freely; without the binary, the Redis at REDIS_URL (never stopped by a test).
 */
export async function startTestRedis(): Promise<TestRedis> {
  if (!hasRedisServer) {
    if (!process.env.REDIS_URL) throw new Error('no redis-server and no REDIS_URL');
    const url = new URL(process.env.REDIS_URL);
    return { host: url.hostname, port: Number(url.port || 6379), stop: async () => undefined };
  }
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return {
    host: '127.0.0.1',
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
