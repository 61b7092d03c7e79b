import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { colorSchemeBootScript } from '@saldopilot/shared';
import { productionEnv, useTestApp } from '../test/build-test-app.js';

const bootScriptHash = `sha256-${createHash('sha256').update(colorSchemeBootScript).digest('base64')}`;

const plain = useTestApp();
const secure = useTestApp(productionEnv('https://app.saldopilot.ch'));

describe('security headers', () => {
  it('come with every answer: success, 401, unknown path', async () => {
    for (const url of ['/api/health', '/api/currencies', '/api/does-not-exist']) {
      const response = await plain.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      // Scripts from the app's own origin, plus the one inline colour-mode script by its hash only.
      expect(policy).toContain(`script-src 'self' '${bootScriptHash}';`);
      expect(policy).toContain("style-src 'self' 'unsafe-inline'");
      expect(policy).toContain("object-src 'none'");
    }
  });

  it('on plain http (local use): no HSTS, no upgrade of requests to https', async () => {
    const response = await plain.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('on https: HSTS and upgrade-insecure-requests', async () => {
    const response = await secure.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
