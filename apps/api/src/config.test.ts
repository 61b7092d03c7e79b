import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('gives working defaults for a fresh machine', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development', RATES_REFRESH_HOURS: 12 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.RATES_URL).toContain('eurofxref-daily.xml');
  });

  it('listens on this machine only, unless in production', () => {
    // "localhost": Fastify listens on its IPv4 and IPv6 addresses alike.
    expect(parseConfig({}).HOST).toBe('localhost');
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).HOST).toBe('0.0.0.0');
    expect(parseConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('addresses mailed links to this machine at PORT unless PUBLIC_URL says otherwise', () => {
    expect(parseConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseConfig({ PORT: '3710' }).PUBLIC_URL).toBe('http://localhost:3710');
    expect(parseConfig({ PORT: '3710', PUBLIC_URL: 'http://127.0.0.1:8080' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
  });

  it('treats empty values as unset, as a copied .env.example has them', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every invalid setting', () => {
    expect(() => parseConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', FIXED_TODAY: '21.11.2026' })).toThrow(
      ConfigError,
    );
    try {
      parseConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', FIXED_TODAY: '21.11.2026' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
      expect((error as Error).message).toMatch(/FIXED_TODAY/);
    }
  });

  it('refuses FIXED_TODAY and a missing JWT_SECRET in production', () => {
    expect(() =>
      parseConfig({ NODE_ENV: 'production', FIXED_TODAY: '2026-11-21', JWT_SECRET: 'x'.repeat(40) }),
    ).toThrow(/FIXED_TODAY: is refused when NODE_ENV=production/);
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).isProduction).toBe(true);
  });

  it('keeps every mode but production to local addresses: they open the outbox and the demo account', () => {
    expect(() => parseConfig({ PUBLIC_URL: 'https://app.saldopilot.ch' })).toThrow(
      /NODE_ENV: must be production for the public address https:\/\/app\.saldopilot\.ch/,
    );
    // The test mode opens the outbox just as well, so it is held to the same rule.
    expect(() => parseConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://saldo.example.ch' })).toThrow(
      /NODE_ENV: must be production for the public address https:\/\/saldo\.example\.ch \(test is for localhost only\)/,
    );
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:3210', 'http://[::1]:3000']) {
      expect(parseConfig({ PUBLIC_URL: local }).NODE_ENV, local).toBe('development');
    }
    expect(
      parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.saldopilot.ch', JWT_SECRET: 'x'.repeat(40) })
        .isProduction,
    ).toBe(true);
  });
});
