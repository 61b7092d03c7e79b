import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.js';

const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  link: z.string().nullable(),
  tags: z.array(z.object({ id: z.number().int() })),
});

/** A route whose handler answers `answer` under the user schema, written by the app's compiler. */
async function appAnswering(answer: unknown, check: boolean) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  app.get('/user', { schema: { response: { 200: userSchema } } }, async () => answer);
  await app.ready();
  return app;
}

const apps: Awaited<ReturnType<typeof appAnswering>>[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function get(answer: unknown, check: boolean) {
  const app = await appAnswering(answer, check);
  apps.push(app);
  return app.inject({ method: 'GET', url: '/user' });
}

describe('answers written from the response schema', () => {
  const mapped = { id: 7, name: 'Anna "A" Muster', link: null, tags: [{ id: 1 }] };

  it('write exactly what JSON.stringify writes for a mapped value', async () => {
    for (const check of [false, true]) {
      const response = await get(mapped, check);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(JSON.stringify(mapped));
    }
  });

  it('never write a property the schema does not declare, at any depth', async () => {
    const leaky = { ...mapped, passwordHash: 'secret', tags: [{ id: 1, organisationId: 9 }] };
    for (const check of [false, true]) {
      const response = await get(leaky, check);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('organisationId');
      expect(response.json()).toEqual(mapped);
    }
  });

  it('in test apps (check): an answer that breaks its schema is a 500, not a silent coercion', async () => {
    const response = await get({ ...mapped, id: '7' }, true);
    expect(response.statusCode).toBe(500);
  });
});
