import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { Config } from '../config.js';

/** Security headers and response compression for every answer, API and web alike. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const plainHttp = new URL(config.PUBLIC_URL).protocol === 'http:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Mantine writes its CSS variables into <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': plainHttp ? null : [],
      },
    },
    hsts: plainHttp ? false : undefined,
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
