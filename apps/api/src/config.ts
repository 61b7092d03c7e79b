import { z } from 'zod';

const DEFAULT_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const DEV_JWT_SECRET = 'saldopilot-development-secret-do-not-use-in-production';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Unset: this machine at PORT (parseConfig fills it in), so mailed links reach the running server.
    PUBLIC_URL: z.url(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    RATES_URL: z.url().default(DEFAULT_RATES_URL),
    RATES_REFRESH_HOURS: z.coerce.number().positive().default(12),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    FIXED_TODAY: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'is not a calendar date')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    // Keeps the keys of deployments (or test runs) that share one Redis apart.
    REDIS_KEY_PREFIX: z.string().min(1).default('saldopilot:'),
    MAIL_FROM: z.string().min(3).default('SaldoPilot <noreply@saldopilot.ch>'),
    // Which proxies may tell the client's address (X-Forwarded-For): "false" (clients connect
    // directly), a hop count such as "1" (one load balancer), or addresses/CIDRs ("10.0.0.0/8,127.0.0.1").
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value): boolean | number | string[] => {
        if (value === 'false') return false;
        if (value === 'true') return true;
        if (/^\d+$/.test(value)) return Number(value);
        return value.split(',').map((entry) => entry.trim());
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    // Every mode but production (development, the default, and test) opens the mail outbox, may seed
    // the demo account and signs with a known secret: fine on one's own machine, an open door anywhere else.
    if (env.NODE_ENV !== 'production' && !LOCAL_HOSTS.has(new URL(env.PUBLIC_URL).hostname)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NODE_ENV'],
        message: `must be production for the public address ${env.PUBLIC_URL} (${env.NODE_ENV} is for localhost only)`,
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.FIXED_TODAY) {
      ctx.addIssue({ code: 'custom', path: ['FIXED_TODAY'], message: 'is refused when NODE_ENV=production' });
    }
    if (!env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
  });

export type Config = ReturnType<typeof parseConfig>;

/** Thrown for an unusable environment; server.ts prints it and exits 1. */
export class ConfigError extends Error {}

/**
 * Parses the environment once into the typed settings of the whole server.
 * Empty strings count as unset so that a copied `.env.example` works as it is. Without PUBLIC_URL
 * the address is this machine at PORT: `PORT=3710 npm start` mails links to localhost:3710.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const present: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== ''),
  );
  // An invalid PORT is named as such below, not again as an address built from it.
  present.PUBLIC_URL ??= `http://localhost:${/^\d+$/.test(present.PORT ?? '') ? present.PORT : 3000}`;
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const settings = result.data;
  return {
    ...settings,
    // Outside production only this machine may connect: the outbox and the demo account are open.
    HOST: settings.HOST ?? (settings.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    JWT_SECRET: settings.JWT_SECRET ?? DEV_JWT_SECRET,
    isProduction: settings.NODE_ENV === 'production',
  };
}
