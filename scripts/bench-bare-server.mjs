// The ceiling of `npm run bench`: a bare Fastify route that sends the given JSON file as it is, in
// a process of its own (like the real server), so it never shares an event loop with the load
// generator. Usage: node scripts/bench-bare-server.mjs PORT FILE
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = readFileSync(file, 'utf8');
const app = Fastify();
app.get('/bare', (request, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/api/health', () => ({ status: 'ok' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
